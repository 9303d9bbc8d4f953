import {
  investmentAccountMessages as messages,
  type InvestmentAccount,
} from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { appPerTest } from "../support/app-per-test";
import { signIn, stocksRestApp } from "../support/portfolio-support";

const apps = appPerTest();

const setUp = () => apps.open(stocksRestApp());

const main = {
  id: expect.any(Number) as number,
  name: "Main",
  type: "taxable",
  institution: null,
  cashTracked: false,
  cashBalance: "0",
  costBasisMethod: "fifo",
  isDefault: true,
  displayOrder: 0,
};

describe("investment accounts through REST /api/accounts", () => {
  it("gives every new user one default account named Main", async () => {
    const { rest } = await setUp();
    const list = await rest("GET", "/accounts");
    expect(list.status).toBe(200);
    expect(list.body).toEqual([main]);
  });

  it("creates, lists in display order, changes and deletes an empty account", async () => {
    const { rest } = await setUp();
    const created = await rest("POST", "/accounts", {
      name: "  Roth at Fidelity ",
      type: "roth-ira",
      institution: "Fidelity",
      cashTracked: true,
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number) as number,
      name: "Roth at Fidelity",
      type: "roth-ira",
      institution: "Fidelity",
      cashTracked: true,
      cashBalance: "0",
      costBasisMethod: "fifo",
      isDefault: false,
      displayOrder: 1,
    });
    const id = (created.body as unknown as InvestmentAccount).id;
    expect(
      ((await rest("GET", "/accounts")).body as unknown as InvestmentAccount[]).map((a) => a.name),
    ).toEqual(["Main", "Roth at Fidelity"]);

    const changed = await rest("PUT", `/accounts/${id}`, {
      name: "Roth",
      institution: "",
      displayOrder: 0,
      isDefault: true,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id, name: "Roth", institution: null, isDefault: true });
    const after = (await rest("GET", "/accounts")).body as unknown as InvestmentAccount[];
    // Equal display orders list the older first; only one account is the default.
    expect(after.map((a) => [a.name, a.isDefault])).toEqual([
      ["Main", false],
      ["Roth", true],
    ]);

    const deleted = await rest("DELETE", `/accounts/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "Account deleted", movedToAccountId: null });
    // The default passes back to the account left.
    expect((await rest("GET", "/accounts")).body).toEqual([{ ...main }]);
  });

  it("refuses bad input with a 400 that says what is wrong, and a taken name with a 409", async () => {
    const { rest } = await setUp();
    const noName = await rest("POST", "/accounts", { name: "  " });
    expect(noName.status).toBe(400);
    expect(JSON.stringify(noName.body)).toContain(messages.nameRequired);
    const badType = await rest("POST", "/accounts", { name: "X", type: "checking" });
    expect(badType.status).toBe(400);
    expect(JSON.stringify(badType.body)).toContain(messages.typeInvalid);
    const taken = await rest("POST", "/accounts", { name: "Main" });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: messages.nameTaken });
    const unsetDefault = await rest("PUT", `/accounts/1`, { isDefault: false });
    expect(unsetDefault.status).toBe(400);
    expect((await rest("GET", "/accounts")).body).toEqual([main]);
  });

  it("refuses to delete the only account", async () => {
    const { rest } = await setUp();
    const [only] = (await rest("GET", "/accounts")).body as unknown as InvestmentAccount[];
    const refused = await rest("DELETE", `/accounts/${only!.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: messages.onlyAccount });
  });

  it("answers 404 for another user's account and changes nothing of it", async () => {
    const { rest } = await setUp();
    const other = await signIn(apps.t);
    const theirs = (
      await apps.t.request("POST", "/api/accounts", {
        token: other.token,
        body: { name: "Theirs" },
      })
    ).body as unknown as InvestmentAccount;
    expect((await rest("PUT", `/accounts/${theirs.id}`, { name: "Mine now" })).status).toBe(404);
    expect((await rest("DELETE", `/accounts/${theirs.id}`)).status).toBe(404);
    expect(
      (
        await rest("POST", "/portfolio", {
          symbol: "AAPL",
          quantity: 1,
          purchasePrice: 10,
          accountId: theirs.id,
        })
      ).status,
    ).toBe(404);
    const listed = await apps.t.request("GET", "/api/accounts", { token: other.token });
    expect((listed.body as unknown as InvestmentAccount[]).map((a) => a.name)).toEqual([
      "Main",
      "Theirs",
    ]);
    expect((await rest("GET", "/portfolio")).body).toEqual([]);
  });
});

describe("investment accounts through tRPC investmentAccounts.*", () => {
  it("creates, updates and deletes through the same procedures", async () => {
    const { call } = await setUp();
    const created = await call<InvestmentAccount>("mutation", "investmentAccounts.create", {
      name: "Coinbase",
      type: "exchange",
    });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ name: "Coinbase", type: "exchange", cashBalance: "0" });
    const updated = await call<InvestmentAccount>("mutation", "investmentAccounts.update", {
      id: created.data.id,
      institution: "Coinbase Inc.",
    });
    expect(updated.data).toMatchObject({ institution: "Coinbase Inc.", name: "Coinbase" });
    const listed = await call<InvestmentAccount[]>("query", "investmentAccounts.list");
    expect(listed.data.map((a) => a.name)).toEqual(["Main", "Coinbase"]);
    const deleted = await call("mutation", "investmentAccounts.delete", { id: created.data.id });
    expect(deleted.status).toBe(200);
    const missing = await call("mutation", "investmentAccounts.delete", { id: created.data.id });
    expect(missing.status).toBe(404);
    expect(missing.message).toBe(messages.notFound);
  });
});
