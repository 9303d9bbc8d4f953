import type {
  HoldingsPerformance,
  PortfolioPerformance,
  PortfolioPerformanceDetail,
} from "@ledgerline/contracts";
import { compoundedOver, divide, multiply, round, subtract, sum } from "@ledgerline/money";
import { afterEach, describe, expect, it } from "vitest";
import type { Turns } from "@ledgerline/api/platform/turns";
import { eagerTurns } from "../support/eager-turns";
import type { TestApp } from "../support/test-app";
import { replayedHoldings } from "@ledgerline/api/accounting/holding-performance";
import {
  historyApp,
  historyScope,
  historyUser,
  threeTradesApp,
} from "../support/transactions-support";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The pinned market's closes as in portfolio-performance.test.ts: today is 2026-03-11. */
async function threeTrades() {
  const me = await threeTradesApp("/api/portfolio/performance/holdings");
  t = me.t;
  return me;
}

describe("each holding's returns", () => {
  it("splits the portfolio's figures by holding, with each one's own flows, the same through REST and tRPC", async () => {
    const { ok, rest } = await threeTrades();
    const answer = await ok<HoldingsPerformance>("portfolioSummary.holdingPerformance", {
      range: "ALL",
    });
    expect(answer).toEqual({
      range: "ALL",
      startDate: "2026-03-01",
      endDate: "2026-03-11",
      holdings: [
        {
          assetType: "STOCK",
          symbol: "AAPL",
          startValue: "0",
          // 6 x 258.79
          endValue: "1552.74",
          // 2400 in, 1000 out
          netFlows: "1400",
          // 2511.34 / 2400 x 1552.74 / 1511.34 - 1: the first piece ends before the sell's 1000
          // leave, the second starts after (6 x 251.89)
          timeWeightedReturn: "0.07505538",
          moneyWeightedReturn: answer.holdings[0]!.moneyWeightedReturn,
          // Over the 9 days from its first buy.
          moneyWeightedReturnCumulative: compoundedOver(answer.holdings[0]!.moneyWeightedReturn, 9),
          // 4 x (250 - 240)
          realizedGain: "40",
          // 1552.74 - 6 x 240
          unrealizedGain: "112.74",
          income: "0",
          totalReturn: "152.74",
        },
        {
          assetType: "CRYPTO",
          symbol: "BTC",
          startValue: "0",
          // 0.1 x 88768.55
          endValue: "8876.855",
          netFlows: "8100",
          // 8876.855 / 8100 - 1
          timeWeightedReturn: "0.09590802",
          moneyWeightedReturn: answer.holdings[1]!.moneyWeightedReturn,
          // Over the 3 days from its buy.
          moneyWeightedReturnCumulative: compoundedOver(answer.holdings[1]!.moneyWeightedReturn, 3),
          realizedGain: "0",
          unrealizedGain: "776.855",
          income: "0",
          totalReturn: "776.855",
        },
      ],
    });
    const [apple, bitcoin] = answer.holdings;
    expect(apple!.timeWeightedReturn).toBe(
      round(
        subtract(multiply(divide("2511.34", "2400", 20), divide("1552.74", "1511.34", 20)), "1"),
        8,
      ),
    );
    // A holding bought once and held: its XIRR is its return over 3 days of a year.
    const bitcoinRate = (Number("8876.855") / 8100) ** (365 / 3) - 1;
    expect(Math.abs(Number(bitcoin!.moneyWeightedReturn) / bitcoinRate - 1)).toBeLessThan(1e-9);
    // 2400 paid, 1000 back 3 days later, 1552.74 after 9: pinned from the simulated market.
    expect(apple!.moneyWeightedReturn).toBe("29.18272935");

    // The holdings add up to the portfolio.
    const portfolio = await ok<PortfolioPerformance>("portfolioSummary.performance", {
      range: "ALL",
    });
    const total = (
      field: "endValue" | "netFlows" | "realizedGain" | "unrealizedGain" | "totalReturn",
    ) => sum(answer.holdings.map((holding) => holding[field]));
    expect(total("endValue")).toBe(portfolio.endValue);
    expect(total("netFlows")).toBe(portfolio.netFlows);
    expect(total("realizedGain")).toBe(portfolio.realizedGain);
    expect(total("unrealizedGain")).toBe(portfolio.unrealizedGain);
    expect(total("totalReturn")).toBe(portfolio.totalReturn);

    const viaRest = await rest("?range=ALL");
    expect(viaRest.status).toBe(200);
    expect(viaRest.body).toEqual(answer);
  });

  it("counts a holding's dividends: one payer alone returns what the portfolio does", async () => {
    const me = await historyApp();
    t = me.t;
    await me.buy("STOCK", "AAPL", "2", "200", "2025-06-02T15:00:00Z");
    // At once, as the page asks: the first read's income is there for both.
    const [holdings, portfolio] = await Promise.all([
      me.ok<HoldingsPerformance>("portfolioSummary.holdingPerformance", { range: "6M" }),
      me.ok<PortfolioPerformanceDetail>("portfolioSummary.performance", { range: "6M" }),
    ]);
    expect(portfolio.income).toBe("2.48");
    expect(holdings.startDate).toBe("2025-09-11");
    expect(holdings.holdings).toEqual([
      {
        assetType: "STOCK",
        symbol: "AAPL",
        startValue: portfolio.startValue,
        endValue: portfolio.endValue,
        netFlows: "0",
        // The portfolio's, pinned in portfolio-performance.test.ts: the price move and the two
        // 0.62 dividends paid on 2025-10-08 and 2026-01-07.
        timeWeightedReturn: "-0.01975668",
        moneyWeightedReturn: "-0.03991042",
        // Over the period's 181 days: 0.96008958^(181 / 365) - 1.
        moneyWeightedReturnCumulative: "-0.01999437",
        realizedGain: "0",
        unrealizedGain: portfolio.unrealizedGain,
        income: "2.48",
        totalReturn: portfolio.totalReturn,
      },
    ]);
  });

  it("lists a holding sold out in the period with its realized gain, and none held before it unmoved", async () => {
    const me = await historyApp();
    t = me.t;
    await me.buy("CRYPTO", "ETH", "1", "2000", "2025-01-06T12:00:00Z");
    await me.buy("CRYPTO", "BTC", "0.1", "80000", "2026-03-06T12:00:00Z");
    // Closed: 0.1 x (79000 - 80000).
    await me.sell("CRYPTO", "BTC", "0.1", "79000", "2026-03-07T12:00:00Z");
    await me.sell("CRYPTO", "ETH", "1", "2100", "2025-02-03T12:00:00Z");
    const month = await me.ok<HoldingsPerformance>("portfolioSummary.holdingPerformance", {
      range: "1M",
    });
    expect(month.holdings).toEqual([
      {
        assetType: "CRYPTO",
        symbol: "BTC",
        startValue: "0",
        endValue: "0",
        netFlows: "100",
        timeWeightedReturn: month.holdings[0]!.timeWeightedReturn,
        // Paid 8000, got 7900 back a day later.
        moneyWeightedReturn: month.holdings[0]!.moneyWeightedReturn,
        // Over the day from the buy to the sale: the 1.25% lost, not the yearly rate.
        moneyWeightedReturnCumulative: month.holdings[0]!.moneyWeightedReturnCumulative,
        realizedGain: "-100",
        unrealizedGain: "0",
        income: "0",
        totalReturn: "-100",
      },
    ]);
    expect(Number(month.holdings[0]!.moneyWeightedReturn)).toBeLessThan(0);
    expect(month.holdings[0]!.moneyWeightedReturnCumulative).toBe(
      compoundedOver(month.holdings[0]!.moneyWeightedReturn, 1),
    );
    expect(Number(month.holdings[0]!.moneyWeightedReturnCumulative)).toBeCloseTo(-100 / 8000, 6);
  });

  it("shows only the signed-in user's holdings, refuses an unknown range with a 400 and strangers with a 401", async () => {
    const { t: app, query, rest } = await threeTrades();
    const other = await historyUser(app);
    const theirs = await other.ok<HoldingsPerformance>("portfolioSummary.holdingPerformance", {
      range: "ALL",
    });
    expect(theirs.holdings).toEqual([]);
    expect((await rest("?range=2Y")).status).toBe(400);
    expect((await rest("")).status).toBe(400);
    expect((await query("portfolioSummary.holdingPerformance", { range: "2Y" })).status).toBe(400);
    expect((await rest("?range=1Y", "")).status).toBe(401);
  });
});

describe("each holding's returns, replayed", () => {
  it("hands the event loop over between holdings when its turn is over, the answer unchanged", async () => {
    const me = await historyScope();
    t = me.t;
    await me.buy("STOCK", "AAPL", "10", "240", "2026-03-02T15:00:00Z");
    await me.sell("STOCK", "AAPL", "4", "250", "2026-03-05T15:00:00Z");
    await me.buy("CRYPTO", "BTC", "0.1", "81000", "2026-03-08T12:00:00Z");
    const replay = (turns?: Turns) =>
      replayedHoldings(me.scope, "2026-03-01", "2026-03-11", [], new Map(), undefined, turns);
    const plain = await replay();
    // A clock that always says the turn is over: every holding hands the loop over first.
    const { turns: eager, handed } = eagerTurns();
    const turned = await replay(eager);
    // Once after each holding's closes are read (closeSeriesInTurns), once before each holding.
    expect(handed()).toBe(4);
    expect(turned).toEqual(plain);
    expect(plain.map((holding) => holding.symbol)).toEqual(["AAPL", "BTC"]);
  });
});
