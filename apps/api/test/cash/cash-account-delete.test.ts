import { investmentAccountMessages as messages, type CashActivity } from "@ledgerline/contracts";
import { afterEach, describe, expect, it } from "vitest";
import type { TestApp } from "../support/test-app";
import { cashApp } from "./cash-support";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("deleting an account that holds cash activity", () => {
  it("answers 409 and keeps it, then moves it with moveToAccountId", async () => {
    const { rest, createAccount, main, cash, balanceOf, accounts } = await cashApp(
      (app) => (t = app),
    );
    const ira = await createAccount({ name: "IRA", type: "ira" });
    const deposit = await rest("POST", "/cash", {
      accountId: ira.id,
      type: "deposit",
      amount: "70.5",
      date: "2026-02-02",
    });
    expect(deposit.status).toBe(200);

    const refused = await rest("DELETE", `/accounts/${ira.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: messages.holdsActivity });
    expect((await accounts()).map((a) => a.name)).toEqual(["Main", "IRA"]);
    expect(await balanceOf(ira.id)).toBe("70.5");

    const moved = await rest("DELETE", `/accounts/${ira.id}`, { moveToAccountId: main.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ message: "Account deleted", movedToAccountId: main.id });
    expect((await cash()).map((row: CashActivity) => [row.accountId, row.amount])).toEqual([
      [main.id, "70.5"],
    ]);
    expect(await balanceOf(main.id)).toBe("70.5");
  });

  it("answers 409 through tRPC too", async () => {
    const { call, createAccount } = await cashApp((app) => (t = app));
    const ira = await createAccount({ name: "IRA", type: "ira" });
    const created = await call("mutation", "cash.create", {
      accountId: ira.id,
      type: "interest",
      amount: "1",
      date: "2026-02-02",
    });
    expect(created.status).toBe(200);
    const refused = await call("mutation", "investmentAccounts.delete", { id: ira.id });
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(messages.holdsActivity);
  });
});
