import { dateOf } from "@ledgerline/clock";
import { changes, type AssetType } from "@ledgerline/db";
import { createMarketService, fixedClock } from "@ledgerline/market";
import { multiply, toStored } from "@ledgerline/money";
import { expect } from "vitest";
import type { UserScope } from "@ledgerline/api/platform/scope";
import { startTestApp, type TestApp, type TestAppOptions } from "./test-app";

/** The simulated market standing still in a regular session (a Wednesday), so prices are exact. */
export const MARKET_NOW = new Date("2026-03-11T15:00:00Z");
export const pinnedMarket = () => createMarketService({ clock: fixedClock(MARKET_NOW) });

/** A fresh app on the pinned market with one signed-in user and shortcuts for these tests. */
export async function historyApp(options: TestAppOptions = {}) {
  const t = await startTestApp({ market: pinnedMarket(), ...options });
  return { t, ...(await historyUser(t)) };
}

/** historyApp with the user's scope, for tests that call the services themselves. */
export async function historyScope(options: TestAppOptions = {}) {
  const me = await historyApp(options);
  const { deps } = me.t.app;
  const user = (await deps.repos.users.findById(me.user.id))!;
  const scope: UserScope = { deps, ip: null, userAgent: null, user };
  return { ...me, scope };
}

/**
 * Puts every account of the user on average cost, as the migration left them: the returns are
 * then the average-cost days' alone (decision 0041), which a replay of the trades checks.
 */
export async function onAverageCost(scope: UserScope): Promise<void> {
  const { repos } = scope.deps;
  for (const account of await repos.investmentAccounts.list(scope.user.id)) {
    await repos.investmentAccounts.update(scope.user.id, account.id, {
      costBasisMethod: "average",
    });
  }
}

/**
 * The returns tests' portfolio on the pinned market: 10 AAPL bought at 240 on 2 March 2026, 4
 * sold at 250 on 5 March, 0.1 BTC bought at 81000 on 8 March.
 */
export async function threeTradesApp(restPath: string) {
  const me = await historyApp();
  await me.buy("STOCK", "AAPL", "10", "240", "2026-03-02T15:00:00Z");
  await me.sell("STOCK", "AAPL", "4", "250", "2026-03-05T15:00:00Z");
  await me.buy("CRYPTO", "BTC", "0.1", "81000", "2026-03-08T12:00:00Z");
  /** A GET of `restPath` with a query string, as the user (or with another token). */
  const rest = (query: string, token = me.user.token) =>
    me.t.request("GET", `${restPath}${query}`, { token });
  return { ...me, rest };
}

export async function historyUser(t: TestApp) {
  const user = await t.registerUser();
  const repos = t.app.deps.repos;
  const now = () => dateOf(t.clock);

  /** Buys through the repository, as a trade procedure would, on the given date. */
  async function buy(
    assetType: AssetType,
    symbol: string,
    quantity: string,
    price: string,
    date: string,
    notes: string | null = null,
    fee = "0",
  ) {
    const outcome = await repos.portfolio.buy({
      userId: user.id,
      assetType,
      symbol,
      quantity,
      price,
      fee,
      transactionDate: new Date(date),
      notes,
      now: now(),
    });
    if (!outcome.ok) throw new Error(`buy failed: ${outcome.reason}`);
    return outcome;
  }

  async function sell(
    assetType: AssetType,
    symbol: string,
    quantity: string,
    price: string,
    date: string,
  ) {
    const position = await repos.portfolio.findBySymbol(user.id, assetType, symbol);
    if (!position) throw new Error(`no ${symbol} position`);
    const outcome = await repos.portfolio.sell({
      userId: user.id,
      assetType,
      positionId: position.id,
      quantity,
      price,
      transactionDate: new Date(date),
      notes: null,
      now: now(),
    });
    if (!outcome.ok) throw new Error(`sell failed: ${outcome.reason}`);
    return outcome;
  }

  async function query<T>(path: string, input?: unknown, token = user.token) {
    const response = await t.trpc("query", path, input, token);
    const body = response.body as unknown as { result?: { data: T }; error?: { message: string } };
    return { status: response.status, data: body.result?.data as T, message: body.error?.message };
  }

  /** A tRPC call that must succeed. */
  async function ok<T>(path: string, input?: unknown): Promise<T> {
    const answer = await query<T>(path, input);
    expect(answer.message).toBeUndefined();
    expect(answer.status).toBe(200);
    return answer.data;
  }

  return { user, buy, sell, query, ok };
}

/**
 * Writes many transaction rows straight into the table (not through trades): for tests about
 * reading long histories, where positions do not matter.
 */
export async function insertTransactions(
  t: TestApp,
  userId: number,
  count: number,
  row: (i: number) => {
    date: number;
    type?: AssetType;
    symbol?: string;
    side?: "BUY" | "SELL";
    quantity?: string;
    price?: string;
  },
  /** Default: the user's default account. */
  accountId?: number,
) {
  const { transactions } = t.app.database.tables;
  const account = accountId ?? (await t.app.deps.repos.investmentAccounts.findDefault(userId))!.id;
  const rows = Array.from({ length: count }, (_, i) => {
    const r = row(i);
    const quantity = r.quantity ?? "1";
    const price = r.price ?? "10";
    return {
      userId,
      accountId: account,
      transactionDate: new Date(r.date),
      type: r.type ?? "STOCK",
      symbol: r.symbol ?? "AAPL",
      transactionType: r.side ?? "BUY",
      quantity: toStored(quantity),
      price: toStored(price),
      total: toStored(multiply(quantity, price)),
      notes: null,
      createdAt: new Date(r.date),
    };
  });
  await t.app.database.transaction(function* (tx) {
    for (let start = 0; start < rows.length; start += 1000) {
      yield* changes(tx.insert(transactions).values(rows.slice(start, start + 1000)));
    }
  });
}
