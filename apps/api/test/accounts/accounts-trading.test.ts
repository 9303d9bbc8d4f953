import {
  investmentAccountMessages as messages,
  portfolioMessages,
  type InvestmentAccount,
  type ValuedPosition,
} from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { appPerTest } from "../support/app-per-test";
import { stocksRestApp } from "../support/portfolio-support";

const apps = appPerTest();

const at = "2026-02-02T15:00:00Z";

/** A user with a default account and an IRA, 10 AAPL at 100 in Main and 30 at 200 in the IRA. */
async function twoAccounts() {
  const app = await apps.open(stocksRestApp());
  const { rest } = app;
  const [main] = (await rest("GET", "/accounts")).body as unknown as InvestmentAccount[];
  const ira = (await rest("POST", "/accounts", { name: "IRA", type: "ira" }))
    .body as unknown as InvestmentAccount;
  const inMain = await rest("POST", "/portfolio", {
    symbol: "AAPL",
    quantity: 10,
    purchasePrice: 100,
    purchaseDate: at,
  });
  expect(inMain.status).toBe(200);
  const inIra = await app.buy({
    symbol: "AAPL",
    quantity: "30",
    purchasePrice: "200",
    purchaseDate: at,
    accountId: ira.id,
  });
  expect(inIra.status).toBe(200);
  return {
    ...app,
    rest,
    main: main!,
    ira,
    mainPosition: (inMain.body as unknown as { position: { id: number } }).position.id,
    iraPosition: inIra.data.position!.id,
  };
}

