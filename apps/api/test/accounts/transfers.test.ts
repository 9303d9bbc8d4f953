import {
  investmentAccountMessages,
  transferMessages,
  type HoldingTransferResult,
  type InvestmentAccount,
  type PortfolioPerformanceDetail,
  type PortfolioSummary,
  type TransactionPage,
  type ValuedPosition,
} from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { appPerTest } from "../support/app-per-test";
import { twoAccountsApp } from "../support/accounts-support";
import { signIn } from "../support/portfolio-support";

// The app's clock is 2026-03-02T15:00Z (today, for a transfer); the simulated market splits JPM
// 1:2 on 2026-01-20 (packages/market/src/sim/stocks/corporate-actions.ts).

const apps = appPerTest();

/** A user with Main (the default) and an IRA; 10 AAPL bought in Main at 100 with a fee of 5. */
async function setUp() {
  const app = await apps.open(twoAccountsApp());
  const { rest } = app;
  const bought = await rest("POST", "/portfolio", {
    symbol: "AAPL",
    quantity: 10,
    purchasePrice: 100,
    fee: 5,
    purchaseDate: "2026-02-02T15:00:00Z",
  });
  expect(bought.status).toBe(200);
  const transfer = (input: Record<string, unknown>) =>
    app.call<HoldingTransferResult>("mutation", "transfers.create", input);
  const held = async () =>
    (await app.call<ValuedPosition[]>("query", "portfolio.list")).data.map((row) => [
      row.accountId,
      row.symbol,
      row.quantity,
      row.averagePurchasePrice,
      row.costBasis,
    ]);
  const history = async (accountId?: number) =>
    (
      await app.call<TransactionPage>(
        "query",
        "transactions.list",
        accountId === undefined ? {} : { accountId },
      )
    ).data.transactions;
  return { ...app, transfer, held, history };
}

const aapl = { symbol: "AAPL", assetType: "STOCK" } as const;

