import { performanceRanges } from "@ledgerline/contracts";
import type { AssetType } from "@ledgerline/db";
import { compare, multiply } from "@ledgerline/money";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applyCorporateActions } from "@ledgerline/api/accounting/corporate-actions";
import {
  holdingsPerformance,
  replayedHoldings,
} from "@ledgerline/api/accounting/holding-performance";
import { incomePaid } from "@ledgerline/api/accounting/income";
import { startOf } from "@ledgerline/api/accounting/period-start";
import {
  currentState,
  firstTradeDay,
  refreshSnapshots,
  scheduleSnapshotRefresh,
} from "@ledgerline/api/accounting/portfolio-snapshots";
import { currentPrices } from "@ledgerline/api/accounting/portfolio-summary";
import { addDays, utcDay } from "@ledgerline/api/accounting/portfolio-valuation";
import type { UserScope } from "@ledgerline/api/platform/scope";
import { storedHoldingReturns } from "@ledgerline/api/accounting/stored-holding-returns";
import type { TestApp } from "../support/test-app";
import { historyApp, historyScope, onAverageCost } from "../support/transactions-support";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  vi.restoreAllMocks();
});

const symbols: [AssetType, string][] = [
  ["STOCK", "AAPL"],
  ["STOCK", "JPM"],
  ["STOCK", "MSFT"],
  ["CRYPTO", "BTC"],
  ["CRYPTO", "ETH"],
];

