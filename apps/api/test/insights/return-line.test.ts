import type { PortfolioHistory } from "@ledgerline/contracts";
import { createMarketService, systemClock, type Clock } from "@ledgerline/market";
import { afterEach, describe, expect, it, vi } from "vitest";
import { refreshSnapshots } from "@ledgerline/api/accounting/portfolio-snapshots";
import { portfolioHistory } from "@ledgerline/api/accounting/portfolio-summary";
import { returnLineOf } from "@ledgerline/api/insights/return-line";
import type { UserScope } from "@ledgerline/api/platform/scope";
import type { TestApp } from "../support/test-app";
import { historyScope, onAverageCost } from "../support/transactions-support";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  vi.restoreAllMocks();
});

/** A market clock the test moves by hand, in a regular session (the pinned market's now). */
function movableClock() {
  let now = Date.parse("2026-03-11T15:00:00Z");
  const clock: Clock = { ...systemClock, now: () => now };
  return { clock, advance: (ms: number) => (now += ms) };
}

/** The line as the value chart draws it: what the month grid and the risk card must be read from. */
async function chartLine(scope: UserScope, range: "ALL" | "1M", accountId?: number) {
  const history: PortfolioHistory = await portfolioHistory(scope, {
    range,
    benchmark: "return",
    accountId,
  });
  return {
    held: history.points.filter((point) => typeof point.timeWeightedReturn === "string"),
    spy: new Map(history.benchmark?.points.map((point) => [point.date, point.value])),
  };
}

describe("the insights' return line", () => {
  it("adds today's close at the current quotes to the line kept through yesterday, not built again", async () => {
    const time = movableClock();
    const me = await historyScope({ market: createMarketService({ clock: time.clock }) });
    t = me.t;
    const { scope } = me;
    await onAverageCost(scope);
    // The simulated AAPL pays dividends on 2025-10-08 and 2026-01-07 while these are held.
    await me.buy("STOCK", "AAPL", "2", "200", "2025-06-02T15:00:00Z");
    await me.buy("STOCK", "MSFT", "3", "400", "2025-07-01T15:00:00Z");
    await me.buy("STOCK", "MSFT", "1", "410", "2026-03-11T14:00:00Z");
    await refreshSnapshots(scope.deps, scope.user.id);

    const storedReads = vi.spyOn(scope.deps.repos.snapshots, "days");
    const before = await returnLineOf(scope, { range: "ALL" });
    const built = storedReads.mock.calls.length;
    expect(built).toBeGreaterThan(0);
    expect(before).toEqual(await chartLine(scope, "ALL"));

    // Past the quotes' freshness: the next read asks the market again, whose prices have moved.
    time.advance(61_000);
    storedReads.mockClear();
    const after = await returnLineOf(scope, { range: "ALL" });
    expect(storedReads).not.toHaveBeenCalled();
    const monthAfter = await returnLineOf(scope, { range: "1M" });
    expect(storedReads).toHaveBeenCalledTimes(2); // the month's first read: its chart's and its own
    expect(after.held.at(-1)!.totalValue).not.toBe(before.held.at(-1)!.totalValue);
    expect(after.held.slice(0, -1)).toEqual(before.held.slice(0, -1));
    expect(after).toEqual(await chartLine(scope, "ALL"));
    expect(monthAfter).toEqual(await chartLine(scope, "1M"));
    expect(after.spy.size).toBe(after.held.length);
    // One account's line, its cash not tracked: its own today on its kept past.
    const [main] = await scope.deps.repos.investmentAccounts.list(scope.user.id);
    await returnLineOf(scope, { range: "ALL", accountId: main!.id });
    time.advance(61_000);
    const account = await returnLineOf(scope, { range: "ALL", accountId: main!.id });
    expect(account).toEqual(await chartLine(scope, "ALL", main!.id));
  });

  it("keeps the line of accounts tracking cash through yesterday too, today's close added per read", async () => {
    const time = movableClock();
    const me = await historyScope({ market: createMarketService({ clock: time.clock }) });
    t = me.t;
    const { scope } = me;
    const { repos } = scope.deps;
    await onAverageCost(scope);
    const [main] = await repos.investmentAccounts.list(scope.user.id);
    await repos.investmentAccounts.update(scope.user.id, main!.id, { cashTracked: true });
    const deposit = (amount: string, date: string) =>
      repos.cash.create(
        scope.user.id,
        { type: "deposit", amount, date, notes: null },
        new Date("2026-03-11T15:00:00Z"),
      );
    // Cash before the first trade starts ALL; AAPL's dividends stay in the cash.
    await deposit("2000", "2025-05-20");
    await me.buy("STOCK", "AAPL", "2", "200", "2025-06-02T15:00:00Z");
    await deposit("1500", "2025-06-25");
    await me.buy("STOCK", "MSFT", "3", "400", "2025-07-01T15:00:00Z");
    // Today: a deposit (today's flow) and a buy out of the cash.
    await deposit("500", "2026-03-11");
    await me.buy("STOCK", "MSFT", "1", "410", "2026-03-11T14:00:00Z");
    await refreshSnapshots(scope.deps, scope.user.id);

    const storedReads = vi.spyOn(scope.deps.repos.snapshots, "days");
    const before = await returnLineOf(scope, { range: "ALL" });
    expect(storedReads).toHaveBeenCalled();
    expect(before).toEqual(await chartLine(scope, "ALL"));
    expect(before.held.at(-1)!.cashValue).toBeDefined();

    time.advance(61_000);
    storedReads.mockClear();
    const after = await returnLineOf(scope, { range: "ALL" });
    expect(storedReads).not.toHaveBeenCalled();
    expect(after.held.at(-1)!.totalValue).not.toBe(before.held.at(-1)!.totalValue);
    expect(after.held.at(-1)!.cashValue).toBe(before.held.at(-1)!.cashValue);
    expect(after.held.slice(0, -1)).toEqual(before.held.slice(0, -1));
    expect(after).toEqual(await chartLine(scope, "ALL"));
    expect(await returnLineOf(scope, { range: "1M" })).toEqual(await chartLine(scope, "1M"));
    expect(after.spy.get("2026-03-11")).toBeDefined();

    // The account alone, tracking its cash: its line kept through yesterday as well.
    const alone = { range: "ALL" as const, accountId: main!.id };
    const cashReads = vi.spyOn(repos.cash, "list");
    const first = await returnLineOf(scope, alone);
    expect(cashReads).toHaveBeenCalled();
    expect(first).toEqual(await chartLine(scope, "ALL", main!.id));
    time.advance(61_000);
    cashReads.mockClear();
    const moved = await returnLineOf(scope, alone);
    expect(cashReads).not.toHaveBeenCalled();
    expect(moved.held.at(-1)!.totalValue).not.toBe(first.held.at(-1)!.totalValue);
    expect(moved).toEqual(await chartLine(scope, "ALL", main!.id));
  });
});