describe("a holding transferred between accounts", () => {
  it("keeps its cost basis and opening date, shrinks the source and realizes nothing (REST)", async () => {
    const { rest, main, ira, held, history, call } = await setUp();
    const moved = await rest("POST", "/transfers", {
      fromAccountId: main.id,
      toAccountId: ira.id,
      date: "2026-02-10",
      symbol: "aapl",
      assetType: "STOCK",
      quantity: "4",
    });
    expect(moved.status).toBe(200);
    // The basis per unit moved is the average cost with the fee in it: 1005 / 10 = 100.5.
    // Exact decimal strings, as every new route answers them.
    expect(moved.body).toMatchObject({
      transferOut: {
        transactionType: "TRANSFER_OUT",
        accountId: main.id,
        symbol: "AAPL",
        quantity: "4",
        price: "100.5",
        transactionTotal: "402",
        fee: "0",
        transactionDate: "2026-02-10T23:59:59.999Z",
      },
      transferIn: {
        transactionType: "TRANSFER_IN",
        accountId: ira.id,
        quantity: "4",
        price: "100.5",
        transactionTotal: "402",
      },
      fromPosition: { accountId: main.id, quantity: "6", averagePurchasePrice: "100.5" },
      toPosition: { accountId: ira.id, quantity: "4", averagePurchasePrice: "100.5" },
    });
    // The bases add up to the 1005 bought, exactly.
    expect(await held()).toEqual([
      [main.id, "AAPL", "6", "100.5", "603"],
      [ira.id, "AAPL", "4", "100.5", "402"],
    ]);
    // The IRA's holding was opened when Main's was, not at the transfer.
    const opened = await apps.t.sql<{ account_id: number; opened_at: unknown }>(
      "SELECT account_id, opened_at FROM positions ORDER BY account_id",
    );
    expect(new Set(opened.map((row) => String(row.opened_at))).size).toBe(1);

    // Both rows stand in the history, each naming the other; the buy keeps its own date.
    const rows = await history();
    expect(rows.map((row) => [row.transactionType, row.accountId, row.quantity])).toEqual([
      ["TRANSFER_OUT", main.id, "4"],
      ["TRANSFER_IN", ira.id, "4"],
      ["BUY", main.id, "10"],
    ]);
    expect(rows[2]!.transactionDate).toBe("2026-02-02T15:00:00.000Z");
    const pairs = await apps.t.sql<{ id: number; paired_id: number }>(
      "SELECT id, paired_id FROM transactions WHERE transaction_type LIKE 'TRANSFER%' ORDER BY id",
    );
    expect(pairs.map((row) => Number(row.paired_id))).toEqual(
      [...pairs].reverse().map((row) => Number(row.id)),
    );
    expect((await history(ira.id)).map((row) => row.transactionType)).toEqual(["TRANSFER_IN"]);

    // Nothing realized, over all accounts and in either account.
    const summary = await call<PortfolioSummary>("query", "portfolioSummary.get");
    expect(summary.data.returns.realizedGain).toBe("0");
    for (const accountId of [main.id, ira.id]) {
      const performance = await call<PortfolioPerformanceDetail>(
        "query",
        "portfolioSummary.performance",
        { range: "ALL", accountId },
      );
      expect(performance.status).toBe(200);
      expect(performance.data.realizedGain).toBe("0");
    }
  });

  it("moves everything through tRPC, and the history filters, sorts and exports the rows", async () => {
    const { transfer, main, ira, held, rest, token } = await setUp();
    const moved = await transfer({
      fromAccountId: main.id,
      toAccountId: ira.id,
      date: "2026-03-02",
      ...aapl,
      quantity: "10",
    });
    expect(moved.status).toBe(200);
    expect(moved.data.fromPosition).toBeNull();
    expect(moved.data.toPosition).toMatchObject({ quantity: "10", averagePurchasePrice: "100.5" });
    // Today's transfer is dated now.
    expect(moved.data.transferIn.transactionDate).toBe("2026-03-02T15:00:00.000Z");
    expect(await held()).toEqual([[ira.id, "AAPL", "10", "100.5", "1005"]]);

    const onlyIn = await rest("GET", "/transaction?transactionType=transfer_in");
    expect(onlyIn.status).toBe(200);
    expect(
      (onlyIn.body as unknown as { transactionType: string }[]).map((row) => row.transactionType),
    ).toEqual(["TRANSFER_IN"]);
    // A sort by kind lists every kind's run, transfers included.
    const byKind = await rest("GET", "/transaction?sortBy=transactionType&sortOrder=asc");
    expect(
      (byKind.body as unknown as { transactionType: string }[]).map((row) => row.transactionType),
    ).toEqual(["BUY", "TRANSFER_IN", "TRANSFER_OUT"]);

    const csv = await apps.t.app.inject({
      method: "GET",
      url: "/api/transaction?format=csv",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines.filter((line) => line.includes(",TRANSFER_OUT,"))).toHaveLength(1);
    expect(lines.filter((line) => line.includes(",TRANSFER_IN,"))).toHaveLength(1);
  });

  it("refuses the same account, more than is held then or after, and a future date (400)", async () => {
    const { transfer, rest, main, ira, held, sell, call } = await setUp();
    const before = await held();
    const body = { fromAccountId: main.id, toAccountId: ira.id, date: "2026-02-10", ...aapl };

    const same = await rest("POST", "/transfers", { ...body, toAccountId: main.id, quantity: 1 });
    expect(same.status).toBe(400);
    expect(JSON.stringify(same.body)).toContain(transferMessages.sameAccount);
    const sameTrpc = await transfer({ ...body, toAccountId: main.id, quantity: "1" });
    expect(sameTrpc.status).toBe(400);
    expect(sameTrpc.message).toContain(transferMessages.sameAccount);

    const over = await transfer({ ...body, quantity: "10.5" });
    expect(over.status).toBe(400);
    expect(over.message).toBe(transferMessages.exceedsHolding("10", "AAPL", "2026-02-10"));
    const overRest = await rest("POST", "/transfers", { ...body, quantity: 11 });
    expect(overRest.status).toBe(400);
    expect(overRest.body).toMatchObject({
      message: transferMessages.exceedsHolding("10", "AAPL", "2026-02-10"),
    });

    // Before the buy nothing was held.
    const early = await transfer({ ...body, date: "2026-01-15", quantity: "1" });
    expect(early.status).toBe(400);
    expect(early.message).toBe(transferMessages.exceedsHolding("0", "AAPL", "2026-01-15"));

    const future = await transfer({ ...body, date: "2026-03-03", quantity: "1" });
    expect(future.status).toBe(400);
    expect(future.message).toBe(transferMessages.dateInFuture);

    // A later sell took 8 of the 10: a transfer dated before it may take only the 2 left.
    const positionId = (await call<ValuedPosition[]>("query", "portfolio.list")).data[0]!.id;
    expect((await sell({ positionId, quantity: "8", price: "120" })).status).toBe(200);
    const afterSell = await held();
    const short = await transfer({ ...body, quantity: "3" });
    expect(short.status).toBe(400);
    expect(short.message).toBe(transferMessages.exceedsHolding("2", "AAPL", "2026-02-10"));

    expect(await held()).toEqual(afterSell);
    expect(afterSell).not.toEqual(before);
    const rows = await apps.t.sql(
      "SELECT id FROM transactions WHERE transaction_type LIKE 'TRANSFER%'",
    );
    expect(rows).toHaveLength(0);

    const fits = await transfer({ ...body, quantity: "2" });
    expect(fits.status).toBe(200);
    expect(await held()).toEqual([[ira.id, "AAPL", "2", "100.5", "201"]]);
  });

  it("refuses another user's account, as source or destination, with a 404 on both doors", async () => {
    const { transfer, rest, main, ira, held } = await setUp();
    const other = await signIn(apps.t);
    const [theirs] = (await apps.t.request("GET", "/api/accounts", { token: other.token }))
      .body as unknown as InvestmentAccount[];
    const before = await held();
    const body = { date: "2026-02-10", ...aapl, quantity: "1" };
    for (const accounts of [
      { fromAccountId: main.id, toAccountId: theirs!.id },
      { fromAccountId: theirs!.id, toAccountId: ira.id },
      { fromAccountId: main.id, toAccountId: 999_999 },
    ]) {
      const viaTrpc = await transfer({ ...body, ...accounts });
      expect(viaTrpc.status).toBe(404);
      expect(viaTrpc.message).toBe(investmentAccountMessages.notFound);
      expect((await rest("POST", "/transfers", { ...body, ...accounts })).status).toBe(404);
    }
    expect(await held()).toEqual(before);
  });

  it("never takes the source below zero under concurrent transfers", async () => {
    const { transfer, main, ira, held } = await setUp();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        transfer({
          fromAccountId: main.id,
          toAccountId: ira.id,
          date: "2026-03-02",
          ...aapl,
          quantity: "3",
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 400]);
    expect(await held()).toEqual([
      [main.id, "AAPL", "1", "100.5", "100.5"],
      [ira.id, "AAPL", "9", "100.5", "904.5"],
    ]);
  });

  it("is split with its holding when dated before a split, in both accounts", async () => {
    const { rest, transfer, main, ira, held, history } = await setUp();
    const bought = await rest("POST", "/portfolio", {
      symbol: "JPM",
      quantity: 10,
      purchasePrice: 400,
      purchaseDate: "2026-01-05T15:00:00Z",
    });
    expect(bought.status).toBe(200);
    const moved = await transfer({
      fromAccountId: main.id,
      toAccountId: ira.id,
      date: "2026-01-10",
      symbol: "JPM",
      assetType: "STOCK",
      quantity: "4",
    });
    expect(moved.status).toBe(200);
    // 6 left in Main and 4 moved at 400 each are 12 and 8 at 200 after the 1:2 split.
    expect(moved.data.transferOut).toMatchObject({ price: "400", transactionTotal: "1600" });
    expect(moved.data.fromPosition).toMatchObject({ quantity: "12", averagePurchasePrice: "200" });
    expect(moved.data.toPosition).toMatchObject({ quantity: "8", averagePurchasePrice: "200" });
    expect((await held()).filter(([, symbol]) => symbol === "JPM")).toEqual([
      [main.id, "JPM", "12", "200", "2400"],
      [ira.id, "JPM", "8", "200", "1600"],
    ]);
    const splits = (await history())
      .filter((row) => row.symbol === "JPM" && row.transactionType === "SPLIT")
      .map((row) => [row.accountId, row.quantity]);
    expect(splits.sort()).toEqual(
      [
        [main.id, "12"],
        [ira.id, "8"],
      ].sort(),
    );
    // More than was held before the split is refused in that day's shares.
    const over = await transfer({
      fromAccountId: main.id,
      toAccountId: ira.id,
      date: "2026-01-12",
      symbol: "JPM",
      assetType: "STOCK",
      quantity: "7",
    });
    expect(over.status).toBe(400);
    expect(over.message).toBe(transferMessages.exceedsHolding("6", "JPM", "2026-01-12"));
  });

  it("leaves the all-accounts figures as they were, and deleting an account into the other drops the pair", async () => {
    const { transfer, main, ira, held, call, rest } = await setUp();
    const summary = async () => {
      const answer = (await call<PortfolioSummary>("query", "portfolioSummary.get")).data;
      return [answer.returns.realizedGain, answer.returns.unrealizedGain];
    };
    const before = await summary();
    expect(
      (
        await transfer({
          fromAccountId: main.id,
          toAccountId: ira.id,
          date: "2026-02-10",
          ...aapl,
          quantity: "4",
        })
      ).status,
    ).toBe(200);
    expect(await summary()).toEqual(before);
    const deleted = await rest("DELETE", `/accounts/${ira.id}`, { moveToAccountId: main.id });
    expect(deleted.status).toBe(200);
    expect(await held()).toEqual([[undefined, "AAPL", "10", "100.5", "1005"]]);
    const rows = await apps.t.sql(
      "SELECT id FROM transactions WHERE transaction_type LIKE 'TRANSFER%'",
    );
    expect(rows).toHaveLength(0);
  });
});
