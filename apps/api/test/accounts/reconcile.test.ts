import {
  investmentAccountMessages,
  transferMessages,
  type InvestmentAccount,
  type Reconciliation,
} from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { appPerTest } from "../support/app-per-test";
import { twoAccountsApp } from "../support/accounts-support";
import { signIn } from "../support/portfolio-support";

// The app's clock is 2026-03-02T15:00Z; the simulated market splits JPM 1:2 on 2026-01-20.

const apps = appPerTest();

/** A user whose Main account bought 10 AAPL and 2.5 ETH in February; an IRA beside it. */
async function setUp() {
  const app = await apps.open(twoAccountsApp());
  expect(
    (
      await app.buy({
        symbol: "AAPL",
        quantity: "10",
        purchasePrice: "100",
        purchaseDate: "2026-02-02T15:00:00Z",
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await app.call("mutation", "cryptoPortfolio.buy", {
        symbol: "ETH",
        quantity: "2.5",
        purchasePrice: "2000",
        purchaseDate: "2026-02-03T15:00:00Z",
      })
    ).status,
  ).toBe(200);
  const reconcile = (accountId: number, statement: Record<string, unknown>) =>
    app.call<Reconciliation>("mutation", "investmentAccounts.reconcile", {
      id: accountId,
      ...statement,
    });
  return { ...app, reconcile };
}

const statement = {
  asOf: "2026-02-28",
  holdings: [
    { symbol: "AAPL", assetType: "STOCK", quantity: "10" },
    { symbol: "eth", assetType: "CRYPTO", quantity: "2.50" },
    { symbol: "MSFT", assetType: "STOCK", quantity: "3" },
  ],
};

describe("reconciling an account with a statement", () => {
  it("finds the one missing trade, then matches exactly once it is entered (both doors)", async () => {
    const { reconcile, rest, main, buy } = await setUp();
    const missing = await reconcile(main.id, statement);
    expect(missing.status).toBe(200);
    expect(missing.data).toEqual({
      matches: false,
      cashDifference: null,
      differences: [{ symbol: "MSFT", assetType: "STOCK", expected: "3", actual: "0" }],
    });
    const viaRest = await rest("POST", `/accounts/${main.id}/reconcile`, statement);
    expect(viaRest.status).toBe(200);
    expect(viaRest.body).toEqual(missing.data);

    // The missing buy, entered with its date: everything matches.
    expect(
      (
        await buy({
          symbol: "MSFT",
          quantity: "3",
          purchasePrice: "400",
          purchaseDate: "2026-02-20T15:00:00Z",
        })
      ).status,
    ).toBe(200);
    const matched = { matches: true, cashDifference: null, differences: [] };
    expect((await reconcile(main.id, statement)).data).toEqual(matched);
    expect((await rest("POST", `/accounts/${main.id}/reconcile`, statement)).body).toEqual(matched);
  });

  it("counts only what was held at the end of the statement's date, and both sides' extras", async () => {
    const { reconcile, main, buy } = await setUp();
    // Bought after the statement: not on it, not counted.
    await buy({
      symbol: "NVDA",
      quantity: "5",
      purchasePrice: "100",
      purchaseDate: "2026-03-01T15:00:00Z",
    });
    const early = await reconcile(main.id, {
      asOf: "2026-02-02",
      holdings: [{ symbol: "AAPL", assetType: "STOCK", quantity: "9.5" }],
    });
    // ETH was bought the day after: the statement has none, and Ledgerline agrees.
    expect(early.data).toEqual({
      matches: false,
      cashDifference: null,
      differences: [{ symbol: "AAPL", assetType: "STOCK", expected: "9.5", actual: "10" }],
    });
    const unlisted = await reconcile(main.id, { asOf: "2026-02-28", holdings: [] });
    expect(unlisted.data.differences).toEqual([
      { symbol: "ETH", assetType: "CRYPTO", expected: "0", actual: "2.5" },
      { symbol: "AAPL", assetType: "STOCK", expected: "0", actual: "10" },
    ]);
  });

  it("replays splits and transfers into the account up to the date", async () => {
    const { reconcile, main, ira, buy, call } = await setUp();
    await buy({
      symbol: "JPM",
      quantity: "10",
      purchasePrice: "400",
      purchaseDate: "2026-01-05T15:00:00Z",
    });
    const moved = await call("mutation", "transfers.create", {
      fromAccountId: main.id,
      toAccountId: ira.id,
      date: "2026-02-10",
      symbol: "AAPL",
      assetType: "STOCK",
      quantity: "4",
    });
    expect(moved.status).toBe(200);
    const iraThen = await reconcile(ira.id, {
      asOf: "2026-02-28",
      holdings: [{ symbol: "AAPL", assetType: "STOCK", quantity: "4" }],
    });
    expect(iraThen.data.matches).toBe(true);
    const mainThen = await reconcile(main.id, {
      asOf: "2026-02-28",
      holdings: [
        { symbol: "AAPL", assetType: "STOCK", quantity: "6" },
        { symbol: "ETH", assetType: "CRYPTO", quantity: "2.5" },
        { symbol: "JPM", assetType: "STOCK", quantity: "20" },
      ],
    });
    expect(mainThen.data).toEqual({ matches: true, cashDifference: null, differences: [] });
    // Before the split and the transfer: 10 JPM and 10 AAPL.
    const before = await reconcile(main.id, {
      asOf: "2026-01-19",
      holdings: [{ symbol: "JPM", assetType: "STOCK", quantity: "10" }],
    });
    expect(before.data.matches).toBe(true);
  });

  it("compares the cash when given: an account without cash tracking holds none", async () => {
    const { reconcile, main } = await setUp();
    const holdings = statement.holdings.slice(0, 2);
    const even = await reconcile(main.id, { asOf: "2026-02-28", cash: "0", holdings });
    expect(even.data).toEqual({ matches: true, cashDifference: "0", differences: [] });
    const off = await reconcile(main.id, { asOf: "2026-02-28", cash: "125.50", holdings });
    expect(off.data).toEqual({ matches: false, cashDifference: "125.5", differences: [] });
    const negative = await reconcile(main.id, { asOf: "2026-02-28", cash: -3, holdings });
    expect(negative.data.cashDifference).toBe("-3");
  });

  it("compares a cash-tracked account's cash as of the statement's date", async () => {
    const { reconcile, rest, main } = await setUp();
    expect((await rest("PUT", `/accounts/${main.id}`, { cashTracked: true })).status).toBe(200);
    const deposit = { accountId: main.id, type: "deposit", amount: "5000", date: "2026-01-15" };
    expect((await rest("POST", "/cash", deposit)).status).toBe(200);
    // 5000 in; 10 AAPL at 100 out on 02-02, 2.5 ETH at 2000 out on 02-03.
    const onTheSecond = await reconcile(main.id, {
      asOf: "2026-02-02",
      cash: "4000",
      holdings: [{ symbol: "AAPL", assetType: "STOCK", quantity: "10" }],
    });
    expect(onTheSecond.data).toEqual({ matches: true, cashDifference: "0", differences: [] });
    const later = await reconcile(main.id, {
      asOf: "2026-02-28",
      cash: "0",
      holdings: statement.holdings.slice(0, 2),
    });
    expect(later.data).toEqual({ matches: false, cashDifference: "1000", differences: [] });
  });

  it("refuses another user's account (404) and a statement it cannot read (400)", async () => {
    const { reconcile, rest, main } = await setUp();
    const other = await signIn(apps.t);
    const [theirs] = (await apps.t.request("GET", "/api/accounts", { token: other.token }))
      .body as unknown as InvestmentAccount[];
    const refused = await reconcile(theirs!.id, statement);
    expect(refused.status).toBe(404);
    expect(refused.message).toBe(investmentAccountMessages.notFound);
    expect((await rest("POST", `/accounts/${theirs!.id}/reconcile`, statement)).status).toBe(404);
    expect((await rest("POST", "/accounts/999999/reconcile", statement)).status).toBe(404);

    const twice = await rest("POST", `/accounts/${main.id}/reconcile`, {
      asOf: "2026-02-28",
      holdings: [
        { symbol: "AAPL", assetType: "STOCK", quantity: "1" },
        { symbol: "aapl", assetType: "STOCK", quantity: "2" },
      ],
    });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain(transferMessages.holdingListedTwice("AAPL"));
    for (const bad of [
      { asOf: "2026-02-30", holdings: [] },
      { asOf: "2026-02-28", holdings: [{ symbol: "AAPL", assetType: "STOCK", quantity: "-1" }] },
      { asOf: "2026-02-28", holdings: [{ symbol: "AAPL", assetType: "BOND", quantity: "1" }] },
      { asOf: "2026-02-28" },
    ]) {
      expect((await rest("POST", `/accounts/${main.id}/reconcile`, bad)).status).toBe(400);
      expect((await reconcile(main.id, bad)).status).toBe(400);
    }
  });
});
