import type {
  HoldingsPerformance,
  InvestmentAccount,
  PortfolioHistory,
  PortfolioPerformanceDetail,
} from "@ledgerline/contracts";
import { add } from "@ledgerline/money";
import { describe, expect, it } from "vitest";
import { appPerTest } from "../support/app-per-test";
import { stocksRestApp } from "../support/portfolio-support";

/**
 * One investment account's value history, returns and holdings' returns (issue 31): replayed
 * from that account's trades and kept per state of the user's trades (account-days.ts).
 */

const apps = appPerTest();

async function withAccounts() {
  const app = await apps.open(stocksRestApp());
  const { rest } = app;
  const [main] = (await rest("GET", "/accounts")).body as unknown as InvestmentAccount[];
  const buy = async (symbol: string, quantity: string, price: string, at: string, id?: number) => {
    const bought = await app.buy({
      symbol,
      quantity,
      purchasePrice: price,
      purchaseDate: at,
      ...(id === undefined ? {} : { accountId: id }),
    });
    expect(bought.status).toBe(200);
    // Recomputed: meanwhile all accounts' chart stops before the back-dated days (0061), and
    // these tests compare it with one account's, which never waits.
    await apps.t.settled();
  };
  return { ...app, rest, main: main!, buy };
}

const history = (points: PortfolioHistory["points"]) =>
  points.map((point) => [point.date, point.totalValue, point.costBasis]);

