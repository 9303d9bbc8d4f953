import { applyBuy, applySell, type Holding } from "@ledgerline/money";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  changes,
  first,
  createRepositories,
  openDatabase,
  pause,
  type ImportedTrade,
  type LotTradeRow,
  type Repositories,
  type Transaction,
} from "../src";
import { testDialects } from "../src/testing";

const now = new Date("2026-03-02T15:00:00Z");
const trade = { assetType: "STOCK" as const, transactionDate: now, notes: null, now };

describe.each(await testDialects("the portfolio repository tests"))("on $name", (dialect) => {
  let handle: Awaited<ReturnType<typeof dialect.open>>;
  let repos: Repositories;
  let userId: number;
  let otherUserId: number;

  beforeEach(async () => {
    handle = await dialect.open();
    repos = createRepositories(handle);
    userId = (await repos.users.create(
      { email: "a@example.com", name: "A", passwordHash: "h" },
      now,
    ))!.id;
    otherUserId = (await repos.users.create(
      { email: "b@example.com", name: "B", passwordHash: "h" },
      now,
    ))!.id;
  });
  afterEach(() => handle.close());

  describe("portfolio trades", () => {
    it("buys at two prices into one position with the exact average, writing a transaction each", async () => {
      await repos.portfolio.buy({
        ...trade,
        userId,
        symbol: "AAPL",
        quantity: "10",
        price: "100.10",
      });
      const second = await repos.portfolio.buy({
        ...trade,
        userId,
        symbol: "AAPL",
        quantity: "30",
        price: "120.30",
      });
      expect(second.ok && second.position).toMatchObject({
        symbol: "AAPL",
        quantity: "40",
        averagePrice: "115.25",
      });
      const history = await repos.portfolio.transactions(userId);
      expect(history.map((t) => [t.transactionType, t.quantity, t.price, t.total])).toEqual([
        ["BUY", "30", "120.3", "3609"],
        ["BUY", "10", "100.1", "1001"],
      ]);
    });

    it("keeps fractional quantities exact to 8 decimals", async () => {
      const bought = await repos.portfolio.buy({
        ...trade,
        assetType: "CRYPTO",
        userId,
        symbol: "BTC",
        quantity: "12345.12345678",
        price: "0.00000001",
      });
      expect(bought.ok && bought.position?.quantity).toBe("12345.12345678");
      expect(bought.ok && bought.transaction.total).toBe("0.0001234512345678");
    });

    it("refuses to sell more than held and writes nothing", async () => {
      const bought = await repos.portfolio.buy({
        ...trade,
        userId,
        symbol: "AAPL",
        quantity: "5",
        price: "10",
      });
      const positionId = bought.ok ? bought.position!.id : 0;
      expect(
        await repos.portfolio.sell({
          ...trade,
          userId,
          positionId,
          quantity: "5.00000001",
          price: "11",
        }),
      ).toEqual({ ok: false, reason: "exceeds_holding", held: "5" });
      expect(await repos.portfolio.transactions(userId)).toHaveLength(1);
    });

    it("closes the position when everything is sold", async () => {
      const bought = await repos.portfolio.buy({
        ...trade,
        userId,
        symbol: "AAPL",
        quantity: "5",
        price: "10",
      });
      const positionId = bought.ok ? bought.position!.id : 0;
      const sold = await repos.portfolio.sell({
        ...trade,
        userId,
        positionId,
        quantity: "5",
        price: "12",
      });
      expect(sold.ok && sold.position).toBeNull();
      expect(await repos.portfolio.list(userId, "STOCK")).toEqual([]);
    });

    it("never touches another user's position", async () => {
      const bought = await repos.portfolio.buy({
        ...trade,
        userId,
        symbol: "AAPL",
        quantity: "5",
        price: "10",
      });
      const positionId = bought.ok ? bought.position!.id : 0;
      expect(
        await repos.portfolio.sell({
          ...trade,
          userId: otherUserId,
          positionId,
          quantity: "1",
          price: "12",
        }),
      ).toEqual({ ok: false, reason: "not_found" });
      expect(
        await repos.portfolio.buy({
          ...trade,
          userId: otherUserId,
          positionId,
          symbol: "AAPL",
          quantity: "1",
          price: "12",
        }),
      ).toEqual({ ok: false, reason: "not_found" });
      expect(await repos.portfolio.findById(otherUserId, "STOCK", positionId)).toBeUndefined();
    });

    it("refuses a buy whose expected holding is out of date", async () => {
      await repos.portfolio.buy({ ...trade, userId, symbol: "AAPL", quantity: "5", price: "10" });
      expect(
        await repos.portfolio.buy({
          ...trade,
          userId,
          symbol: "AAPL",
          quantity: "1",
          price: "10",
          expectedHeld: "4",
        }),
      ).toEqual({ ok: false, reason: "held_changed", held: "5" });
    });

    it("sells exactly the held quantity when two connections race to oversell", async () => {
      const bought = await repos.portfolio.buy({
        ...trade,
        userId,
        symbol: "AAPL",
        quantity: "10",
        price: "10",
      });
      const positionId = bought.ok ? bought.position!.id : 0;
      const second = await openDatabase(handle.url);
      const secondRepos = createRepositories(second);
      const attempts = Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? secondRepos : repos).portfolio.sell({
          ...trade,
          userId,
          positionId,
          quantity: "0.5",
          price: "11",
        }),
      );
      const outcomes = await Promise.all(attempts);
      await second.close();
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(20);
      expect(await repos.portfolio.list(userId, "STOCK")).toEqual([]);
      const sells = (await repos.portfolio.transactions(userId)).filter(
        (t) => t.transactionType === "SELL",
      );
      expect(sells).toHaveLength(20);
    });
  });

  describe("watchlists", () => {
    it("adds once per user and symbol and counts per user", async () => {
      const snapshot = {
        symbol: "AAPL",
        companyName: "Apple Inc.",
        price: "1",
        change: "0",
        changePercent: 0,
        marketCap: 0,
        volume: 0,
        timestamp: now.toISOString(),
        open: null,
        high: null,
        low: null,
        previousClose: "1",
        marketStatus: "Market is open.",
      };
      await repos.stockWatchlist.save(userId, snapshot, now);
      await repos.stockWatchlist.save(userId, { ...snapshot, price: "2" }, now);
      await repos.stockWatchlist.save(otherUserId, snapshot, now);
      expect(await repos.stockWatchlist.count(userId)).toBe(1);
      expect((await repos.stockWatchlist.find(userId, "AAPL"))?.lastSnapshot?.price).toBe("2");
      expect(await repos.stockWatchlist.remove(otherUserId, "AAPL")).toBe(true);
      expect(await repos.stockWatchlist.count(userId)).toBe(1);
      expect(await repos.stockWatchlist.distinctSymbols()).toEqual(["AAPL"]);
    });
  });
  describe("importing many trades in one pausing transaction", () => {
    /** The trades imported for the first user, onto no recorded history. */
    const importAll = (trades: ImportedTrade[]) =>
      repos.portfolio.importTrades({ userId, trades, income: [], now, checkedAfter: null });

    it("imports trades over several insert batches with the rows and position a trade by hand writes", async () => {
      // 1,201 trades: two full batches of the repository's multi-row INSERT and a partial one.
      const trades: ImportedTrade[] = Array.from({ length: 1201 }, (_, i) => ({
        assetType: "STOCK",
        symbol: "AAPL",
        transactionType: i % 4 === 3 ? "SELL" : "BUY",
        quantity: i % 4 === 3 ? "1" : "0.5",
        price: `${100 + (i % 37)}.${(i % 9) + 1}`,
        date: new Date(now.getTime() - (1201 - i) * 60_000),
        notes: i === 6 ? "Bought, row 6" : null,
      }));
      expect(await importAll(trades)).toEqual({
        ok: true,
        imported: 1201,
        incomeAdded: 0,
        cashAdded: 0,
      });

      let expected: Holding | null = null;
      for (const trade of trades) {
        expected =
          trade.transactionType === "BUY"
            ? applyBuy(expected, trade.quantity, trade.price)
            : (applySell(expected!, trade.quantity) as { ok: true; holding: Holding }).holding;
      }
      const [position] = await repos.portfolio.list(userId, "STOCK");
      expect(position).toMatchObject({ symbol: "AAPL", ...expected });

      const recorded = await repos.portfolio.transactions(userId);
      expect(recorded).toHaveLength(1201);
      const byDate = new Map(recorded.map((row) => [row.transactionDate.getTime(), row]));
      // A trade by hand for comparison: the same columns, the same exact decimals.
      const otherId = (await repos.users.create(
        { email: "c@example.com", name: "C", passwordHash: "h" },
        now,
      ))!.id;
      const byHand = await repos.portfolio.buy({
        userId: otherId,
        assetType: "STOCK",
        symbol: "AAPL",
        quantity: "0.5",
        price: trades[6]!.price,
        transactionDate: trades[6]!.date,
        notes: "Bought, row 6",
        now,
      });
      const imported = byDate.get(trades[6]!.date.getTime())!;
      expect(byHand.ok && byHand.transaction).toMatchObject({
        type: imported.type,
        symbol: imported.symbol,
        transactionType: imported.transactionType,
        quantity: imported.quantity,
        price: imported.price,
        total: imported.total,
        notes: imported.notes,
        transactionDate: imported.transactionDate,
      });
    });

    it("reads every trade back in replay order across the pages of the trades read, ties on one instant included", async () => {
      // 12,001 trades on three instants: every page boundary falls inside a run of equal dates.
      const trades: ImportedTrade[] = Array.from({ length: 12_001 }, (_, i) => ({
        assetType: i % 5 === 4 ? "CRYPTO" : "STOCK",
        symbol: i % 5 === 4 ? "BTC" : ["AAPL", "MSFT"][i % 2]!,
        transactionType: i % 7 === 6 && i > 20 ? "SELL" : "BUY",
        quantity: i % 7 === 6 && i > 20 ? "0.01" : "0.5",
        price: `${100 + (i % 13)}`,
        // Some with a fee, which the trades read carry as the history does.
        ...(i % 3 === 0 ? { fee: "0.25" } : {}),
        date: new Date(now.getTime() - 60_000 * (3 - Math.floor((3 * i) / 12_001))),
        notes: null,
      }));
      expect((await importAll(trades)).ok).toBe(true);
      const read = await repos.transactions.trades(userId);
      // Oldest first; at one instant by asset type, then side, then as written.
      const expected = (await repos.portfolio.transactions(userId))
        .sort(
          (a, b) =>
            a.transactionDate.getTime() - b.transactionDate.getTime() ||
            a.type.localeCompare(b.type) ||
            a.transactionType.localeCompare(b.transactionType) ||
            a.id - b.id,
        )
        .map(({ transactionDate, type, symbol, transactionType, quantity, price, fee }) => ({
          transactionDate,
          type,
          symbol,
          transactionType,
          quantity,
          price,
          fee,
        }));
      expect(read).toHaveLength(12_001);
      expect(read.filter((trade) => trade.fee === "0.25")).toHaveLength(4001);
      expect(read).toEqual(expected);
      const since = await repos.transactions.trades(userId, trades[6000]!.date);
      expect(since).toEqual(
        expected.filter((t) => t.transactionDate.getTime() >= trades[6000]!.date.getTime()),
      );
    });

    it("reads the lots' rows in date and id order across their pages, ties on one instant included", async () => {
      // 3,001 trades on three instants: the page boundaries fall inside runs of equal dates.
      const trades: ImportedTrade[] = Array.from({ length: 3_001 }, (_, i) => ({
        assetType: i % 5 === 4 ? "CRYPTO" : "STOCK",
        symbol: i % 5 === 4 ? "BTC" : "AAPL",
        transactionType: "BUY",
        quantity: "0.5",
        price: `${100 + (i % 13)}`,
        date: new Date(now.getTime() - 60_000 * (3 - Math.floor((3 * i) / 3_001))),
        notes: null,
      }));
      expect((await importAll(trades)).ok).toBe(true);
      const figures = (rows: Transaction[] | LotTradeRow[]) =>
        rows.map(
          ({ id, transactionDate, type, symbol, transactionType, quantity, price, total }) => ({
            id,
            transactionDate,
            type,
            symbol,
            transactionType,
            quantity,
            price,
            total,
          }),
        );
      const expected = (await repos.portfolio.transactions(userId)).sort(
        (a, b) => a.transactionDate.getTime() - b.transactionDate.getTime() || a.id - b.id,
      );
      const read = await repos.portfolio.lotTrades(userId);
      expect(read).toHaveLength(3_001);
      expect(figures(read)).toEqual(figures(expected));
      const apple = await repos.portfolio.lotTrades(userId, { assetType: "STOCK", symbol: "AAPL" });
      expect(apple).toHaveLength(2_401);
      expect(figures(apple)).toEqual(figures(expected.filter((row) => row.symbol === "AAPL")));
      // The calendar's replay of the symbol in its account reads the same rows, in pages too.
      const { accountId } = expected[0]!;
      const replayed = await repos.corporateActions.replayRows({
        userId,
        accountId,
        symbol: "AAPL",
        now,
      });
      expect(replayed.rows.map(({ id, transactionDate }) => ({ id, transactionDate }))).toEqual(
        apple.map(({ id, transactionDate }) => ({ id, transactionDate })),
      );
      expect(replayed.rows.every((row) => row.total === "0" && row.notes === null)).toBe(true);
    });

    it("answers other requests while a pausing transaction is open, and its writes only at its end", async () => {
      const { db, tables } = handle;
      const events: string[] = [];
      // The transaction pauses until the read has answered (or gives up after many turns).
      const importing = handle.transaction(
        function* () {
          for (let turn = 0; turn < 100_000 && events.length === 0; turn++) yield* pause();
          events.push("transaction ends");
        },
        { pauses: true },
      );
      await handle.all(db.select().from(tables.users));
      events.push("read answered");
      await importing;
      expect(events).toEqual(["read answered", "transaction ends"]);
    });

    it("lets reads meanwhile see only what was committed, never the open transaction's rows", async () => {
      const { db, tables } = handle;
      const nameOf = async () =>
        (await handle.first(db.select().from(tables.users).where(eq(tables.users.id, userId))))!
          .name;
      const before = await nameOf();
      let written!: () => void;
      const renamed = new Promise<void>((resolve) => (written = resolve));
      let readDone = false;
      const importing = handle.transaction(
        function* (tx) {
          yield* changes(
            tx.update(tables.users).set({ name: "Renamed" }).where(eq(tables.users.id, userId)),
          );
          written();
          for (let turn = 0; turn < 100_000 && !readDone; turn++) yield* pause();
        },
        { pauses: true },
      );
      await renamed;
      const meanwhile = await nameOf();
      readDone = true;
      await importing;
      expect(meanwhile).toBe(before);
      expect(await nameOf()).toBe("Renamed");
    });

    it("runs pausing transactions and writes that waited on one open transaction one after another", async () => {
      const { db, tables } = handle;
      const order: string[] = [];
      let firstWrote = () => {};
      const firstHasWritten = new Promise<void>((resolve) => (firstWrote = resolve));
      const pausing = (name: string) =>
        handle.transaction(
          function* (tx) {
            yield* changes(
              tx.update(tables.users).set({ name }).where(eq(tables.users.id, userId)),
            );
            if (name === "First") firstWrote();
            yield* pause();
            yield* pause();
            order.push(name);
          },
          { pauses: true },
        );
      const first = pausing("First");
      // On PostgreSQL each transaction has a pooled connection of its own, so the first holds
      // the row lock only once its UPDATE has run; the others start after that.
      await firstHasWritten;
      // Both start while the first is open: when it ends, one goes on and the other waits again
      // (both going on made the second wait out SQLite's busy timeout in BEGIN IMMEDIATE).
      const started = performance.now();
      const [second, third] = [pausing("Second"), pausing("Third")];
      const write = handle.changes(
        db.update(tables.users).set({ name: "Write" }).where(eq(tables.users.id, userId)),
      );
      await Promise.all([first, second, third, write]);
      expect(performance.now() - started).toBeLessThan(2000);
      // On SQLite the client queues them in order; on PostgreSQL each has a pooled connection of
      // its own and the row lock decides which of the two waiting goes first.
      if (dialect.name === "sqlite") expect(order).toEqual(["First", "Second", "Third"]);
      else expect([...order].sort()).toEqual(["First", "Second", "Third"]);
      expect(order[0]).toBe("First");
    });

    it("lets writes commit while a pausing read is open, which reads one snapshot throughout", async () => {
      const { db, tables } = handle;
      const nameOf = (tx: typeof db) =>
        first(tx.select().from(tables.users).where(eq(tables.users.id, userId)));
      const events: string[] = [];
      const reading = handle.transaction(
        function* (tx) {
          const before = (yield* nameOf(tx))!.name;
          for (let turn = 0; turn < 100_000 && events.length === 0; turn++) yield* pause();
          events.push("read ends");
          return [before, (yield* nameOf(tx))!.name];
        },
        { readOnly: true, pauses: true },
      );
      await handle.changes(
        db.update(tables.users).set({ name: "Renamed" }).where(eq(tables.users.id, userId)),
      );
      events.push("write committed");
      const [before, after] = await reading;
      expect(events).toEqual(["write committed", "read ends"]);
      expect(after).toBe(before);
      expect(before).not.toBe("Renamed");
    });

    it("keeps another writer's write out of a pausing transaction that rolls back", async () => {
      const { db, tables } = handle;
      const failing = handle.transaction(
        function* (tx) {
          yield* pause();
          yield* changes(
            tx.update(tables.users).set({ name: "Renamed" }).where(eq(tables.users.id, userId)),
          );
          yield* pause();
          throw new Error("the import failed half-way");
        },
        { pauses: true },
      );
      // Another user signs up while the transaction is open.
      const signup = repos.users.create(
        { email: "d@example.com", name: "D", passwordHash: "h" },
        now,
      );
      await expect(failing).rejects.toThrow("the import failed half-way");
      expect(await signup).toBeDefined();
      const names = (await handle.all(db.select().from(tables.users))).map((user) => user.name);
      expect(names.sort()).toEqual(["A", "B", "D"]);
    });
  });
});
