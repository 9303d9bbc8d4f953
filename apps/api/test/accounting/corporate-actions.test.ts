import type {
  CorporateAction,
  IncomeAnswer,
  IncomeEntry,
  PortfolioHistory,
  TransactionPage,
  ValuedPosition,
} from "@ledgerline/contracts";
import { createMarketService, fixedClock } from "@ledgerline/market";
import { multiply } from "@ledgerline/money";
import { afterEach, describe, expect, it } from "vitest";
import { signIn, stocksApp } from "../support/portfolio-support";
import type { TestApp } from "../support/test-app";
import { startTestApp } from "../support/test-app";

// The simulated market splits JPM 1:2 on 2026-01-20 and WBD 8:1 (reverse) on 2026-04-13
// (packages/market/src/sim/stocks/corporate-actions.ts); the market clock is 2026-03-11.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setUp() {
  const app = await stocksApp();
  t = app.t;
  const rest = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown) =>
    t!.request(method, `/api${url}`, { token: app.token, body });
  const history = async () =>
    (await app.call<TransactionPage>("query", "transactions.list", { symbol: "JPM" })).data
      .transactions;
  return { ...app, rest, history };
}

/** An admin's re-sync of a symbol's corporate actions: its answer. */
async function adminResync(symbol: string): Promise<unknown> {
  const admin = await t!.createAdmin();
  const resync = await t!.trpc("mutation", "corporateActions.resync", { symbol }, admin.token);
  expect(resync.status).toBe(200);
  return (resync.body as unknown as { result: { data: unknown } }).result.data;
}

describe("splits", () => {
  it("split a position held at the ex-date exactly, once, shown as SPLIT in the history on both doors", async () => {
    const { rest, call, history, positions } = await setUp();
    const bought = await rest("POST", "/portfolio", {
      symbol: "JPM",
      quantity: 10,
      purchasePrice: 400.3,
      purchaseDate: "2026-01-05T15:00:00Z",
    });
    expect(bought.status).toBe(200);
    // Answered as the split left it: 1:2 of 10 at 400.30 is 20 at 200.15.
    expect(bought.body).toMatchObject({ position: { quantity: 20, averagePurchasePrice: 200.15 } });
    expect((await positions()).data).toMatchObject([
      { symbol: "JPM", quantity: "20", averagePurchasePrice: "200.15" },
    ]);
    const rows = await history();
    expect(rows.map((row) => [row.transactionType, row.quantity, row.price, row.notes])).toEqual([
      // Its notes say what it did, in the words every screen uses.
      ["SPLIT", "20", "200.15", "2-for-1 split, +10 shares"],
      ["BUY", "10", "400.3", null],
    ]);
    expect(rows[0]!.transactionDate).toBe("2026-01-20T05:00:00.000Z");
    expect(rows[0]!.transactionTotal).toBe("4003");

    // The history's filter takes SPLIT on both doors.
    const splitOnly = await rest("GET", "/transaction?transactionType=split");
    expect(splitOnly.status).toBe(200);
    expect(
      (splitOnly.body as unknown as { transactionType: string }[]).map((r) => r.transactionType),
    ).toEqual(["SPLIT"]);
    const filtered = await call<TransactionPage>("query", "transactions.list", {
      transactionType: "SPLIT",
    });
    expect(filtered.data.transactions).toHaveLength(1);

    // Never applied twice: reads, trades and an admin's re-sync find nothing left to do.
    expect(await adminResync("JPM")).toMatchObject({ symbol: "JPM", users: 1, splitsWritten: 0 });
    await rest("GET", "/portfolio");
    expect((await history()).filter((row) => row.transactionType === "SPLIT")).toHaveLength(1);
    expect((await positions()).data[0]).toMatchObject({
      quantity: "20",
      averagePurchasePrice: "200.15",
    });
  });

  it("gives a split row written in older words ('1:2 split') today's words, as no new split", async () => {
    const { buy, history } = await setUp();
    await buy({
      symbol: "JPM",
      quantity: "10",
      purchasePrice: "400",
      purchaseDate: "2026-01-05T15:00:00Z",
    });
    await t!.sql("UPDATE transactions SET notes = '1:2 split' WHERE transaction_type = 'SPLIT'");
    expect(await adminResync("JPM")).toMatchObject({ splitsWritten: 0 });
    const splits = (await history()).filter((row) => row.transactionType === "SPLIT");
    expect(splits.map((row) => row.notes)).toEqual(["2-for-1 split, +10 shares"]);
  });

  it("splits a trade entered later with a date before the split, and not one after it", async () => {
    const { buy, history, positions, rest } = await setUp();
    await buy({
      symbol: "JPM",
      quantity: "10",
      purchasePrice: "400",
      purchaseDate: "2026-01-05T15:00:00Z",
    });
    await buy({
      symbol: "JPM",
      quantity: "10",
      purchasePrice: "200",
      purchaseDate: "2026-02-02T15:00:00Z",
    });
    expect((await positions()).data[0]).toMatchObject({
      quantity: "30",
      averagePurchasePrice: "200",
    });
    // Back-dated: 5 at 400 before the split are 10 at 200 after it.
    const late = await buy({
      symbol: "JPM",
      quantity: "5",
      purchasePrice: "400",
      purchaseDate: "2026-01-12T15:00:00Z",
    });
    expect(late.data.position).toMatchObject({ quantity: "40", averagePurchasePrice: "200" });
    const splits = (await history()).filter((row) => row.transactionType === "SPLIT");
    expect(splits.map((row) => [row.quantity, row.transactionTotal, row.notes])).toEqual([
      ["30", "6000", "2-for-1 split, +15 shares"],
    ]);
    // Selling what the split made is allowed.
    const [position] = (await rest("GET", "/portfolio")).body as unknown as { id: number }[];
    const sold = await rest("POST", `/portfolio/${position!.id}/sell`, {
      quantity: 40,
      price: 210,
    });
    expect(sold.status).toBe(200);
    expect(sold.body).toMatchObject({ position: null });
  });

  it("keeps the exact fraction of a reverse split", async () => {
    const market = createMarketService({ clock: fixedClock(new Date("2026-05-06T15:00:00Z")) });
    t = await startTestApp({ market, env: { MARKET_TIME: "2026-05-06T15:00:00Z" } });
    const app = await signIn(t);
    await app.buy({
      symbol: "WBD",
      quantity: "7",
      purchasePrice: "10.5",
      purchaseDate: "2026-02-02T15:00:00Z",
    });
    expect((await app.positions()).data).toMatchObject([
      { symbol: "WBD", quantity: "0.875", averagePurchasePrice: "84" },
    ]);
    const history = await app.call<TransactionPage>("query", "transactions.list", {
      transactionType: "SPLIT",
    });
    expect(history.data.transactions.map((row) => row.notes)).toEqual([
      "1-for-8 reverse split, -6.125 shares",
    ]);
    const listed = await t.request("GET", "/api/corporate-actions", {
      token: app.token,
      query: { symbol: "WBD" },
    });
    expect(listed.body).toContainEqual({
      symbol: "WBD",
      type: "split",
      exDate: "2026-04-13",
      splitFrom: "8",
      splitTo: "1",
    });
  });
});

