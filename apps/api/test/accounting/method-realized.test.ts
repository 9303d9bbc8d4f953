import type {
  HoldingsPerformance,
  InvestmentAccount,
  PortfolioPerformanceDetail,
} from "@ledgerline/contracts";
import { add, subtract, sum } from "@ledgerline/money";
import { describe, expect, it } from "vitest";
import { appPerTest } from "../support/app-per-test";
import { stocksRestApp } from "../support/portfolio-support";

/**
 * The returns' realized gain follows each account's cost-basis method (issue 32). The test clock
 * stands at 2026-03-02 15:00 UTC, when the sells are made. Main (a new user's account, fifo) and
 * Old (average, as the migration's accounts are) each buy 10 AAPL at 100 on 2026-01-05 and 10 at
 * 120 on 2026-01-20, then sell 10 at 130:
 *   FIFO:    10 x 130 - the first lot's 1,000                  = 300
 *   average: 10 x (130 - 110, the average price at the time)   = 200
 *   both accounts pooled at one average cost (all average)     = 20 x (130 - 110) = 400
 */

const apps = appPerTest();

async function sameTradesInTwoAccounts() {
  const app = await apps.open(stocksRestApp());
  const { rest } = app;
  const [main] = (await rest("GET", "/accounts")).body as unknown as InvestmentAccount[];
  const old = (await rest("POST", "/accounts", { name: "Old", costBasisMethod: "average" }))
    .body as unknown as InvestmentAccount;
  for (const account of [main!, old]) {
    await app.buy({
      symbol: "AAPL",
      quantity: "10",
      purchasePrice: "100",
      purchaseDate: "2026-01-05T15:00:00Z",
      accountId: account.id,
    });
    const second = await app.buy({
      symbol: "AAPL",
      quantity: "10",
      purchasePrice: "120",
      purchaseDate: "2026-01-20T15:00:00Z",
      accountId: account.id,
    });
    const sold = await app.sell({
      positionId: second.data.position!.id,
      quantity: "10",
      price: "130",
    });
    expect(sold.status).toBe(200);
  }
  const performance = async (range: "ALL" | "1M", accountId?: number) => {
    const input = { range, ...(accountId === undefined ? {} : { accountId }) };
    const viaTrpc = await app.call<PortfolioPerformanceDetail>(
      "query",
      "portfolioSummary.performance",
      input,
    );
    const query = `range=${range}${accountId === undefined ? "" : `&accountId=${accountId}`}`;
    const viaRest = await rest("GET", `/portfolio/performance?${query}`);
    expect(viaTrpc.status).toBe(200);
    expect(viaRest.status).toBe(200);
    // Both doors give the same figures (the REST answer has no explanation).
    const { explanation: _explanation, ...figures } = viaTrpc.data;
    expect(viaRest.body).toEqual(figures);
    return viaTrpc.data;
  };
  const holdings = async (accountId?: number) => {
    const query = `range=ALL${accountId === undefined ? "" : `&accountId=${accountId}`}`;
    const viaRest = await rest("GET", `/portfolio/performance/holdings?${query}`);
    const viaTrpc = await app.call<HoldingsPerformance>(
      "query",
      "portfolioSummary.holdingPerformance",
      { range: "ALL", ...(accountId === undefined ? {} : { accountId }) },
    );
    expect(viaRest.body).toEqual(viaTrpc.data);
    return viaTrpc.data.holdings.find((holding) => holding.symbol === "AAPL")!;
  };
  return { ...app, rest, main: main!, old, performance, holdings };
}

/** The identity no method changes: unrealized + realized + income = end - start - flows + income. */
function expectWhole(figures: PortfolioPerformanceDetail) {
  expect(sum([figures.unrealizedGain, figures.realizedGain, figures.income])).toBe(
    figures.totalReturn,
  );
  expect(
    add(subtract(subtract(figures.endValue, figures.startValue), figures.netFlows), figures.income),
  ).toBe(figures.totalReturn);
}

describe("realized gain by each account's cost-basis method", () => {
  it("gives a FIFO account its lots' gain and leaves the average account's figures as they were", async () => {
    const { rest, main, old, performance, holdings, historyStored } =
      await sameTradesInTwoAccounts();
    // The last sell restates the days the trades before it stored: wait for the final figures.
    await historyStored();
    // First both accounts on average: today's figures, the pooled one included.
    expect((await rest("PUT", `/accounts/${main.id}`, { costBasisMethod: "average" })).status).toBe(
      200,
    );
    const oldBefore = await performance("ALL", old.id);
    const mainAverage = await performance("ALL", main.id);
    const allAverage = await performance("ALL");
    expect(oldBefore.realizedGain).toBe("200");
    expect(mainAverage.realizedGain).toBe("200");
    expect(allAverage.realizedGain).toBe("400");
    expect(allAverage.explanation.realizedMethods).toEqual([
      {
        method: "average",
        accounts: [
          { id: main.id, name: main.name },
          { id: old.id, name: "Old" },
        ],
      },
    ]);

    await rest("PUT", `/accounts/${main.id}`, { costBasisMethod: "fifo" });
    const mainFifo = await performance("ALL", main.id);
    expect(mainFifo.realizedGain).toBe("300");
    // What is held cost 1,200 by FIFO (the 120 lot), 1,100 at average: 100 less unrealized.
    expect(mainFifo.unrealizedGain).toBe(subtract(mainAverage.unrealizedGain, "100"));
    expect(mainFifo.totalReturn).toBe(mainAverage.totalReturn);
    expect(mainFifo.explanation.realizedMethods).toEqual([
      { method: "fifo", accounts: [{ id: main.id, name: main.name }] },
    ]);
    expectWhole(mainFifo);

    // The average account's answer is the same, figure for figure.
    expect(await performance("ALL", old.id)).toEqual(oldBefore);

    // All accounts: the sum of each account's, 300 + 200.
    const all = await performance("ALL");
    expect(all.realizedGain).toBe("500");
    expect(all.totalReturn).toBe(allAverage.totalReturn);
    expect(all.explanation.realizedMethods.map((entry) => entry.method).sort()).toEqual([
      "average",
      "fifo",
    ]);
    expectWhole(all);
    // A period that holds the sales counts them the same way.
    expect((await performance("1M")).realizedGain).toBe("500");

    // Each holding's returns follow too.
    expect((await holdings(main.id)).realizedGain).toBe("300");
    expect((await holdings(old.id)).realizedGain).toBe("200");
    const aapl = await holdings();
    expect(aapl.realizedGain).toBe("500");
    expect(add(aapl.realizedGain, aapl.unrealizedGain)).toBe(
      add(all.realizedGain, all.unrealizedGain),
    );

    // Back on average everywhere, the pooled figure comes back exactly.
    await rest("PUT", `/accounts/${main.id}`, { costBasisMethod: "average" });
    expect(await performance("ALL")).toEqual(allAverage);
  });

  it("takes the cheapest lot last under HIFO and the latest first under LIFO", async () => {
    const { rest, main, performance } = await sameTradesInTwoAccounts();
    // LIFO and HIFO both sell the 120 lot: 10 x (130 - 120) = 100.
    for (const method of ["lifo", "hifo"] as const) {
      await rest("PUT", `/accounts/${main.id}`, { costBasisMethod: method });
      const figures = await performance("ALL", main.id);
      expect(figures.realizedGain).toBe("100");
      expectWhole(figures);
    }
  });
});