describe("each holding's returns from the stored days", () => {
  it("equal a replay of its trades and closes, for every range, through back-dated trades, sell-outs, a split and dividends", async () => {
    const me = await historyApp();
    t = me.t;
    const { deps } = me.t.app;
    const user = (await deps.repos.users.findById(me.user.id))!;
    const scope: UserScope = { deps, ip: null, userAgent: null, user };
    const now = deps.market.clock.now();
    const today = utcDay(now);
    let seed = 15_2026;
    const random = () => ((seed = (seed * 48271) % 2147483647), seed / 2147483647);
    let compared = 0;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 14; i++) {
        const [assetType, symbol] = symbols[Math.floor(random() * symbols.length)]!;
        // Any day of the last 500, today included: later rounds write before earlier ones.
        const day = addDays(today, -Math.floor(random() * 500));
        const date = new Date(`${day}T14:30:00Z`);
        const price = (5 + Math.floor(random() * 90000) / 100).toFixed(2);
        const held = await deps.repos.portfolio.findBySymbol(user.id, assetType, symbol);
        const request = { userId: user.id, assetType, price, transactionDate: date, notes: null };
        const quantity = assetType === "CRYPTO" ? "0.125" : String(1 + Math.floor(random() * 9));
        if (held && random() < 0.4) {
          // Half the sells close the position: a holding closed, then bought again, or not.
          const sold =
            random() < 0.5 || compare(held.quantity, quantity) < 0 ? held.quantity : quantity;
          await deps.repos.portfolio.sell({
            ...request,
            positionId: held.id,
            quantity: sold,
            now: new Date(),
          });
        } else {
          await deps.repos.portfolio.buy({ ...request, symbol, quantity, now: new Date() });
        }
      }
      // JPM's split and AAPL's dividends are written as trades land.
      await applyCorporateActions(deps, user.id, { force: true });
      expect(await refreshSnapshots(deps, user.id)).not.toBeNull();

      const first = (await firstTradeDay(scope))!;
      const prices = await currentPrices(scope);
      for (const range of performanceRanges) {
        const startDate = startOf(range, now, first);
        const dividends = await incomePaid(scope, { from: startDate, to: today });
        const state = (await currentState(scope))!;
        const stored = await storedHoldingReturns(
          scope,
          state,
          startDate,
          today,
          dividends,
          prices,
        );
        const replayed = await replayedHoldings(scope, startDate, today, dividends, prices);
        expect(stored.map((holding) => holding.symbol).sort()).toEqual(
          replayed.map((holding) => holding.symbol).sort(),
        );
        for (const holding of stored) {
          if (holding.figures === null) continue;
          const replay = replayed.find((other) => other.symbol === holding.symbol)!;
          expect({ symbol: holding.symbol, range, ...holding.figures }).toEqual({
            ...replay,
            assetType: undefined,
            range,
          });
          compared += 1;
        }
      }
    }
    const income = await incomePaid(scope, { from: addDays(today, -600), to: today });
    expect(income.length).toBeGreaterThan(0);
    expect(compared).toBeGreaterThan(40);
  });

  it("equal a replay at the new prices when the prices move between reads (the rate searched from the last)", async () => {
    const { t: app, scope, buy, sell } = await historyScope();
    t = app;
    const { deps } = app.app;
    // Bought and sold in turns, so that the flows change sign many times, some at a loss.
    await buy("STOCK", "MSFT", "5", "400", "2025-03-03T15:00:00Z");
    await buy("STOCK", "AAPL", "10", "240", "2025-04-01T15:00:00Z");
    await sell("STOCK", "MSFT", "2", "380", "2025-06-02T15:00:00Z");
    await buy("STOCK", "MSFT", "3", "450", "2025-09-01T15:00:00Z");
    await sell("STOCK", "AAPL", "4", "200", "2025-11-03T15:00:00Z");
    await buy("CRYPTO", "BTC", "0.1", "90000", "2026-01-05T12:00:00Z");
    expect(await refreshSnapshots(deps, scope.user.id)).not.toBeNull();
    const today = utcDay(deps.market.clock.now());
    const prices = await currentPrices(scope);
    const state = (await currentState(scope))!;
    for (const startDate of [addDays(today, -400), addDays(today, -200)]) {
      const dividends = await incomePaid(scope, { from: startDate, to: today });
      // Up a little, down more, back to the first, and a crash: each read answers afresh.
      for (const change of ["1", "1.004", "0.97", "1", "0.2"]) {
        const moved = new Map([...prices].map(([key, price]) => [key, multiply(price, change)]));
        const stored = await storedHoldingReturns(scope, state, startDate, today, dividends, moved);
        const replayed = await replayedHoldings(scope, startDate, today, dividends, moved);
        expect(stored.map((holding) => holding.figures).every((figures) => figures !== null)).toBe(
          true,
        );
        const bySymbol = (a: { symbol: string }, b: { symbol: string }) =>
          a.symbol < b.symbol ? -1 : 1;
        expect(
          stored.map((holding) => ({ symbol: holding.symbol, ...holding.figures })).sort(bySymbol),
        ).toEqual(replayed.map((holding) => ({ ...holding, assetType: undefined })).sort(bySymbol));
      }
    }
  });

  it("are read again after a trade's recompute, off the request path, for a user who read them", async () => {
    const me = await historyApp();
    t = me.t;
    const { deps } = me.t.app;
    const user = (await deps.repos.users.findById(me.user.id))!;
    const scope: UserScope = { deps, ip: null, userAgent: null, user };
    await me.buy("STOCK", "MSFT", "2", "400", "2025-11-03T15:00:00Z");
    const before = await holdingsPerformance(scope, "1Y");
    expect(before.holdings.map((holding) => holding.netFlows)).toEqual(["800"]);

    const reads = vi.spyOn(deps.repos.snapshots, "holdingTradeDays");
    await me.buy("STOCK", "MSFT", "1", "390", "2025-12-01T15:00:00Z");
    scheduleSnapshotRefresh(deps, user.id);
    await me.t.settled();
    expect(reads).toHaveBeenCalled();
    const calls = reads.mock.calls.length;
    const after = await holdingsPerformance(scope, "1Y");
    expect(after.holdings.map((holding) => holding.netFlows)).toEqual(["1190"]);
    expect(reads.mock.calls.length).toBe(calls);
  });

  it("read the stored rows a period starts from and its dividends' days once per state of the snapshots", async () => {
    const me = await historyApp();
    t = me.t;
    const { deps } = me.t.app;
    const user = (await deps.repos.users.findById(me.user.id))!;
    const scope: UserScope = { deps, ip: null, userAgent: null, user };
    await me.buy("STOCK", "AAPL", "10", "200", "2025-01-06T15:00:00Z");
    // AAPL's dividends of the year, whose pay days' rows the time-weighted return reads.
    await applyCorporateActions(deps, user.id, { force: true });
    expect(await refreshSnapshots(deps, user.id)).not.toBeNull();
    const asOf = vi.spyOn(deps.repos.snapshots, "holdingDaysAsOf");
    const around = vi.spyOn(deps.repos.snapshots, "holdingDaysOn");

    const first = await holdingsPerformance(scope, "1Y");
    expect(first.holdings[0]!.income).not.toBe("0");
    const reads = [asOf.mock.calls.length, around.mock.calls.length];
    expect(reads[0]).toBeGreaterThan(0);
    expect(reads[1]).toBeGreaterThan(0);
    expect(await holdingsPerformance(scope, "1Y")).toEqual(first);
    expect([asOf.mock.calls.length, around.mock.calls.length]).toEqual(reads);

    // A trade makes a new state: its rows are read again, and the answer has the trade.
    await me.buy("STOCK", "AAPL", "1", "210", "2025-12-01T15:00:00Z");
    scheduleSnapshotRefresh(deps, user.id);
    await me.t.settled();
    const after = await holdingsPerformance(scope, "1Y");
    expect([first.holdings[0]!.netFlows, after.holdings[0]!.netFlows]).toEqual(["0", "210"]);
    expect(asOf.mock.calls.length).toBeGreaterThan(reads[0]!);
  });

  it("are carried to the state one trade makes, reading only the days its recompute rewrote, and still equal a replay", async () => {
    const me = await historyScope();
    t = me.t;
    const { scope } = me;
    const { deps, user } = scope;
    await onAverageCost(scope);
    const today = utcDay(deps.market.clock.now());
    const expectReplayed = async (range: "ALL" | "1Y") => {
      const startDate = startOf(range, deps.market.clock.now(), (await firstTradeDay(scope))!);
      const dividends = await incomePaid(scope, { from: startDate, to: today });
      const prices = await currentPrices(scope);
      expect((await holdingsPerformance(scope, range)).holdings).toEqual(
        await replayedHoldings(scope, startDate, today, dividends, prices),
      );
    };
    await me.buy("STOCK", "AAPL", "5", "180", "2025-01-06T15:00:00Z");
    await me.buy("STOCK", "MSFT", "3", "400", "2025-02-03T15:00:00Z");
    await me.buy("CRYPTO", "BTC", "0.25", "60000", "2025-03-03T12:00:00Z");
    await expectReplayed("ALL");
    await expectReplayed("1Y");

    const reads = vi.spyOn(deps.repos.snapshots, "holdingTradeDays");
    let seed = 2026_11;
    const random = () => ((seed = (seed * 48271) % 2147483647), seed / 2147483647);
    for (let i = 0; i < 10; i++) {
      const [assetType, symbol] = symbols[Math.floor(random() * symbols.length)]!;
      const day = addDays(today, -Math.floor(random() * 600));
      const date = `${day}T15:00:00Z`;
      const held = await deps.repos.portfolio.findBySymbol(user.id, assetType, symbol);
      const quantity = assetType === "CRYPTO" ? "0.125" : "1";
      // Some sells close the position; one back-dated before the first trade moves the first day.
      if (held && random() < 0.4) await me.sell(assetType, symbol, held.quantity, "300", date);
      else await me.buy(assetType, symbol, quantity, "250", date);
      reads.mockClear();
      await expectReplayed("ALL");
      await expectReplayed("1Y");
      // Only the trade's own days and after were read again, not the whole history.
      for (const [, after] of reads.mock.calls) expect(after >= addDays(day, -1)).toBe(true);
    }
  });
});