describe("dividends", () => {
  it("pays each dividend on the shares held at its ex-date into the user's income, editable and deletable", async () => {
    const { rest, buy, call } = await setUp();
    const listed = await rest("GET", "/corporate-actions?symbol=KO");
    expect(listed.status).toBe(200);
    const actions = listed.body as unknown as CorporateAction[];
    const exDates = actions.map((action) => action.exDate);
    expect(exDates).toEqual([...exDates].sort().reverse());
    const paid = actions.filter(
      (action) =>
        action.type === "dividend" &&
        action.payDate! <= "2026-03-11" &&
        action.exDate >= "2025-10-01",
    );
    expect(paid.length).toBeGreaterThanOrEqual(1);
    await buy({
      symbol: "KO",
      quantity: "12",
      purchasePrice: "60",
      purchaseDate: "2025-09-15T15:00:00Z",
    });

    const income = (await rest("GET", "/income")).body as unknown as IncomeAnswer;
    const entries = income.entries.filter((entry) => entry.exDate >= "2025-10-01");
    expect(entries.map((entry) => entry.exDate)).toEqual(paid.map((dividend) => dividend.exDate));
    for (const [i, entry] of entries.entries()) {
      expect(entry).toMatchObject({
        type: "DIVIDEND",
        symbol: "KO",
        quantity: "12",
        amountPerShare: paid[i]!.cashAmount,
        total: multiply("12", paid[i]!.cashAmount!),
        manual: false,
      });
    }
    expect(income.years[0]).toMatchObject({ year: 2026 });

    // The broker paid less after withholding tax: the edit sticks through later syncs.
    const [first] = entries;
    const edited = await call<IncomeEntry>("mutation", "income.update", {
      ...first,
      total: "3.3",
    });
    expect(edited.data).toMatchObject({ total: "3.3", manual: true });
    const admin = await t!.createAdmin();
    await t!.trpc("mutation", "corporateActions.resync", { symbol: "KO" }, admin.token);
    const after = (await call<IncomeAnswer>("query", "income.list")).data;
    expect(after.entries.find((entry) => entry.id === first!.id)?.total).toBe("3.3");

    // Deleted stays deleted; someone else cannot touch it.
    const other = await t!.registerUser();
    const foreign = await t!.request("DELETE", `/api/income/${first!.id}`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect((await rest("DELETE", `/income/${first!.id}`)).status).toBe(200);
    await t!.trpc("mutation", "corporateActions.resync", { symbol: "KO" }, admin.token);
    const final = (await rest("GET", "/income")).body as unknown as IncomeAnswer;
    expect(final.entries.some((entry) => entry.id === first!.id)).toBe(false);
  });

  it("adds income by hand and refuses bad input with a clear 4xx that changes nothing", async () => {
    const { rest, call } = await setUp();
    const entry = {
      symbol: "ko",
      exDate: "2026-02-13",
      payDate: "2026-03-02",
      quantity: 10,
      amountPerShare: "0.51",
    };
    const created = await rest("POST", "/income", entry);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ symbol: "KO", total: "5.1", manual: true });
    expect((await rest("POST", "/income", entry)).status).toBe(409);
    const reversed = await rest("POST", "/income", { ...entry, exDate: "2026-03-03" });
    expect(reversed.status).toBe(400);
    expect(reversed.body?.message).toContain("pay date");
    expect((await rest("PUT", "/income/999999", entry)).status).toBe(404);
    expect((await rest("GET", "/corporate-actions?symbol=no%20such!")).status).toBe(400);
    const viaTrpc = await call("mutation", "income.create", { ...entry, amountPerShare: "-1" });
    expect(viaTrpc.status).toBe(400);
    const tooLarge = [
      [{ amountPerShare: 1e21 }, "Amount per share must be at most 1,000,000,000,000"],
      [{ quantity: "9".repeat(26) }, "Quantity must be at most 1,000,000,000,000"],
      [{ total: 1e308 }, "Total must be at most 1,000,000,000,000"],
      [
        { quantity: "1000000000000", amountPerShare: "1000000000" },
        "Total (quantity x amount per share) must be at most 1,000,000,000,000",
      ],
    ] as const;
    for (const [fields, message] of tooLarge) {
      const refused = await rest("POST", "/income", { ...entry, exDate: "2026-01-02", ...fields });
      expect(refused.status, message).toBe(400);
      expect(refused.body?.message).toBe(message);
    }
    const income = (await rest("GET", "/income")).body as unknown as IncomeAnswer;
    expect(income.entries).toHaveLength(1);
    expect(income.years).toEqual([{ year: 2026, total: "5.1" }]);
    expect(income.total).toBe("5.1");
  });
});

