import { compoundedOver } from "@ledgerline/money";
import type { PerformanceRange } from "@ledgerline/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  holdingsPerformance,
  replayedHoldings,
} from "@ledgerline/api/accounting/holding-performance";
import { incomePaid } from "@ledgerline/api/accounting/income";
import { portfolioPerformance } from "@ledgerline/api/accounting/performance";
import { periodReturns } from "@ledgerline/api/accounting/period-returns";
import { startOf } from "@ledgerline/api/accounting/period-start";
import {
  firstTradeDay,
  refreshSnapshots,
  scheduleSnapshotRefresh,
  valueRange,
} from "@ledgerline/api/accounting/portfolio-snapshots";
import { currentPrices } from "@ledgerline/api/accounting/portfolio-summary";
import { utcDay } from "@ledgerline/api/accounting/portfolio-valuation";
import type { TestApp } from "../support/test-app";
import { historyScope, onAverageCost } from "../support/transactions-support";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  vi.restoreAllMocks();
});

async function heldApples() {
  const me = await historyScope();
  t = me.t;
  const { scope } = me;
  const { deps, user } = scope;
  await onAverageCost(scope);
  // The simulated AAPL pays dividends on 2025-10-08 and 2026-01-07 while these are held.
  await me.buy("STOCK", "AAPL", "2", "200", "2025-06-02T15:00:00Z");
  await me.buy("STOCK", "MSFT", "3", "400", "2025-07-01T15:00:00Z");
  await refreshSnapshots(deps, user.id);
  /** What a read of the range starts from: its days, today's prices and its dividends. */
  async function periodOf(range: PerformanceRange) {
    const now = deps.market.clock.now();
    const today = utcDay(now);
    const startDate = startOf(range, now, (await firstTradeDay(scope))!);
    const [prices, dividends] = await Promise.all([
      currentPrices(scope),
      incomePaid(scope, { from: startDate, to: today }),
    ]);
    return { today, startDate, prices, dividends };
  }
  /** The returns over every day of the period valued afresh, as they were before any was kept. */
  async function afresh(range: PerformanceRange) {
    const { today, startDate, prices, dividends } = await periodOf(range);
    const { days } = await valueRange(scope, startDate, today, prices);
    const returns = periodReturns(
      days.map((day) => ({ ...day, value: day.totalValue })),
      dividends,
    );
    const { flows, subPeriods, cashFlows, moneyWeightedDays, ...figures } = returns;
    return {
      ...figures,
      moneyWeightedReturnCumulative: compoundedOver(figures.moneyWeightedReturn, moneyWeightedDays),
      explanation: { flows, subPeriods, cashFlows },
    };
  }
  /** Each holding's returns from a replay of its trades, as where the stored days cannot say. */
  async function holdingsAfresh(range: PerformanceRange) {
    const { today, startDate, prices, dividends } = await periodOf(range);
    return replayedHoldings(scope, startDate, today, dividends, prices);
  }
  /** Each range's read, the portfolio's and its holdings', equals its returns afresh. */
  async function expectAfresh(ranges: PerformanceRange[] = ["ALL", "6M", "1M"]) {
    for (const range of ranges) {
      expect(await portfolioPerformance(scope, range)).toMatchObject(await afresh(range));
      expect((await holdingsPerformance(scope, range)).holdings).toEqual(
        await holdingsAfresh(range),
      );
    }
  }
  return { ...me, afresh, expectAfresh };
}

describe("the portfolio's returns kept between reads", () => {
  it("read the stored days once per state of the snapshots, and equal the returns over every day valued afresh", async () => {
    const { scope, afresh, expectAfresh } = await heldApples();
    const storedReads = vi.spyOn(scope.deps.repos.snapshots, "days");
    const first = await portfolioPerformance(scope, "ALL");
    expect(storedReads).toHaveBeenCalledTimes(1);
    const again = await portfolioPerformance(scope, "ALL");
    expect(storedReads).toHaveBeenCalledTimes(1);
    expect(again).toEqual(first);
    expect(first.explanation.subPeriods.length).toBeGreaterThan(1);
    expect(first).toMatchObject(await afresh("ALL"));
    await expectAfresh();
  });

  it("see a back-dated trade, today's trades and a sale at the next read", async () => {
    const me = await heldApples();
    const { scope, expectAfresh } = me;
    const before = await portfolioPerformance(scope, "ALL");
    await expectAfresh();

    await me.buy("STOCK", "AAPL", "1", "210", "2025-09-01T15:00:00Z");
    const backDated = await portfolioPerformance(scope, "ALL");
    expect(Number(backDated.netFlows) - Number(before.netFlows)).toBe(210);
    await expectAfresh();

    await me.sell("STOCK", "MSFT", "3", "420", "2026-03-11T14:00:00Z");
    const sold = await portfolioPerformance(scope, "ALL");
    expect(Number(sold.netFlows) - Number(backDated.netFlows)).toBe(-1260);
    expect(sold.explanation.flows.at(-1)).toEqual({
      date: "2026-03-11",
      amount: "-1260",
      kind: "trades",
      symbol: null,
    });
    await expectAfresh();

    await me.sell("STOCK", "AAPL", "3", "250", "2026-01-02T15:00:00Z");
    await expectAfresh();
  });

  it("are worked through the state a trade's recompute makes before the next read, for the ranges read", async () => {
    const me = await heldApples();
    const { scope, afresh } = me;
    await portfolioPerformance(scope, "ALL");
    await portfolioPerformance(scope, "1M");
    await me.buy("STOCK", "AAPL", "1", "210", "2025-09-01T15:00:00Z");
    scheduleSnapshotRefresh(scope.deps, scope.user.id);
    await me.t.settled();

    const storedReads = vi.spyOn(scope.deps.repos.snapshots, "days");
    const all = await portfolioPerformance(scope, "ALL");
    const month = await portfolioPerformance(scope, "1M");
    expect(storedReads).not.toHaveBeenCalled();
    // A range not read before is worked through by its first read.
    await portfolioPerformance(scope, "6M");
    expect(storedReads).toHaveBeenCalledTimes(1);
    expect(all).toMatchObject(await afresh("ALL"));
    expect(month).toMatchObject(await afresh("1M"));
  });

  it("see an edited dividend at the next read", async () => {
    const { scope, expectAfresh } = await heldApples();
    const { repos } = scope.deps;
    await expectAfresh(["ALL"]);
    const before = await portfolioPerformance(scope, "ALL");
    const [entry] = (await repos.corporateActions.listIncome(scope.user.id)).filter(
      (income) => income.payDate > before.startDate,
    );
    expect(entry).toBeDefined();
    await repos.corporateActions.deleteIncome(scope.user.id, entry!.id, new Date());
    const after = await portfolioPerformance(scope, "ALL");
    expect(Number(before.income) - Number(after.income)).toBeCloseTo(Number(entry!.total), 8);
    await expectAfresh(["ALL"]);
  });
});
