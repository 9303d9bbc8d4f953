import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRepositories, type ImportedTrade, type Repositories } from "../src";
import { raw, type Work } from "../src/database";
import { openTestDatabase } from "../src/testing";

const now = new Date("2026-03-02T15:00:00Z");

describe("a long write transaction on a SQLite file", () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let repos: Repositories;
  let userId: number;

  beforeEach(async () => {
    handle = await openTestDatabase();
    repos = createRepositories(handle);
    userId = (await repos.users.create(
      { email: "a@example.com", name: "A", passwordHash: "h" },
      now,
    ))!.id;
  });
  afterEach(() => handle.close());

  it("waits for the file's write lock and writes on a thread of its own, the event loop turning meanwhile", async () => {
    // Another process holds the file's write lock for a while (its own long write).
    const other = new BetterSqlite3(handle.path);
    other.exec("BEGIN IMMEDIATE");
    let turns = 0;
    const ticking = setInterval(() => turns++, 10);
    const released = new Promise<void>((resolve) =>
      setTimeout(() => {
        other.exec("COMMIT");
        other.close();
        resolve();
      }, 300),
    );
    const trades: ImportedTrade[] = Array.from({ length: 2000 }, (_, i) => ({
      assetType: "STOCK",
      symbol: "AAPL",
      transactionType: "BUY",
      quantity: "1",
      price: "100",
      date: new Date(Date.UTC(2020, 0, 1) + i * 60_000),
      notes: null,
    }));
    const started = performance.now();
    // On the event loop's thread, BEGIN IMMEDIATE waited out SQLite's busy timeout holding the
    // loop (the timer above could not release the lock) and failed after 5 s.
    const outcome = await repos.portfolio.importTrades({
      userId,
      trades,
      income: [],
      now,
      checkedAfter: null,
    });
    await released;
    clearInterval(ticking);
    expect(outcome).toEqual({ ok: true, imported: 2000, incomeAdded: 0, cashAdded: 0 });
    expect(performance.now() - started).toBeLessThan(4000);
    expect(turns).toBeGreaterThan(5);
    expect(await repos.portfolio.transactions(userId)).toHaveLength(2000);
  });

  it("rolls the thread's transaction back when the work fails, and the next one goes on", async () => {
    const buy = (quantity: string, transactionType: "BUY" | "SELL"): ImportedTrade => ({
      assetType: "STOCK",
      symbol: "AAPL",
      transactionType,
      quantity,
      price: "100",
      date: new Date(Date.UTC(2020, 0, 1)),
      notes: null,
    });
    const refused = await repos.portfolio.importTrades({
      userId,
      trades: [buy("1", "BUY"), buy("2", "SELL")],
      income: [],
      now,
      checkedAfter: null,
    });
    expect(refused).toMatchObject({ ok: false, reason: "exceeds_holding" });
    expect(
      await repos.portfolio.importTrades({
        userId,
        trades: [buy("1", "BUY")],
        income: [],
        now,
        checkedAfter: null,
      }),
    ).toEqual({ ok: true, imported: 1, incomeAdded: 0, cashAdded: 0 });
    expect(await repos.portfolio.transactions(userId)).toHaveLength(1);
  });

  it("keeps the thread's connection for the pausing writes that follow, and closes it once idle", async () => {
    // A temporary table lives and dies with its connection: seeing it again means the same one.
    const keptTables = () =>
      handle.transaction(
        function* (): Work<number> {
          const [count] = yield* raw<number>(
            "SELECT count(*) FROM sqlite_temp_master WHERE name = 'kept'",
            [],
            true,
          );
          return count ?? 0;
        },
        { pauses: true },
      );
    await handle.transaction(
      function* (): Work<void> {
        yield* raw("CREATE TEMP TABLE kept (id INTEGER)", []);
      },
      { pauses: true },
    );
    // The next batch of an import: its page cache and prepared statements are still there.
    expect(await keptTables()).toBe(1);
    expect(await keptTables()).toBe(1);
    // Idle for longer than the connection is kept: closed, and the next write opens a new one.
    await new Promise((resolve) => setTimeout(resolve, 2_300));
    expect(await keptTables()).toBe(0);
  });

  it("saves a large snapshot rebuild on the thread, the event loop turning, and reads it back", async () => {
    // The rebuild after a 100,000-row import: ~190,000 rows, which held the loop ~0.7 s.
    const symbols = Array.from({ length: 20 }, (_, i) => `S${i}`);
    const dayOf = (n: number) =>
      new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    const days = Array.from({ length: 400 }, (_, n) => dayOf(n));
    const rebuild = {
      userId,
      version: null,
      from: days[0]!,
      days: days.map((day, n) => ({
        day,
        stockValue: `${1000 + n}.25`,
        cryptoValue: "0",
        costBasis: "1000",
        flow: n === 0 ? "1000" : "0",
        realized: "0",
        growth: `1.${n}1`,
      })),
      holdings: symbols.map((symbol) => ({
        assetType: "STOCK" as const,
        symbol,
        day: days[0]!,
        until: "9999-12-31",
        quantity: "2",
        averagePrice: "25",
        lastPrice: "25",
        realized: "0",
      })),
      holdingDays: days.flatMap((day, n) =>
        symbols.map((symbol) => ({
          day,
          assetType: "STOCK" as const,
          symbol,
          value: `${50 + n}.05`,
          costBasis: "50",
          flow: n === 0 ? "50" : "0",
          realized: "0",
          growth: "1.5",
        })),
      ),
      allHoldingsFrom: days[0]!,
      restated: null,
      valuedThrough: days.at(-1)!,
      firstDay: days[0]!,
    };
    let turns = 0;
    const ticking = setInterval(() => turns++, 1);
    const saved = await repos.snapshots.save(rebuild);
    clearInterval(ticking);
    expect(saved).toBe(true);
    expect(turns).toBeGreaterThan(1);
    expect(await repos.snapshots.state(userId)).toMatchObject({
      staleFrom: null,
      valuedThrough: days.at(-1),
      firstDay: days[0],
    });
    expect(await repos.snapshots.days(userId, days[0]!, days.at(-1)!)).toEqual(rebuild.days);
    const last = await repos.snapshots.holdingDaysAsOf(userId, days.at(-1)!);
    expect(last).toHaveLength(symbols.length);
    expect(last[0]).toMatchObject({ day: days.at(-1), value: "449.05", growth: "1.5" });
    expect(await repos.snapshots.currentHoldings(userId)).toHaveLength(symbols.length);
  });
});