describe("one investment account's performance", () => {
  it("answers a one-account user's history and returns for that account as for all", async () => {
    const { call, rest, main, buy } = await withAccounts();
    await buy("AAPL", "10", "100", "2026-01-05T15:00:00Z");
    await buy("MSFT", "4", "300", "2026-02-10T15:00:00Z");
    for (const range of ["1M", "ALL"] as const) {
      const all = await call<PortfolioHistory>("query", "portfolioSummary.history", {
        range,
        benchmark: "return",
      });
      const one = await call<PortfolioHistory>("query", "portfolioSummary.history", {
        range,
        benchmark: "return",
        accountId: main.id,
      });
      expect(one.status).toBe(200);
      expect(one.data.points.length).toBeGreaterThan(20);
      expect(one.data).toEqual(all.data);
      const viaRest = await rest("GET", `/portfolio/history?range=${range}&accountId=${main.id}`);
      expect(viaRest.status).toBe(200);
      const restPoints = (viaRest.body as unknown as PortfolioHistory).points;
      expect(history(restPoints)).toEqual(history(all.data.points));

      const returnsAll = await call<PortfolioPerformanceDetail>(
        "query",
        "portfolioSummary.performance",
        { range },
      );
      const returnsOne = await call<PortfolioPerformanceDetail>(
        "query",
        "portfolioSummary.performance",
        { range, accountId: main.id },
      );
      expect(returnsOne.data).toEqual(returnsAll.data);
    }
  });

  it("splits the value history between two accounts, both doors", async () => {
    const { call, rest, buy } = await withAccounts();
    const ira = (await rest("POST", "/accounts", { name: "IRA", type: "ira" }))
      .body as unknown as InvestmentAccount;
    await buy("AAPL", "10", "100", "2026-01-05T15:00:00Z");
    await buy("AAPL", "5", "120", "2026-02-02T15:00:00Z", ira.id);
    await buy("MSFT", "2", "300", "2026-02-16T15:00:00Z", ira.id);

    const read = (accountId?: number) =>
      call<PortfolioHistory>("query", "portfolioSummary.history", {
        range: "3M",
        benchmark: "contributions",
        ...(accountId === undefined ? {} : { accountId }),
      });
    const all = (await read()).data.points;
    const [main] = (await rest("GET", "/accounts")).body as unknown as InvestmentAccount[];
    const mine = (await read(main!.id)).data.points;
    const theirs = (await read(ira.id)).data.points;
    expect(mine.map((p) => p.date)).toEqual(all.map((p) => p.date));
    // The IRA's history starts at its own first trade; before it, Main's is everything.
    expect(theirs[0]!.date).toBe("2026-02-02");
    expect(theirs.map((p) => p.date)).toEqual(
      all.map((p) => p.date).filter((d) => d >= "2026-02-02"),
    );
    const iraOn = new Map(theirs.map((point) => [point.date, point]));
    all.forEach((point, index) => {
      const ira = iraOn.get(point.date) ?? { totalValue: "0", costBasis: "0" };
      expect(add(mine[index]!.totalValue, ira.totalValue)).toBe(point.totalValue);
      // The user's stored days hold a symbol of two accounts at one average cost (decision
      // 0031): its basis is theirs to the 16th decimal.
      expect(Number(add(mine[index]!.costBasis, ira.costBasis))).toBeCloseTo(
        Number(point.costBasis),
        10,
      );
    });
    expect(theirs.at(-1)!.costBasis).toBe("1200");
    expect(mine.at(-1)!.costBasis).toBe("1000");

    const viaRest = await rest("GET", `/portfolio/history?range=3M&accountId=${ira.id}`);
    expect(viaRest.status).toBe(200);
    expect(history((viaRest.body as unknown as PortfolioHistory).points)).toEqual(history(theirs));
  });

  it("answers each holding's returns in one account", async () => {
    const { call, rest, buy } = await withAccounts();
    const ira = (await rest("POST", "/accounts", { name: "IRA", type: "ira" }))
      .body as unknown as InvestmentAccount;
    await buy("AAPL", "10", "100", "2026-01-05T15:00:00Z");
    await buy("AAPL", "5", "120", "2026-02-02T15:00:00Z", ira.id);
    await buy("MSFT", "2", "300", "2026-02-16T15:00:00Z", ira.id);
    const read = await call<HoldingsPerformance>("query", "portfolioSummary.holdingPerformance", {
      range: "ALL",
      accountId: ira.id,
    });
    expect(read.status).toBe(200);
    expect(read.data.holdings.map((h) => [h.symbol, h.netFlows])).toEqual([
      ["AAPL", "600"],
      ["MSFT", "600"],
    ]);
    const viaRest = await rest(
      "GET",
      `/portfolio/performance/holdings?range=ALL&accountId=${ira.id}`,
    );
    expect(viaRest.status).toBe(200);
    expect((viaRest.body as unknown as HoldingsPerformance).holdings).toHaveLength(2);
    const all = await call<HoldingsPerformance>("query", "portfolioSummary.holdingPerformance", {
      range: "ALL",
    });
    expect(all.data.holdings.find((h) => h.symbol === "AAPL")!.netFlows).toBe("1600");
  });

  it("a back-dated trade into one account changes its holdings' returns, not the other's", async () => {
    const { call, rest, main, buy } = await withAccounts();
    const roth = (await rest("POST", "/accounts", { name: "Roth", type: "roth-ira" }))
      .body as unknown as InvestmentAccount;
    await buy("AAPL", "10", "100", "2026-01-05T15:00:00Z");
    for (const [symbol, quantity, price, day] of [
      ["AAPL", "5", "120", "02"],
      ["MSFT", "2", "300", "16"],
    ] as const) {
      await buy(symbol, quantity, price, `2026-02-${day}T15:00:00Z`, roth.id);
    }
    const read = async (accountId: number, range: "ALL" | "3M" = "ALL") => {
      const answer = await call<HoldingsPerformance>(
        "query",
        "portfolioSummary.holdingPerformance",
        { range, accountId },
      );
      expect(answer.status).toBe(200);
      return answer.data;
    };
    // Each account's holdings read twice: the second answers from what the first kept.
    const before = {
      main: await read(main.id),
      roth: await read(roth.id),
      roth3M: await read(roth.id, "3M"),
    };
    expect(await read(roth.id)).toEqual(before.roth);
    expect(await read(main.id)).toEqual(before.main);
    // Back-dated between the Roth's trades (its periods start where they did), in the symbol the
    // main account holds too.
    await buy("AAPL", "1", "90", "2026-02-09T15:00:00Z", roth.id);
    const after = {
      main: await read(main.id),
      roth: await read(roth.id),
      roth3M: await read(roth.id, "3M"),
    };
    expect(after.main).toEqual(before.main);
    const flows = (answer: HoldingsPerformance) =>
      answer.holdings.map((holding) => [holding.symbol, holding.netFlows, holding.startValue]);
    expect(flows(before.roth)).toEqual([
      ["AAPL", "600", "0"],
      ["MSFT", "600", "0"],
    ]);
    expect(flows(after.roth)).toEqual([
      ["AAPL", "690", "0"],
      ["MSFT", "600", "0"],
    ]);
    expect(after.roth.startDate).toBe(before.roth.startDate);
    expect(after.roth3M.startDate).toBe(before.roth3M.startDate);
    expect(flows(after.roth3M)).not.toEqual(flows(before.roth3M));
    // And kept again for the new state: a repeat read answers the same.
    expect(await read(roth.id)).toEqual(after.roth);
  });

  it("names the flows each read used: the account's buys and sells, or every account's", async () => {
    const { call, rest, main, buy } = await withAccounts();
    const ira = (await rest("POST", "/accounts", { name: "IRA", type: "ira" }))
      .body as unknown as InvestmentAccount;
    await buy("AAPL", "10", "100", "2026-01-05T15:00:00Z");
    await buy("AAPL", "5", "120", "2026-02-02T15:00:00Z", ira.id);
    await buy("MSFT", "2", "300", "2026-02-16T15:00:00Z", ira.id);
    const read = (accountId?: number) =>
      call<PortfolioPerformanceDetail>("query", "portfolioSummary.performance", {
        range: "ALL",
        ...(accountId === undefined ? {} : { accountId }),
      });
    // ALL starts on the eve of the first trade: each trade day is a flow.
    expect((await read(ira.id)).data.explanation.flowSources).toEqual([
      { basis: "trades", accounts: [{ id: ira.id, name: "IRA" }], count: 2 },
    ]);
    expect((await read()).data.explanation.flowSources).toEqual([
      {
        basis: "trades",
        accounts: [
          { id: main.id, name: main.name },
          { id: ira.id, name: "IRA" },
        ],
        count: 3,
      },
    ]);
  });

  it("counts a cash-tracked account's deposits as its flows: a TWR worked by hand", async () => {
    const { call, rest } = await withAccounts();
    const brokerage = (
      await rest("POST", "/accounts", { name: "Brokerage", type: "taxable", cashTracked: true })
    ).body as unknown as InvestmentAccount;
    const cash = async (type: string, amount: string, date: string) =>
      expect(
        (await rest("POST", "/cash", { accountId: brokerage.id, type, amount, date })).status,
      ).toBe(200);
    await cash("deposit", "1000", "2026-02-02");
    await cash("interest", "10", "2026-02-09");
    await cash("deposit", "500", "2026-02-16");
    await cash("interest", "15.1", "2026-02-23");
    // By hand: 1,000 deposited grows to 1,010 by the eve of the second deposit (x 1.01); 1,510
    // after it grows to 1,525.10 (x 1.01). TWR = 1.01 x 1.01 - 1 = 0.0201. The deposits are the
    // flows (1,500), the interest is income, and total return = 1,525.10 - 0 - 1,500 = 25.10.
    const trpc = await call<PortfolioPerformanceDetail>("query", "portfolioSummary.performance", {
      range: "ALL",
      accountId: brokerage.id,
    });
    const viaRest = await rest("GET", `/portfolio/performance?range=ALL&accountId=${brokerage.id}`);
    expect(trpc.status).toBe(200);
    expect(viaRest.status).toBe(200);
    for (const answer of [trpc.data, viaRest.body as unknown as PortfolioPerformanceDetail]) {
      expect(Number(answer.timeWeightedReturn)).toBeCloseTo(0.0201, 12);
      expect(Number(answer.endValue)).toBe(1525.1);
      expect(Number(answer.netFlows)).toBe(1500);
      expect(Number(answer.income)).toBe(25.1);
      expect(Number(answer.totalReturn)).toBe(25.1);
    }
    expect(trpc.data.explanation.flowSources).toEqual([
      { basis: "cash", accounts: [{ id: brokerage.id, name: "Brokerage" }], count: 2 },
    ]);
    expect(trpc.data.explanation.flows.map((flow) => [flow.date, flow.amount, flow.kind])).toEqual([
      ["2026-02-02", "1000", "cash"],
      ["2026-02-16", "500", "cash"],
    ]);
  });

  it("reads a trade made after an earlier read of the account", async () => {
    const { call, rest, buy } = await withAccounts();
    const ira = (await rest("POST", "/accounts", { name: "IRA", type: "ira" }))
      .body as unknown as InvestmentAccount;
    await buy("AAPL", "5", "120", "2026-02-02T15:00:00Z", ira.id);
    const read = async () =>
      (
        await call<PortfolioHistory>("query", "portfolioSummary.history", {
          range: "ALL",
          benchmark: "contributions",
          accountId: ira.id,
        })
      ).data.points;
    expect((await read()).at(-1)!.costBasis).toBe("600");
    // Back-dated before the first: the history now starts earlier and costs more.
    await buy("MSFT", "1", "300", "2026-01-20T15:00:00Z", ira.id);
    const after = await read();
    expect(after[0]!.date).toBe("2026-01-20");
    expect(after.at(-1)!.costBasis).toBe("900");
  });

  it("refuses another user's account and a malformed one, changing nothing", async () => {
    const { call, rest } = await withAccounts();
    const other = await apps.t.registerUser();
    const theirs = (
      (await apps.t.request("GET", "/api/accounts", { token: other.token }))
        .body as unknown as InvestmentAccount[]
    )[0]!;
    const history = await call("query", "portfolioSummary.history", {
      range: "ALL",
      accountId: theirs.id,
    });
    expect(history.status).toBe(404);
    expect((await rest("GET", `/portfolio/history?range=ALL&accountId=${theirs.id}`)).status).toBe(
      404,
    );
    expect((await rest("GET", "/portfolio/history?range=ALL&accountId=abc")).status).toBe(400);
    expect(
      (await rest("GET", `/portfolio/performance/holdings?range=ALL&accountId=${theirs.id}`))
        .status,
    ).toBe(404);
  });
});
