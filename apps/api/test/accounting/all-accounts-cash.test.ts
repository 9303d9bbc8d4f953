import type {
  InvestmentAccount,
  PortfolioHistory,
  PortfolioPerformanceDetail,
  PositionView,
} from "@ledgerline/contracts";
import { add } from "@ledgerline/money";
import { describe, expect, it } from "vitest";
import { appPerTest } from "../support/app-per-test";
import { stocksApp } from "../support/portfolio-support";
import { TestClock } from "../support/test-app";

/**
 * All accounts together when some track their cash (issue 31): the tracked accounts' cash is in
 * the value and their deposits and withdrawals are the flows; the other accounts' trades are.
 */

const apps = appPerTest();

async function setUp() {
  // The API's clock on the market's day, so cash can be dated up to it.
  const app = await apps.open(
    stocksApp({ clock: new TestClock(Date.parse("2026-03-11T15:00:00Z")) }),
  );
  const rest = async <T>(method: "GET" | "POST", url: string, body?: unknown) => {
    const answer = await apps.t.request(method, `/api${url}`, { token: app.token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as unknown as T;
  };
  const [main] = await rest<InvestmentAccount[]>("GET", "/accounts");
  const open = (name: string, cashTracked: boolean) =>
    rest<InvestmentAccount>("POST", "/accounts", { name, type: "taxable", cashTracked });
  const performance = async (query: string) => {
    const trpc = await app.call<PortfolioPerformanceDetail>(
      "query",
      "portfolioSummary.performance",
      Object.fromEntries(new URLSearchParams(query)),
    );
    expect(trpc.status).toBe(200);
    return [
      trpc.data,
      await rest<PortfolioPerformanceDetail>("GET", `/portfolio/performance?${query}`),
    ];
  };
  const history = async (query: string) => {
    const trpc = await app.call<PortfolioHistory>(
      "query",
      "portfolioSummary.history",
      Object.fromEntries(new URLSearchParams(query)),
    );
    expect(trpc.status).toBe(200);
    return [trpc.data, await rest<PortfolioHistory>("GET", `/portfolio/history?${query}`)];
  };
  return { ...app, rest, main: main!, open, performance, history };
}

describe("the returns of all accounts, some tracking cash", () => {
  it("counts the tracked accounts' deposits and the others' trades: a TWR worked by hand", async () => {
    const { rest, main, open, buy, positions, sell, performance, history } = await setUp();
    const brokerage = await open("Brokerage", true);
    const savings = await open("Savings", true);
    const cash = (accountId: number, type: string, amount: string, date: string) =>
      rest("POST", "/cash", { accountId, type, amount, date });
    await cash(brokerage.id, "deposit", "1000", "2026-02-02");
    await cash(brokerage.id, "interest", "10", "2026-02-09");
    await rest("POST", "/transfers", {
      fromAccountId: brokerage.id,
      toAccountId: savings.id,
      date: "2026-02-16",
      amount: "400",
    });
    await cash(savings.id, "interest", "4.04", "2026-02-23");
    await cash(brokerage.id, "deposit", "500", "2026-03-02");
    await cash(brokerage.id, "interest", "15.1404", "2026-03-09");
    // Main (no cash tracked) buys and sells today (2026-03-11): its trades are its flows.
    expect(
      (
        await buy({
          symbol: "AAPL",
          quantity: "10",
          purchasePrice: "100",
          purchaseDate: "2026-03-11T14:00:00Z",
        })
      ).status,
    ).toBe(200);
    const apple = (await positions()).data.find((p: PositionView) => p.symbol === "AAPL")!;
    expect((await sell({ positionId: apple.id, quantity: "10", price: "115.291804" })).status).toBe(
      200,
    );

    // By hand, each close against the one before, less the day's flow:
    //   02-02 deposit 1,000 opens it; 02-09 1,010 (x 1.01); 02-16 the 400 moved to Savings stays
    //   in: 1,010 (x 1); 02-23 1,014.04 (x 1.004); 03-02 deposit 500: 1,514.04 (x 1); 03-09
    //   1,529.1804 (x 1.01); 03-11 Main's round trip gains 152.91804 and takes it out (a flow
    //   of -152.91804), the value stays 1,529.1804: x (1,529.1804 + 152.91804) / 1,529.1804 = 1.1.
    //   TWR = 1.01 x 1.004 x 1.01 x 1.1 - 1 = 0.12659844.
    //   Net flows: 1,000 + 500 - 152.91804 = 1,347.08196. Income: the interest, 29.1804.
    //   Realized: 152.91804. Total return = 1,529.1804 - 1,347.08196 = 182.09844.
    const [detail, viaRest] = await performance("range=ALL");
    for (const answer of [detail!, viaRest!]) {
      expect(Number(answer.timeWeightedReturn)).toBeCloseTo(0.12659844, 12);
      expect(answer.endValue).toBe("1529.1804");
      expect(answer.startValue).toBe("0");
      expect(answer.netFlows).toBe("1347.08196");
      expect(answer.income).toBe("29.1804");
      expect(answer.realizedGain).toBe("152.91804");
      expect(answer.unrealizedGain).toBe("0");
      expect(answer.totalReturn).toBe("182.09844");
    }
    {
      const answer = detail!;
      expect(answer.explanation.flowSources).toEqual([
        { basis: "trades", accounts: [{ id: main.id, name: main.name }], count: 1 },
        {
          basis: "cash",
          accounts: [
            { id: brokerage.id, name: "Brokerage" },
            { id: savings.id, name: "Savings" },
          ],
          count: 2,
        },
      ]);
      // The transfer between the two tracked accounts is no flow of the whole.
      expect(answer.explanation.flows.map((f) => [f.date, f.amount, f.kind])).toEqual([
        ["2026-02-02", "1000", "cash"],
        ["2026-03-02", "500", "cash"],
        ["2026-03-11", "-152.91804", "trades"],
      ]);
    }
    // For Brokerage alone, the 400 it sent out is a flow.
    const [alone] = await performance(`range=ALL&accountId=${brokerage.id}`);
    expect(alone!.explanation.flows.map((f) => [f.date, f.amount])).toContainEqual([
      "2026-02-16",
      "-400",
    ]);

    for (const chart of await history("range=ALL&benchmark=return")) {
      const on = new Map(chart.points.map((point) => [point.date, point]));
      expect(chart.points[0]!.date).toBe("2026-02-02");
      expect(on.get("2026-02-16")).toMatchObject({ totalValue: "1010", cashValue: "1010" });
      expect(on.get("2026-03-11")).toMatchObject({
        totalValue: "1529.1804",
        cashValue: "1529.1804",
        stockValue: "0",
      });
      expect(Number(chart.points.at(-1)!.timeWeightedReturn)).toBeCloseTo(0.12659844, 12);
    }
  });

  it("answers a user without cash tracking as before, and as the combined read does", async () => {
    const { open, buy, performance, history } = await setUp();
    const ira = await open("IRA", false);
    await buy({
      symbol: "AAPL",
      quantity: "10",
      purchasePrice: "100",
      purchaseDate: "2026-01-05T15:00:00Z",
    });
    await buy({
      symbol: "MSFT",
      quantity: "2",
      purchasePrice: "300",
      purchaseDate: "2026-02-16T15:00:00Z",
      accountId: ira.id,
    });
    // Recomputed: meanwhile the figures are the stored ones, marked (0061).
    await apps.t.settled();
    const before = await performance("range=ALL");
    const chartBefore = await history("range=ALL&benchmark=return");
    expect(before[0]!.explanation.flowSources).toHaveLength(1);
    expect(before[0]!.explanation.flowSources[0]!.basis).toBe("trades");
    for (const chart of chartBefore) {
      expect(chart.points.every((point) => point.cashValue === undefined)).toBe(true);
    }
    // An empty cash-tracked account takes the combined read, which must add up to the same.
    const empty = await open("Empty", true);
    const after = await performance("range=ALL");
    const chartAfter = await history("range=ALL&benchmark=return");
    // The REST answer carries the figures alone.
    expect(after[1]).toEqual(before[1]);
    const { explanation, ...figures } = after[0]!;
    const { explanation: was, ...wereFigures } = before[0]!;
    expect(figures).toEqual(wereFigures);
    // The sources name the accounts, the new one too (as the realized gain's methods do).
    const apart = { flowSources: [], realizedMethods: [] };
    expect({ ...explanation, ...apart }).toEqual({ ...was, ...apart });
    expect(explanation.flowSources).toEqual([
      was.flowSources[0],
      { basis: "cash", accounts: [{ id: empty.id, name: "Empty" }], count: 0 },
    ]);
    chartAfter.forEach((chart, index) => {
      expect(
        chart.points.map(({ cashValue, ...point }) => (expect(cashValue).toBe("0"), point)),
      ).toEqual(chartBefore[index]!.points);
      expect(chart.benchmark).toEqual(chartBefore[index]!.benchmark);
    });
  });
});

describe("one cash-tracked account's value chart", () => {
  it("holds its cash beside its holdings, and ends at its panel's value", async () => {
    const { rest, open, buy, performance, history } = await setUp();
    const brokerage = await open("Brokerage", true);
    await rest("POST", "/cash", {
      accountId: brokerage.id,
      type: "deposit",
      amount: "1000",
      date: "2026-02-02",
    });
    await buy({
      symbol: "AAPL",
      quantity: "2",
      purchasePrice: "100",
      fee: "1.5",
      purchaseDate: "2026-02-09T15:00:00Z",
      accountId: brokerage.id,
    });
    const [panel] = await performance(`range=ALL&accountId=${brokerage.id}`);
    for (const chart of await history(`range=ALL&accountId=${brokerage.id}`)) {
      const on = new Map(chart.points.map((point) => [point.date, point]));
      expect(chart.points[0]).toMatchObject({
        date: "2026-02-02",
        totalValue: "1000",
        cashValue: "1000",
        stockValue: "0",
      });
      // 1,000 less 2 x 100 and the fee of 1.50.
      const bought = on.get("2026-02-09")!;
      expect(bought.cashValue).toBe("798.5");
      expect(bought.totalValue).toBe(add(bought.stockValue, "798.5"));
      expect(chart.points.at(-1)!.totalValue).toBe(panel!.endValue);
    }
  });

  it("takes a holding moved in as a flow of its value, leaving its cash alone", async () => {
    const { rest, main, open, buy, performance, history } = await setUp();
    const brokerage = await open("Brokerage", true);
    await rest("POST", "/cash", {
      accountId: brokerage.id,
      type: "deposit",
      amount: "1000",
      date: "2026-02-02",
    });
    await buy({
      symbol: "AAPL",
      quantity: "10",
      purchasePrice: "100",
      purchaseDate: "2026-02-03T15:00:00Z",
    });
    await rest("POST", "/transfers", {
      fromAccountId: main.id,
      toAccountId: brokerage.id,
      date: "2026-02-16",
      symbol: "AAPL",
      assetType: "STOCK",
      quantity: "10",
    });
    const [panel] = await performance(`range=ALL&accountId=${brokerage.id}`);
    for (const chart of await history(`range=ALL&accountId=${brokerage.id}`)) {
      const moved = chart.points.find((point) => point.date === "2026-02-16")!;
      // The shares came without a cent of its cash (the flow took 10 closes out of it before).
      expect(moved.cashValue).toBe("1000");
      expect(moved.totalValue).toBe(add(moved.stockValue, "1000"));
      expect(chart.points.at(-1)!.cashValue).toBe("1000");
      // Named as what it is: holdings moved in, not a deposit (issue 31).
      expect(panel!.explanation.flows.map((f) => [f.date, f.amount, f.kind])).toEqual([
        ["2026-02-02", "1000", "cash"],
        ["2026-02-16", moved.stockValue, "holding"],
      ]);
    }
    // Main, whose cash is not tracked, bought with money from outside and moved the shares out.
    const [source] = await performance(`range=ALL&accountId=${main.id}`);
    expect(source!.explanation.flows.map((f) => [f.date, f.kind])).toEqual([
      ["2026-02-03", "trades"],
      ["2026-02-16", "holding"],
    ]);
    // For all accounts the shares never left: the deposit and Main's buy are the only flows.
    const [whole] = await performance("range=ALL");
    expect(whole!.explanation.flows.map((f) => [f.date, f.amount, f.kind])).toEqual([
      ["2026-02-02", "1000", "cash"],
      ["2026-02-03", "1000", "trades"],
    ]);
  });
});
