import { FAR_DAY, type AssetType } from "@ledgerline/db";
import { add, compare, fromStored, sum } from "@ledgerline/money";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applyCorporateActions } from "@ledgerline/api/accounting/corporate-actions";
import { portfolioPerformance } from "@ledgerline/api/accounting/performance";
import {
  realizedBySymbol,
  refreshSnapshots,
  scheduleSnapshotRefresh,
  valueRange,
} from "@ledgerline/api/accounting/portfolio-snapshots";
import {
  currentPrices,
  portfolioHistory,
  portfolioSummary,
} from "@ledgerline/api/accounting/portfolio-summary";
import {
  addDays,
  TradeLedger,
  tradeDay,
  utcDay,
  valueByDay,
} from "@ledgerline/api/accounting/portfolio-valuation";
import type { UserScope } from "@ledgerline/api/platform/scope";
import type { TestApp } from "../support/test-app";
import { historyApp } from "../support/transactions-support";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  vi.restoreAllMocks();
});

async function snapshotApp() {
  const me = await historyApp();
  t = me.t;
  const { deps } = me.t.app;
  const user = (await deps.repos.users.findById(me.user.id))!;
  const scope: UserScope = { deps, ip: null, userAgent: null, user };
  const today = utcDay(deps.market.clock.now());
  return { ...me, deps, scope, today, yesterday: addDays(today, -1) };
}

type Setup = Awaited<ReturnType<typeof snapshotApp>>;

/** The snapshots brought up to date, and every figure they give equal to a replay of every trade. */
async function expectReplayFigures(setup: Setup, { rebuild = true } = {}) {
  const { deps, scope, today, yesterday, user } = setup;
  const state = await refreshSnapshots(deps, user.id);
  // Up to date: valueRange answers from the snapshots, not from its replay fallback.
  expect(state).toMatchObject({ staleFrom: null, valuedThrough: yesterday });
  const trades = await deps.repos.transactions.trades(user.id);
  const first = tradeDay(trades[0]!);
  const prices = await currentPrices(scope);
  for (const from of [first, addDays(first, 17), addDays(today, -30), yesterday, today]) {
    if (from < first) continue;
    expect(await valueRange(scope, from, today, prices)).toEqual(
      await valueByDay(deps, trades, from, today, prices),
    );
  }
  const ledger = new TradeLedger();
  for (const trade of trades) ledger.apply(trade);
  const realized = await realizedBySymbol(scope);
  expect(sum([...realized.values()])).toBe(ledger.totalRealized());
  for (const [key, gain] of ledger.realized) expect(realized.get(key) ?? "0").toBe(gain);
  if (rebuild) await expectFullRebuildRows(setup);
}

const TEXT_COLUMNS = ["day", "until", "asset_type", "symbol"];

/** A table's rows of the user, in key order, with amounts in canonical form. */
async function storedRows({ t, user }: Setup, columns: string, table: string) {
  const rows = await t.app.database.query<Record<string, string | null>>(
    `SELECT ${columns} FROM ${table} WHERE user_id = ? ORDER BY day, asset_type, symbol`,
    [user.id],
  );
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([column, value]) => [
        column,
        TEXT_COLUMNS.includes(column) || value === null ? value : fromStored(String(value)),
      ]),
    ),
  );
}

/**
 * Every stored day, the portfolio's and each holding's, growth factors included, and every
 * holding's positions with the day each one ran until.
 */
async function storedDays(setup: Setup) {
  const { deps, user, yesterday } = setup;
  return {
    days: await deps.repos.snapshots.days(user.id, "0000-01-01", yesterday),
    holdings: await storedRows(
      setup,
      "day, asset_type, symbol, value, cost_basis, flow, realized, growth",
      "holding_days",
    ),
    positions: await storedRows(
      setup,
      "day, until, asset_type, symbol, quantity, average_price, last_price, realized",
      "holding_snapshots",
    ),
  };
}

/**
 * The days the recomputes kept from each trade's day on are the days a rebuild from nothing
 * stores: every holding's value, flows, growth factor and positions, and the portfolio's.
 */
async function expectFullRebuildRows(setup: Setup) {
  const { deps, t, user } = setup;
  const incremental = await storedDays(setup);
  expect(incremental.holdings.length).toBeGreaterThan(0);
  await t.app.database.query("DELETE FROM portfolio_snapshot_states WHERE user_id = ?", [user.id]);
  expect(await refreshSnapshots(deps, user.id)).not.toBeNull();
  expect(await storedDays(setup)).toEqual(incremental);
}

