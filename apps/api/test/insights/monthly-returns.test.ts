import type { MonthlyReturns, PortfolioHistory } from "@ledgerline/contracts";
import { add, compound, monthlyReturnsOf, subtract } from "@ledgerline/money";
import { afterEach, describe, expect, it } from "vitest";
import type { TestApp } from "../support/test-app";
import { historyApp } from "../support/transactions-support";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * On the pinned market (today Wednesday 11 March 2026): 10 AAPL bought in November 2025, 0.05
 * BTC in January, 4 AAPL sold in February. The grid spans two years.
 */
async function twoYears() {
  const me = await historyApp();
  t = me.t;
  await me.buy("STOCK", "AAPL", "10", "230", "2025-11-10T15:00:00Z");
  await me.buy("CRYPTO", "BTC", "0.05", "90000", "2026-01-15T15:00:00Z");
  await me.sell("STOCK", "AAPL", "4", "245", "2026-02-12T15:00:00Z");
  const rest = (query: string, token = me.user.token) =>
    me.t.request("GET", `/api/portfolio/returns/monthly${query}`, { token });
  return { ...me, rest };
}

const growthOf = (history: PortfolioHistory, line: "portfolio" | "benchmark") => {
  const held = history.points.filter((point) => typeof point.timeWeightedReturn === "string");
  const spy = new Map(history.benchmark?.points.map((point) => [point.date, point.value]));
  return held.map((point) => ({
    date: point.date,
    growth: add("1", line === "portfolio" ? point.timeWeightedReturn! : spy.get(point.date)!),
  }));
};

describe("the monthly-returns grid", () => {
  it("chain-links the value chart's return line month by month, the same through both doors", async () => {
    const { ok, rest } = await twoYears();
    const grid = await ok<MonthlyReturns>("insights.monthlyReturns", {});
    const history = await ok<PortfolioHistory>("portfolioSummary.history", {
      range: "ALL",
      benchmark: "return",
    });
    const months = monthlyReturnsOf(growthOf(history, "portfolio"));
    const spyYears = monthlyReturnsOf(growthOf(history, "benchmark"));
    expect(grid).toEqual({
      startDate: "2025-11-10",
      endDate: "2026-03-11",
      benchmarkSymbol: "SPY",
      years: months.map((year, index) => ({
        ...year,
        benchmarkTotal: spyYears[index]!.total,
      })),
    });
    const [y2025, y2026] = grid.years;
    const held = (months: (string | null)[]) => months.map((month) => month !== null);
    expect(held(y2025!.months)).toEqual([...Array<boolean>(10).fill(false), true, true]);
    expect(held(y2026!.months)).toEqual([true, true, true, ...Array<boolean>(9).fill(false)]);
    // A year's months compound to its total (each rounded to the 8th place).
    for (const year of grid.years) {
      const linked = compound(
        year.months.flatMap((month) => (month === null ? [] : [add("1", month)])),
        8,
      );
      expect(Math.abs(Number(subtract(subtract(linked, "1"), year.total!)))).toBeLessThan(1e-7);
      expect(year.benchmarkTotal).toMatch(/^-?\d+(\.\d{1,8})?$/);
    }
    const answer = await rest("");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(grid);
  });

  it("does not count a buy paid from outside as a month's return", async () => {
    const { ok } = await twoYears();
    const grid = await ok<MonthlyReturns>("insights.monthlyReturns", {});
    // January's BTC buy more than doubled the value; time-weighted, January is the month's moves.
    expect(Math.abs(Number(grid.years[1]!.months[0]))).toBeLessThan(0.5);
  });

  it("is empty before the first trade, one account's with accountId, and never a 5xx", async () => {
    const me = await historyApp();
    t = me.t;
    expect(await me.ok<MonthlyReturns>("insights.monthlyReturns", {})).toEqual({
      startDate: null,
      endDate: null,
      benchmarkSymbol: "SPY",
      years: [],
    });
    await me.buy("STOCK", "AAPL", "10", "240", "2026-03-10T15:00:00Z");
    const [account] = await t.app.deps.repos.investmentAccounts.list(me.user.id);
    const mine = await me.ok<MonthlyReturns>("insights.monthlyReturns", {
      accountId: account!.id,
    });
    expect(mine.years).toHaveLength(1);
    expect(mine).toEqual(await me.ok<MonthlyReturns>("insights.monthlyReturns", {}));
  });

  it("is the user's alone: 401 signed out, 400 for a bad account id, 404 for another's", async () => {
    const { t: app, rest, query } = await twoYears();
    expect((await rest("", "")).status).toBe(401);
    expect((await app.trpc("query", "insights.monthlyReturns", {})).status).toBe(401);
    const bad = await rest("?accountId=abc");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("accountId");
    expect((await query("insights.monthlyReturns", { accountId: -1 })).status).toBe(400);
    expect((await rest("?accountId=999999")).status).toBe(404);
    const other = await app.registerUser();
    const [theirs] = await app.app.deps.repos.investmentAccounts.list(other.id);
    expect((await rest(`?accountId=${theirs!.id}`)).status).toBe(404);
  });
});