describe("positions read after a split", () => {
  it("values the split position at today's price", async () => {
    const { rest } = await setUp();
    await rest("POST", "/portfolio", {
      symbol: "JPM",
      quantity: 1,
      purchasePrice: 400,
      purchaseDate: "2026-01-05T15:00:00Z",
    });
    const [row] = (await rest("GET", "/portfolio")).body as unknown as ValuedPosition[];
    expect(row).toMatchObject({ quantity: 2, averagePurchasePrice: 200, costBasis: 400 });
  });

  it("draws the split position's value with no cliff at the ex-date", async () => {
    const { rest, call } = await setUp();
    await rest("POST", "/portfolio", {
      symbol: "JPM",
      quantity: 10,
      purchasePrice: 400,
      purchaseDate: "2026-01-05T15:00:00Z",
    });
    const history = await call<PortfolioHistory>("query", "portfolioSummary.history", {
      range: "3M",
    });
    const value = (date: string) =>
      Number(history.data.points.find((point) => point.date === date)!.stockValue);
    // The last close before the split (Friday; Monday the 19th is a holiday) and the ex-date's.
    const move = value("2026-01-20") / value("2026-01-16");
    expect(move).toBeGreaterThan(0.85);
    expect(move).toBeLessThan(1.15);
  });
});

describe("an admin's re-sync", () => {
  it("answers a symbol the market does not know with the market's 404 and message", async () => {
    t = await startTestApp();
    const admin = await t.createAdmin();
    for (const symbol of ["NaN", "AAAAAAAAAA"]) {
      const resync = await t.trpc("mutation", "corporateActions.resync", { symbol }, admin.token);
      expect(resync.status).toBe(404);
      expect(resync.body).toMatchObject({
        error: { message: "Failed to fetch company details", data: { code: "NOT_FOUND" } },
      });
    }
  });
});