describe("daily holdings snapshots", () => {
  // 3 to 15 s alone on this 2-core machine (load 10), and past the 20 s default in a batch of
  // files at load 18: a budget for its work, not a performance limit.
  it("give the figures of a full replay through random, back-dated trades, sells and a split", async () => {
    const setup = await snapshotApp();
    const { deps, user, today } = setup;
    const symbols: [AssetType, string][] = [
      ["STOCK", "AAPL"],
      ["STOCK", "JPM"],
      ["STOCK", "MSFT"],
      ["CRYPTO", "BTC"],
      ["CRYPTO", "ETH"],
    ];
    let seed = 20260311;
    const random = () => ((seed = (seed * 48271) % 2147483647), seed / 2147483647);
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 12; i++) {
        const [assetType, symbol] = symbols[Math.floor(random() * symbols.length)]!;
        // Any day of the last 400, today included: later rounds write before earlier ones.
        const date = new Date(`${addDays(today, -Math.floor(random() * 400))}T14:30:00Z`);
        const price = (5 + Math.floor(random() * 90000) / 100).toFixed(2);
        const held = await deps.repos.portfolio.findBySymbol(user.id, assetType, symbol);
        const quantity = assetType === "CRYPTO" ? "0.125" : String(1 + Math.floor(random() * 9));
        const request = { userId: user.id, assetType, price, transactionDate: date, notes: null };
        if (held && random() < 0.35 && compare(held.quantity, quantity) >= 0) {
          await deps.repos.portfolio.sell({
            ...request,
            positionId: held.id,
            quantity,
            now: new Date(),
          });
        } else {
          await deps.repos.portfolio.buy({ ...request, symbol, quantity, now: new Date() });
        }
      }
      // JPM split 1:2 on 2026-01-20: its SPLIT row is written (or rewritten) as trades land.
      await applyCorporateActions(deps, user.id, { force: true });
      await expectReplayFigures(setup);
    }
    const splits = (await deps.repos.transactions.trades(user.id)).filter(
      (trade) => trade.transactionType === "SPLIT",
    );
    expect(splits.length).toBeGreaterThan(0);
  }, 60_000);

  it("value only the traded holdings again after single back-dated trades, to the figures of a replay", async () => {
    const setup = await snapshotApp();
    const { deps, user, today, buy, sell } = setup;
    await buy("STOCK", "AAPL", "10", "200", `${addDays(today, -420)}T15:00:00Z`);
    await buy("CRYPTO", "BTC", "0.5", "60000", `${addDays(today, -400)}T12:00:00Z`);
    await buy("STOCK", "JPM", "4", "150", `${addDays(today, -380)}T15:00:00Z`);
    await refreshSnapshots(deps, user.id);
    const symbols: [AssetType, string, string][] = [
      ["STOCK", "AAPL", "3"],
      ["STOCK", "JPM", "2"],
      ["STOCK", "MSFT", "1"],
      ["CRYPTO", "BTC", "0.125"],
    ];
    let seed = 20261127;
    const random = () => ((seed = (seed * 48271) % 2147483647), seed / 2147483647);
    for (let i = 0; i < 10; i++) {
      const [assetType, symbol, quantity] = symbols[Math.floor(random() * symbols.length)]!;
      const at = `${addDays(today, -1 - Math.floor(random() * 370))}T15:30:00Z`;
      const price = (50 + Math.floor(random() * 50000) / 100).toFixed(2);
      const held = await deps.repos.portfolio.findBySymbol(user.id, assetType, symbol);
      // Sells, some of them closing the position, where enough is held.
      if (held && random() < 0.4 && compare(held.quantity, quantity) >= 0) {
        await sell(assetType, symbol, random() < 0.3 ? held.quantity : quantity, price, at);
      } else {
        await buy(assetType, symbol, quantity, price, at);
      }
      await expectReplayFigures(setup);
    }
  }, 60_000);

  it("recompute a back-dated trade from its day on, keeping every day before it", async () => {
    const setup = await snapshotApp();
    const { deps, user, buy, sell, yesterday } = setup;
    await buy("STOCK", "AAPL", "10", "200", "2025-06-02T15:00:00Z");
    await buy("CRYPTO", "BTC", "0.5", "60000", "2025-09-01T12:00:00Z");
    await sell("STOCK", "AAPL", "4", "230", "2026-01-05T15:00:00Z");
    await expectReplayFigures(setup);
    const before = await deps.repos.snapshots.days(user.id, "2025-01-01", yesterday);

    const saves = vi.spyOn(deps.repos.snapshots, "save");
    const stockBars = vi.spyOn(deps.market.stocks, "getDailyBars");
    const cryptoBars = vi.spyOn(deps.market.crypto, "getDailyBars");
    await buy("STOCK", "MSFT", "3", "400", "2025-12-01T15:00:00Z");
    await refreshSnapshots(deps, user.id);
    // Only MSFT is valued again: AAPL's and BTC's part of each day is taken as stored.
    expect(stockBars.mock.calls.map(([symbol]) => symbol)).toEqual(["MSFT"]);
    expect(cryptoBars).not.toHaveBeenCalled();
    await expectReplayFigures(setup, { rebuild: false });
    expect(saves).toHaveBeenCalledTimes(1);
    const rebuild = saves.mock.calls[0]![0];
    expect(rebuild.from).toBe("2025-12-01");
    expect(rebuild.days[0]?.day).toBe("2025-12-01");
    // Each holding's positions too: only MSFT's, the one the trade changed.
    expect(rebuild.holdings.map((held) => [held.symbol, held.day])).toEqual([
      ["MSFT", "2025-12-01"],
    ]);

    const after = await deps.repos.snapshots.days(user.id, "2025-01-01", yesterday);
    const until = (days: typeof before, day: string) => days.filter((d) => d.day < day);
    expect(until(after, "2025-12-01")).toEqual(until(before, "2025-12-01"));
    expect(after.length).toBe(before.length);
    const on = (days: typeof before, day: string) => days.find((d) => d.day === day)!;
    expect(on(after, "2025-12-01").costBasis).toBe(add(on(before, "2025-12-01").costBasis, "1200"));
    expect(on(after, "2025-12-01").flow).toBe("1200");
    // Each holding's days too: only MSFT's are written, from that day, starting at its cost; the
    // other holdings' days did not change.
    expect(rebuild.restated).toEqual({
      from: "2025-12-01",
      holdings: [{ assetType: "STOCK", symbol: "MSFT" }],
    });
    expect(rebuild.holdingDays.every((day) => day.symbol === "MSFT")).toBe(true);
    expect(rebuild.holdingDays.every((day) => day.day >= "2025-12-01")).toBe(true);
    const bought = rebuild.holdingDays.find((day) => day.symbol === "MSFT")!;
    expect(bought).toMatchObject({ day: "2025-12-01", flow: "1200", costBasis: "1200" });
    await expectFullRebuildRows(setup);

    // A trade between two stored positions of a holding: the one before it now runs until it,
    // and the new one until the next.
    saves.mockClear();
    await sell("STOCK", "AAPL", "1", "210", "2025-10-01T15:00:00Z");
    await expectReplayFigures(setup, { rebuild: false });
    expect(saves.mock.calls[0]![0].holdings.map((held) => [held.day, held.until])).toEqual([
      ["2025-10-01", "2026-01-05"],
      ["2026-01-05", FAR_DAY],
    ]);
    const aapl = await deps.repos.snapshots.holdingsAt(user.id, "2025-09-30");
    expect(aapl.find((held) => held.symbol === "AAPL")).toMatchObject({ until: "2025-10-01" });
    await expectFullRebuildRows(setup);
  });

  it("let the summary, the value history and the returns read without replaying every trade", async () => {
    const setup = await snapshotApp();
    const { deps, buy, sell, scope, today } = setup;
    await buy("STOCK", "AAPL", "10", "200", "2025-06-02T15:00:00Z");
    await sell("STOCK", "AAPL", "4", "230", "2026-01-05T15:00:00Z");
    await buy("CRYPTO", "BTC", "0.5", "60000", `${today}T10:00:00Z`);
    await refreshSnapshots(deps, setup.user.id);

    const reads = vi.spyOn(deps.repos.transactions, "trades");
    const summary = await portfolioSummary(scope);
    await portfolioHistory(scope, { range: "ALL", benchmark: "contributions" });
    await portfolioHistory(scope, { range: "ALL", benchmark: "return" });
    await portfolioPerformance(scope, "ALL");
    // Only today's trades are read: everything before comes from the snapshots.
    expect(reads.mock.calls.length).toBeGreaterThan(0);
    for (const [, since] of reads.mock.calls)
      expect(since?.toISOString()).toBe(`${today}T00:00:00.000Z`);
    expect(summary.returns.realizedGain).toBe("120");
  });

  it("are recomputed after a trade from the next turn of the event loop, so the trade's answer never waits for the recompute's reads", async () => {
    const setup = await snapshotApp();
    const { deps, buy, user, yesterday } = setup;
    await buy("STOCK", "AAPL", "10", "200", "2025-06-02T15:00:00Z");
    const reads = vi.spyOn(deps.repos.transactions, "trades");
    scheduleSnapshotRefresh(deps, user.id);
    // What the trade's answer still does before it is sent runs in promise callbacks.
    for (let hop = 0; hop < 100; hop++) await Promise.resolve();
    expect(reads).not.toHaveBeenCalled();
    await setup.t.settled();
    expect(await deps.repos.snapshots.state(user.id)).toMatchObject({
      staleFrom: null,
      valuedThrough: yesterday,
    });
    expect(reads).toHaveBeenCalled();
  });
});
