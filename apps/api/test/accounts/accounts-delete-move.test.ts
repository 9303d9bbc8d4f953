import {
  investmentAccountMessages as messages,
  type InvestmentAccount,
} from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { twoAccountsApp } from "../support/accounts-support";
import { appPerTest } from "../support/app-per-test";

const apps = appPerTest();

async function setUp() {
  const app = await apps.open(twoAccountsApp());
  const accounts = async () =>
    (await app.rest("GET", "/accounts")).body as unknown as InvestmentAccount[];
  return { ...app, accounts };
}

describe("deleting an account that holds positions or activity", () => {
  it("answers 409 and keeps everything, then moves it all with moveToAccountId", async () => {
    const { rest, accounts, main, ira } = await setUp();
    const buy = (accountId: number, quantity: number, purchasePrice: number) =>
      rest("POST", "/portfolio", {
        symbol: "AAPL",
        quantity,
        purchasePrice,
        purchaseDate: "2026-03-02T15:00:00Z",
        accountId,
      });
    expect((await buy(main.id, 10, 100)).status).toBe(200);
    expect((await buy(ira.id, 30, 200)).status).toBe(200);

    const refused = await rest("DELETE", `/accounts/${ira.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: messages.holdsActivity });
    expect((await accounts()).map((a) => a.name)).toEqual(["Main", "IRA"]);
    const before = (await rest("GET", "/portfolio")).body as unknown as { quantity: number }[];
    expect(before.map((p) => p.quantity)).toEqual([10, 30]);

    // Into itself or into nothing known: refused, nothing moves.
    expect((await rest("DELETE", `/accounts/${ira.id}`, { moveToAccountId: ira.id })).status).toBe(
      400,
    );
    expect((await rest("DELETE", `/accounts/${ira.id}`, { moveToAccountId: 999_999 })).status).toBe(
      404,
    );

    const moved = await rest("DELETE", `/accounts/${ira.id}`, { moveToAccountId: main.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ message: "Account deleted", movedToAccountId: main.id });
    expect((await accounts()).map((a) => a.name)).toEqual(["Main"]);
    // One holding at the combined average cost: (10 x 100 + 30 x 200) / 40 = 175.
    const after = (await rest("GET", "/portfolio")).body as unknown as Record<string, unknown>[];
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      symbol: "AAPL",
      quantity: 40,
      averagePurchasePrice: 175,
      costBasis: 7000,
    });
    const history = (await rest("GET", `/transaction?accountId=${main.id}`))
      .body as unknown as unknown[];
    expect(history).toHaveLength(2);
  });

  it("hands the default on when the default account is deleted into another", async () => {
    const { rest, accounts, main, ira } = await setUp();
    expect(
      (await rest("POST", "/portfolio", { symbol: "MSFT", quantity: 2, purchasePrice: 300 }))
        .status,
    ).toBe(200);
    expect((await rest("DELETE", `/accounts/${main.id}`)).status).toBe(409);
    const moved = await rest("DELETE", `/accounts/${main.id}`, { moveToAccountId: ira.id });
    expect(moved.status).toBe(200);
    expect((await accounts()).map((a) => [a.name, a.isDefault])).toEqual([["IRA", true]]);
    // New buys without an account go to the new default.
    expect(
      (await rest("POST", "/portfolio", { symbol: "MSFT", quantity: 1, purchasePrice: 300 }))
        .status,
    ).toBe(200);
    const held = (await rest("GET", "/portfolio")).body as unknown as Record<string, unknown>[];
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ symbol: "MSFT", quantity: 3 });
  });
});
