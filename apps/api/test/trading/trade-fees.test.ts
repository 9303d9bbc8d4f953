import {
  portfolioMessages,
  type PortfolioPerformanceDetail,
  type PortfolioSummary,
  type TransactionPage,
  type ValuedPosition,
} from "@ledgerline/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { cryptoApp } from "../support/crypto-support";
import { stocksApp } from "../support/portfolio-support";
import type { TestApp } from "../support/test-app";

/**
 * A trade's fee (issue 31): in a buy's cost basis, out of a sell's proceeds, and so in the
 * realized gain and the returns' flows, through both doors and for both asset types.
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function stocks() {
  const app = await stocksApp();
  t = app.t;
  const rest = (method: "GET" | "POST" | "PUT", url: string, body?: unknown) =>
    app.t.request(method, url, { token: app.token, ...(body === undefined ? {} : { body }) });
  return { ...app, rest };
}

async function figures(call: Awaited<ReturnType<typeof stocks>>["call"]) {
  await t!.settled();
  const summary = (await call<PortfolioSummary>("query", "portfolioSummary.get")).data;
  const performance = (
    await call<PortfolioPerformanceDetail>("query", "portfolioSummary.performance", {
      range: "ALL",
    })
  ).data;
  return { summary, performance };
}

describe("a stock trade's fee", () => {
  it("is in the buy's basis and out of the sell's proceeds through tRPC: buy 10 at 100 fee 5, sell 10 at 110 fee 5 realizes 90", async () => {
    const { buy, sell, call } = await stocks();
    const bought = await buy({ symbol: "AAPL", quantity: "10", purchasePrice: "100", fee: "5" });
    expect(bought.status).toBe(200);
    expect(bought.data.position).toMatchObject({ quantity: "10", averagePurchasePrice: "100.5" });
    expect(bought.data.transaction).toMatchObject({ transactionTotal: "1000", fee: "5" });
    const [held] = (await call<ValuedPosition[]>("query", "portfolio.list")).data;
    expect(held?.costBasis).toBe("1005");

    const sold = await sell({
      positionId: bought.data.position!.id,
      quantity: "10",
      price: "110",
      fee: "5",
    });
    expect(sold.status).toBe(200);
    expect(sold.data.transaction).toMatchObject({ transactionTotal: "1100", fee: "5" });

    const { summary, performance } = await figures(call);
    expect(summary.returns.realizedGain).toBe("90");
    expect(summary.stocks.positions).toEqual([]);
    expect(performance.realizedGain).toBe("90");
    // 1005 paid in, 1095 taken out.
    expect(performance.netFlows).toBe("-90");
    expect(performance.totalReturn).toBe("90");

    const history = await call<TransactionPage>("query", "transactions.list", {});
    expect(
      history.data.transactions.map((row) => [row.transactionType, row.transactionTotal, row.fee]),
    ).toEqual([
      ["SELL", "1100", "5"],
      ["BUY", "1000", "5"],
    ]);
  });

  it("is the same through REST: POST /api/portfolio, the sell, the list, the history and its CSV", async () => {
    const { rest, token } = await stocks();
    const bought = await rest("POST", "/api/portfolio", {
      symbol: "AAPL",
      quantity: 10,
      purchasePrice: 100,
      fee: 5,
    });
    expect(bought.status).toBe(200);
    const position = bought.body!.position as { id: number; averagePurchasePrice: number };
    expect(position.averagePurchasePrice).toBe(100.5);
    expect(bought.body!.transaction).toMatchObject({ transactionTotal: 1000, fee: 5 });
    const listed = await rest("GET", "/api/portfolio");
    expect(listed.body![0]).toMatchObject({ costBasis: 1005 });

    const sold = await rest("POST", `/api/portfolio/${position.id}/sell`, {
      quantity: 10,
      price: 110,
      fee: "5",
    });
    expect(sold.status).toBe(200);
    expect(sold.body!.transaction).toMatchObject({ transactionTotal: 1100, fee: 5 });

    await t!.settled();
    const performance = await rest("GET", "/api/portfolio/performance?range=ALL");
    expect(performance.body).toMatchObject({ realizedGain: "90", netFlows: "-90" });

    const history = await rest("GET", "/api/transaction");
    expect(
      (history.body as unknown as { transactionType: string; fee: number }[]).map((row) => [
        row.transactionType,
        row.fee,
      ]),
    ).toEqual([
      ["SELL", 5],
      ["BUY", 5],
    ]);
    const csv = await t!.app.inject({
      method: "GET",
      url: "/api/transaction?format=csv",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.statusCode).toBe(200);
    const [header, sell, buy] = csv.body.trim().split("\r\n");
    expect(header).toBe(
      "id,transactionDate,type,symbol,transactionType,quantity,price,transactionTotal,fee,notes",
    );
    expect(sell).toMatch(/,SELL,10,110,1100,5,$/);
    expect(buy).toMatch(/,BUY,10,100,1000,5,$/);
  });

  it("adds a fee to the cost of a position bought more of (PUT), through REST and tRPC", async () => {
    const { buy, buyMore, rest } = await stocks();
    const first = await buy({ symbol: "AAPL", quantity: "10", purchasePrice: "100" });
    expect(first.data.transaction.fee).toBe("0");
    const id = first.data.position!.id;
    const more = await rest("PUT", `/api/portfolio/${id}`, {
      QuantityToBuy: 10,
      purchasePrice: 120,
      fee: 4,
    });
    expect(more.status).toBe(200);
    // (1000 + 1200 + 4) / 20
    expect(more.body!.position).toMatchObject({ quantity: 20, averagePurchasePrice: 110.2 });
    const again = await buyMore({ positionId: id, quantity: "5", purchasePrice: "100", fee: "1" });
    // (2204 + 500 + 1) / 25
    expect(again.data.position).toMatchObject({ quantity: "25", averagePurchasePrice: "108.2" });
  });

  it.each([
    ["negative", "-1", "Fee cannot be negative"],
    ["not a number", "abc", "Fee must be a number"],
    ["an exponent", "1e3", "Fee must be written as plain digits, like 1000 or 0.5 (not 1e3)"],
    ["over 8 decimals", "0.000000001", "Fee can have at most 8 decimal places"],
    ["past the bound", "1000000000001", "Fee must be at most 1,000,000,000,000"],
  ])(
    "refuses a %s fee with a 400 through both doors and writes nothing",
    async (_, fee, message) => {
      const { buy, rest, call } = await stocks();
      const viaTrpc = await buy({ symbol: "AAPL", quantity: "1", purchasePrice: "100", fee });
      expect(viaTrpc.status).toBe(400);
      expect(viaTrpc.message).toContain(message);
      const viaRest = await rest("POST", "/api/portfolio", {
        symbol: "AAPL",
        quantity: 1,
        purchasePrice: 100,
        fee,
      });
      expect(viaRest.status).toBe(400);
      expect(JSON.stringify(viaRest.body)).toContain(message);
      expect((await call<ValuedPosition[]>("query", "portfolio.list")).data).toEqual([]);
    },
  );

  it("refuses a buy whose total with its fee passes the order bound, and a sell's fee above its total", async () => {
    const { buy, sell, rest } = await stocks();
    const tooDear = await buy({
      symbol: "AAPL",
      quantity: "1",
      purchasePrice: "10000000000",
      fee: "0.01",
    });
    expect(tooDear.status).toBe(400);
    expect(tooDear.message).toBe(portfolioMessages.tradeTotalWithFeeTooLarge);

    const bought = await buy({ symbol: "AAPL", quantity: "1", purchasePrice: "100" });
    const id = bought.data.position!.id;
    const sold = await sell({ positionId: id, quantity: "1", price: "10", fee: "10.01" });
    expect(sold.status).toBe(400);
    expect(sold.message).toBe(portfolioMessages.feeAboveProceeds);
    const viaRest = await rest("POST", `/api/portfolio/${id}/sell`, {
      quantity: 1,
      price: 10,
      fee: 10.01,
    });
    expect(viaRest.status).toBe(400);
    const history = await rest("GET", "/api/transaction");
    expect(history.body).toHaveLength(1);
  });
});

describe("a fee and a split", () => {
  // The simulated market splits JPM 1:2 on 2026-01-20.
  it("stays in the cost basis when a back-dated buy replays the trades through the split", async () => {
    const { buy, positions } = await stocks();
    const first = await buy({
      symbol: "JPM",
      quantity: "10",
      purchasePrice: "400",
      fee: "6",
      purchaseDate: "2026-01-05T15:00:00Z",
    });
    // 10 at 400.6 are 20 at 200.3 after the split.
    expect(first.data.position).toMatchObject({ quantity: "20", averagePurchasePrice: "200.3" });
    await buy({
      symbol: "JPM",
      quantity: "5",
      purchasePrice: "400",
      purchaseDate: "2026-01-12T15:00:00Z",
    });
    // (4006 + 2000) over the 30 shares the split left.
    expect((await positions()).data[0]).toMatchObject({
      quantity: "30",
      averagePurchasePrice: "200.2",
    });
  });
});

describe("a crypto trade's fee", () => {
  it("is in the basis and out of the proceeds through tRPC and REST", async () => {
    const app = await cryptoApp();
    t = app.t;
    const bought = await app.buy({
      symbol: "BTC",
      quantity: "0.5",
      purchasePrice: "60000",
      fee: "12.5",
    });
    expect(bought.status).toBe(200);
    // (30000 + 12.5) / 0.5
    expect(bought.data.position).toMatchObject({ averagePurchasePrice: "60025" });
    expect(bought.data.transaction).toMatchObject({ fee: "12.5", transactionTotal: "30000" });

    const viaRest = await app.t.request("POST", "/api/cryptoportfolio", {
      token: app.token,
      body: { symbol: "ETH", quantity: 2, purchasePrice: 2000, fee: 3 },
    });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body!.transaction).toMatchObject({ fee: 3, transactionTotal: 4000 });
    expect(viaRest.body!.position).toMatchObject({ averagePurchasePrice: 2001.5 });

    const sold = await app.t.request(
      "POST",
      `/api/cryptoportfolio/${bought.data.position!.id}/sell`,
      { token: app.token, body: { quantity: 0.5, price: 62000, fee: 10 } },
    );
    expect(sold.status).toBe(200);
    expect(sold.body!.transaction).toMatchObject({ fee: 10, transactionTotal: 31000 });

    await app.t.settled();
    const summary = await app.t.trpc("query", "portfolioSummary.get", undefined, app.token);
    const returns = (summary.body as unknown as { result: { data: PortfolioSummary } }).result.data
      .returns;
    // 0.5 x (62000 - 60025) - 10
    expect(returns.realizedGain).toBe("977.5");
  });
});
