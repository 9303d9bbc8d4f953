import type { SplitToApply } from "@ledgerline/db";
import { turnsDuring } from "@ledgerline/db/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eagerTurns } from "../support/eager-turns";
import { applyToSymbol } from "@ledgerline/api/accounting/corporate-actions";
import { startTestApp, type TestApp } from "../support/test-app";

// The replay of a stock's splits and dividends over a user's trades
// (accounting/corporate-action-replay.ts) with the repository's reads and writes, on the
// database of the project (SQLite or PostgreSQL). Moved from packages/db's repository tests
// with the rule; the cases and what they assert are the same.

const now = new Date("2026-03-02T15:00:00Z");
const on = (day: string) => new Date(`${day}T15:00:00Z`);
/** New York midnight of an ex-date in winter. */
const exInstant = (day: string) => new Date(`${day}T05:00:00Z`);
const split = (exDate: string, from: string, to: string): SplitToApply => ({
  exDate,
  at: exInstant(exDate),
  from,
  to,
});

describe("applying a stock's corporate actions", () => {
  let t: TestApp;
  let userId: number;
  let otherUserId: number;
  const repos = () => t.app.deps.repos;

  beforeEach(async () => {
    t = await startTestApp();
    userId = (await repos().users.create(
      { email: "a@example.com", name: "A", passwordHash: "h" },
      now,
    ))!.id;
    otherUserId = (await repos().users.create(
      { email: "b@example.com", name: "B", passwordHash: "h" },
      now,
    ))!.id;
  });
  afterEach(() => t.close());

  const buy = (user: number, symbol: string, quantity: string, price: string, day: string) =>
    repos().portfolio.buy({
      userId: user,
      assetType: "STOCK",
      symbol,
      quantity,
      price,
      transactionDate: on(day),
      notes: null,
      now,
    });
  const apply = (user: number, symbol: string, splits: SplitToApply[], dividends = []) =>
    applyToSymbol(t.app.deps, { userId: user, symbol, splits, dividends, now });
  const held = (user: number, symbol: string) =>
    repos().portfolio.findBySymbol(user, "STOCK", symbol);

  it("splits a held position 1:3 exactly and records a SPLIT row, once however often it runs", async () => {
    await buy(userId, "TSLA", "10", "30", "2026-01-05");
    const splits = [split("2026-02-02", "1", "3")];
    expect(await apply(userId, "TSLA", splits)).toMatchObject({ splitsWritten: 1 });
    expect(await apply(userId, "TSLA", splits)).toMatchObject({ splitsWritten: 0 });
    expect(await held(userId, "TSLA")).toMatchObject({ quantity: "30", averagePrice: "10" });
    const history = await repos().portfolio.transactions(userId);
    expect(history.map((t) => [t.transactionType, t.quantity, t.price, t.total, t.notes])).toEqual([
      ["SPLIT", "30", "10", "300", "3-for-1 split, +20 shares"],
      ["BUY", "10", "30", "300", null],
    ]);
    // Someone else's position is not touched.
    expect(await apply(otherUserId, "TSLA", splits)).toMatchObject({ splitsWritten: 0 });
  });

  it("keeps the exact fraction a reverse split leaves", async () => {
    await buy(userId, "WBD", "7", "2.5", "2026-01-05");
    await apply(userId, "WBD", [split("2026-02-02", "2", "1")]);
    expect(await held(userId, "WBD")).toMatchObject({ quantity: "3.5", averagePrice: "5" });
  });

  it("splits only what was held at the ex-date, and a back-dated trade the same way", async () => {
    await buy(userId, "NVDA", "10", "100", "2026-01-05");
    const splits = [split("2026-02-02", "1", "4")];
    await apply(userId, "NVDA", splits);
    // Bought after the split, at the new price: not split again.
    await buy(userId, "NVDA", "20", "25", "2026-02-10");
    await apply(userId, "NVDA", splits);
    expect(await held(userId, "NVDA")).toMatchObject({ quantity: "60", averagePrice: "25" });
    // Entered now, dated before the split: 5 at 100 become 20 at 25.
    await buy(userId, "NVDA", "5", "100", "2026-01-20");
    await apply(userId, "NVDA", splits);
    expect(await held(userId, "NVDA")).toMatchObject({ quantity: "80", averagePrice: "25" });
    const splitRows = (await repos().portfolio.transactions(userId)).filter(
      (t) => t.transactionType === "SPLIT",
    );
    expect(splitRows.map((t) => [t.quantity, t.total])).toEqual([["60", "1500"]]);
  });

  it("writes no SPLIT row for a split before the first trade", async () => {
    await buy(userId, "AAPL", "10", "200", "2026-02-10");
    expect(await apply(userId, "AAPL", [split("2026-02-02", "1", "4")])).toMatchObject({
      splitsWritten: 0,
    });
    expect(await held(userId, "AAPL")).toMatchObject({ quantity: "10", averagePrice: "200" });
  });

  it("pays a dividend on the shares held at its ex-date, once, and keeps the user's edits and deletions", async () => {
    await buy(userId, "KO", "12", "60", "2026-01-05");
    const dividend = {
      exDate: "2026-02-13",
      at: exInstant("2026-02-13"),
      payDate: "2026-03-02",
      cashAmount: "0.51",
    };
    const late = {
      ...dividend,
      exDate: "2026-01-02",
      at: exInstant("2026-01-02"),
      payDate: "2026-01-20",
    };
    const first = await applyToSymbol(t.app.deps, {
      userId,
      symbol: "KO",
      splits: [],
      dividends: [dividend, late],
      now,
    });
    expect(first.incomeAdded).toBe(1);
    const [entry] = await repos().corporateActions.listIncome(userId);
    expect(entry).toMatchObject({
      type: "DIVIDEND",
      symbol: "KO",
      exDate: "2026-02-13",
      payDate: "2026-03-02",
      quantity: "12",
      amountPerShare: "0.51",
      total: "6.12",
      manual: false,
    });
    const edited = await repos().corporateActions.updateIncome(
      userId,
      entry!.id,
      { ...entry!, total: "5.2" },
      now,
    );
    expect(edited).toMatchObject({ ok: true, entry: { total: "5.2", manual: true } });
    await applyToSymbol(t.app.deps, {
      userId,
      symbol: "KO",
      splits: [],
      dividends: [dividend],
      now,
    });
    expect((await repos().corporateActions.listIncome(userId))[0]!.total).toBe("5.2");
    expect(
      await repos().corporateActions.incomeTotal(userId, { from: "2025-12-31", to: "2026-12-31" }),
    ).toBe("5.2");
    expect(await repos().corporateActions.deleteIncome(otherUserId, entry!.id, now)).toBe(false);
    expect(await repos().corporateActions.deleteIncome(userId, entry!.id, now)).toBe(true);
    await applyToSymbol(t.app.deps, {
      userId,
      symbol: "KO",
      splits: [],
      dividends: [dividend],
      now,
    });
    expect(await repos().corporateActions.listIncome(userId)).toEqual([]);
    expect(
      await repos().corporateActions.incomeTotal(userId, { from: "2025-12-31", to: "2026-12-31" }),
    ).toBe("0");
  });

  it("hands the event loop over between the accounts it replays once its turn is over", async () => {
    const second = await repos().investmentAccounts.create(
      userId,
      {
        name: "IRA",
        type: "ira",
        institution: null,
        cashTracked: false,
        costBasisMethod: "average",
      },
      { now, limit: 10 },
    );
    if (!second.ok) throw new Error(second.reason);
    await buy(userId, "TSLA", "10", "30", "2026-01-05");
    const bought = await repos().portfolio.buy({
      userId,
      accountId: second.account.id,
      assetType: "STOCK",
      symbol: "TSLA",
      quantity: "4",
      price: "31",
      transactionDate: on("2026-01-06"),
      notes: null,
      now,
    });
    expect(bought.ok).toBe(true);
    // A clock that always says the turn is over: each account's replay hands the loop over first.
    const { turns: eager, handed } = eagerTurns();
    const splits = [split("2026-02-02", "1", "3")];
    const outcome = await applyToSymbol(
      t.app.deps,
      { userId, symbol: "TSLA", splits, dividends: [], now },
      eager,
    );
    expect(outcome).toMatchObject({ splitsWritten: 2 });
    expect(handed()).toBe(2);
  });

  describe("a symbol with many trades (after an import)", () => {
    const many = 12_000;
    beforeEach(async () => {
      const outcome = await repos().portfolio.importTrades({
        userId,
        trades: Array.from({ length: many }, (_, i) => ({
          assetType: "STOCK" as const,
          symbol: "NVDA",
          transactionType: "BUY" as const,
          quantity: "1",
          price: "100",
          date: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
          notes: null,
        })),
        income: [],
        now,
        checkedAfter: null,
      });
      expect(outcome).toMatchObject({ ok: true });
    });

    it("reads and replays the trades with turns of the event loop between pages", async () => {
      const { result: outcome, turns } = await turnsDuring(() =>
        apply(userId, "NVDA", [split("2026-02-02", "1", "4")]),
      );
      expect(outcome).toEqual({ splitsWritten: 1, incomeAdded: 0, inconsistent: false });
      // In one SQLite transaction the replay answered before the event loop turned once.
      expect(turns).toBeGreaterThan(2);
      expect(await held(userId, "NVDA")).toMatchObject({ quantity: String(many * 4) });
    });

    it("replays again when a trade arrives between its read and its write", async () => {
      let applied = false;
      const applying = apply(userId, "NVDA", [split("2026-02-02", "1", "4")]).then((outcome) => {
        applied = true;
        return outcome;
      });
      await new Promise((resolve) => setImmediate(resolve));
      // A back-dated buy lands while the replay reads its pages.
      await buy(userId, "NVDA", "10", "100", "2025-06-01");
      const boughtWhileApplying = !applied;
      expect(await applying).toMatchObject({ splitsWritten: 1, inconsistent: false });
      expect(boughtWhileApplying).toBe(true);
      const [splitRow] = (await repos().portfolio.transactions(userId)).filter(
        (t) => t.transactionType === "SPLIT",
      );
      // The split multiplied what was held at its ex-date, the buy that arrived included.
      expect(splitRow).toMatchObject({ quantity: String((many + 10) * 4) });
    });
  });
});