describe("trading in investment accounts", () => {
  it("holds a symbol per account: a row each with its account, and the symbol's total", async () => {
    const { call, main, ira, mainPosition, iraPosition } = await twoAccounts();
    const all = await call<ValuedPosition[]>("query", "portfolio.list");
    expect(all.data.map((row) => [row.id, row.accountId, row.quantity])).toEqual([
      [mainPosition, main.id, "10"],
      [iraPosition, ira.id, "30"],
    ]);
    const total = {
      quantity: "40",
      averagePurchasePrice: "175",
      costBasis: "7000",
      currentPrice: all.data[0]!.currentPrice,
    };
    for (const row of all.data) expect(row.symbolTotal).toMatchObject(total);

    const filtered = await call<ValuedPosition[]>("query", "portfolio.list", { accountId: ira.id });
    expect(filtered.data).toHaveLength(1);
    expect(filtered.data[0]).toMatchObject({ id: iraPosition, quantity: "30", costBasis: "6000" });
    expect(filtered.data[0]!.symbolTotal).toBeUndefined();
  });

  it("filters the REST list by account, with JSON numbers in the total", async () => {
    const { rest, ira } = await twoAccounts();
    const all = (await rest("GET", "/portfolio")).body as unknown as Record<string, unknown>[];
    expect(all).toHaveLength(2);
    expect(all[0]!.symbolTotal).toMatchObject({
      quantity: 40,
      averagePurchasePrice: 175,
      costBasis: 7000,
    });
    const filtered = await rest("GET", `/portfolio?accountId=${ira.id}`);
    expect(filtered.status).toBe(200);
    expect((filtered.body as unknown as { quantity: number }[]).map((row) => row.quantity)).toEqual(
      [30],
    );
    expect((await rest("GET", "/portfolio?accountId=999999")).status).toBe(404);
    expect((await rest("GET", "/portfolio?accountId=abc")).status).toBe(400);
  });

  it("sells from the named account's position and checks the oversell against that account", async () => {
    const { sell, call, mainPosition, iraPosition, main } = await twoAccounts();
    // 30 are held in all, but only 10 in Main: selling 11 from Main is refused.
    const over = await sell({ positionId: mainPosition, quantity: "11", price: "150" });
    expect(over.status).toBe(400);
    expect(over.message).toBe(portfolioMessages.invalidSellQuantity);
    const sold = await sell({ positionId: mainPosition, quantity: "10", price: "150" });
    expect(sold.status).toBe(200);
    expect(sold.data.position).toBeNull();
    expect(sold.data.transaction).toMatchObject({ transactionType: "SELL", accountId: main.id });
    const left = await call<ValuedPosition[]>("query", "portfolio.list");
    expect(left.data.map((row) => [row.id, row.quantity])).toEqual([[iraPosition, "30"]]);
    expect(left.data[0]!.symbolTotal).toBeUndefined();
  });

  it("never oversells one account under concurrent sells", async () => {
    const { sell, call, iraPosition } = await twoAccounts();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        sell({ positionId: iraPosition, quantity: "8", price: "150" }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(1);
    const left = await call<ValuedPosition[]>("query", "portfolio.list");
    // 30 in the IRA: three sells of 8 fit, the fourth does not; Main's 10 are untouched.
    expect(left.data.map((row) => row.quantity)).toEqual(["10", "6"]);
  });

  it("refuses a buy into another user's account and writes nothing", async () => {
    const { rest, buy, call } = await twoAccounts();
    const other = await apps.t.registerUser();
    const theirs = (
      await apps.t.request("POST", "/api/accounts", {
        token: other.token,
        body: { name: "Theirs" },
      })
    ).body as unknown as InvestmentAccount;
    const refused = await buy({
      symbol: "MSFT",
      quantity: "1",
      purchasePrice: "10",
      accountId: theirs.id,
    });
    expect(refused.status).toBe(404);
    expect(refused.message).toBe(messages.notFound);
    const crypto = await rest("POST", "/cryptoportfolio", {
      symbol: "BTC",
      quantity: 1,
      purchasePrice: 10,
      accountId: theirs.id,
    });
    expect(crypto.status).toBe(404);
    expect((await call<ValuedPosition[]>("query", "portfolio.list")).data).toHaveLength(2);
    expect((await rest("GET", "/cryptoportfolio")).body).toEqual([]);
    const theirHistory = await apps.t.request("GET", "/api/transaction", { token: other.token });
    expect(theirHistory.body).toEqual([]);
  });

  it("buys crypto into an account and filters the crypto list by it", async () => {
    const { rest, ira } = await twoAccounts();
    const bought = await rest("POST", "/cryptoportfolio", {
      symbol: "ETH",
      quantity: 2,
      purchasePrice: 3000,
      accountId: ira.id,
    });
    expect(bought.status).toBe(200);
    const inIra = await rest("GET", `/cryptoportfolio?accountId=${ira.id}`);
    expect(
      (inIra.body as unknown as { symbol: string; accountId: number }[]).map((row) => [
        row.symbol,
        row.accountId,
      ]),
    ).toEqual([["ETH", ira.id]]);
    const [main] = (await rest("GET", "/accounts")).body as unknown as InvestmentAccount[];
    expect((await rest("GET", `/cryptoportfolio?accountId=${main!.id}`)).body).toEqual([]);
  });

  it("filters the transaction history by account on both doors", async () => {
    const { rest, call, ira, main } = await twoAccounts();
    const all = (await rest("GET", "/transaction")).body as unknown as { accountId: number }[];
    expect(all.map((row) => row.accountId).sort()).toEqual([main.id, ira.id].sort());
    const iraRows = (await rest("GET", `/transaction?accountId=${ira.id}`)).body as unknown as {
      quantity: number;
      accountId: number;
    }[];
    expect(iraRows.map((row) => [row.quantity, row.accountId])).toEqual([[30, ira.id]]);
    const page = await call<{ transactions: { quantity: string }[] }>(
      "query",
      "transactions.list",
      {
        accountId: main.id,
      },
    );
    expect(page.data.transactions.map((row) => row.quantity)).toEqual(["10"]);
    expect((await rest("GET", "/transaction?accountId=999999")).status).toBe(404);
  });

  it("answers performance for one account from its own trades", async () => {
    const { rest, call, ira, historyStored } = await twoAccounts();
    // The IRA's back-dated buy restates the days Main's buy stored: wait for the final figures.
    await historyStored();
    const all = await call<{ endValue: string; netFlows: string }>(
      "query",
      "portfolioSummary.performance",
      { range: "ALL" },
    );
    const one = await call<{ endValue: string; netFlows: string }>(
      "query",
      "portfolioSummary.performance",
      { range: "ALL", accountId: ira.id },
    );
    expect(all.status).toBe(200);
    expect(one.status).toBe(200);
    const price = Number(
      (
        (await rest("GET", `/portfolio?accountId=${ira.id}`)).body as unknown as {
          currentPrice: number;
        }[]
      )[0]!.currentPrice,
    );
    expect(Number(one.data.endValue)).toBeCloseTo(30 * price, 2);
    expect(Number(all.data.endValue)).toBeCloseTo(40 * price, 2);
    const viaRest = await rest("GET", `/portfolio/performance?range=ALL&accountId=${ira.id}`);
    expect(viaRest.status).toBe(200);
    expect(viaRest.body).toMatchObject({ endValue: one.data.endValue });
  });

  it("writes income into an account and filters the income list by it", async () => {
    const { rest, ira, main } = await twoAccounts();
    const entry = {
      symbol: "AAPL",
      exDate: "2026-02-06",
      payDate: "2026-02-12",
      quantity: "30",
      amountPerShare: "0.26",
    };
    expect((await rest("POST", "/income", { ...entry, accountId: ira.id })).status).toBe(200);
    // The same dividend in another account is that account's own entry, not a duplicate.
    expect(
      (await rest("POST", "/income", { ...entry, quantity: "10", accountId: main.id })).status,
    ).toBe(200);
    const iraIncome = (await rest("GET", `/income?accountId=${ira.id}`)).body as unknown as {
      entries: { quantity: string; accountId: number }[];
      total: string;
    };
    expect(iraIncome.entries.map((e) => [e.quantity, e.accountId])).toEqual([["30", ira.id]]);
    expect(iraIncome.total).toBe("7.8");
    const everything = (await rest("GET", "/income")).body as unknown as { total: string };
    expect(everything.total).toBe("10.4");
  });

  it("imports into a named account, checking held quantities against that account", async () => {
    const { rest, ira, main } = await twoAccounts();
    const csv =
      "id,transactionDate,type,symbol,transactionType,quantity,price,transactionTotal,notes\n" +
      "1,2026-02-10T15:00:00.000Z,STOCK,AAPL,SELL,20,150,3000,\n" +
      "2,2026-02-11T15:00:00.000Z,STOCK,MSFT,BUY,4,300,1200,\n";
    // Main holds 10 AAPL: the sell of 20 is an error row there.
    const intoMain = await rest("POST", "/import/preview", {
      source: "ledgerline",
      csv,
      accountId: main.id,
    });
    expect(intoMain.status).toBe(200);
    expect(intoMain.body).toMatchObject({ summary: { errors: 1 } });
    const imported = await rest("POST", "/import", {
      source: "ledgerline",
      csv,
      accountId: ira.id,
    });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ imported: 2, errors: 0 });
    const inIra = (await rest("GET", `/portfolio?accountId=${ira.id}`)).body as unknown as {
      symbol: string;
      quantity: number;
    }[];
    expect(inIra.map((row) => [row.symbol, row.quantity])).toEqual([
      ["AAPL", 10],
      ["MSFT", 4],
    ]);
    const inMain = (await rest("GET", `/portfolio?accountId=${main.id}`)).body as unknown as {
      quantity: number;
    }[];
    expect(inMain.map((row) => row.quantity)).toEqual([10]);
  });
});
