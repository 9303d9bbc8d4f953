import { dateOf } from "@ledgerline/clock";
import {
  cannotRemoveWhileHeld,
  type MessageResult,
  type SavedStock,
  type StockSnapshot,
} from "@ledgerline/contracts";
import type { SavedStockRow } from "@ledgerline/db";
import { staleStoredQuote, storableQuote } from "@ledgerline/market";
import { conflict, notFound } from "../platform/errors";
import type { UserScope } from "../platform/scope";

function toSavedStock(row: SavedStockRow, fresh: StockSnapshot | undefined, now: Date): SavedStock {
  const stored = row.lastSnapshot ? staleStoredQuote(row.lastSnapshot, row.updatedAt, now) : null;
  return {
    symbol: row.symbol,
    companyName: fresh?.companyName ?? row.companyName,
    savedAt: row.createdAt.toISOString(),
    // Stale when the refresh failed, or when the market service could only serve its cached copy.
    stale: fresh === undefined || fresh.stale === true,
    snapshot: fresh ?? stored,
  };
}

const sameSnapshot = (a: StockSnapshot | null, b: StockSnapshot) =>
  a !== null && JSON.stringify(storableQuote(a)) === JSON.stringify(storableQuote(b));

/**
 * The user's watchlist, each symbol refreshed from the market service (served from its cache, so
 * polling users cost no upstream calls) and stored on the row. A symbol whose refresh fails keeps
 * the snapshot stored last time.
 */
export async function listWatchlist(scope: UserScope): Promise<SavedStock[]> {
  const { repos, market, clock } = scope.deps;
  const rows = await repos.stockWatchlist.list(scope.user.id);
  if (rows.length === 0) return [];
  const results = await market.stocks.getSnapshots(rows.map((row) => row.symbol));
  const fresh = new Map(
    results.flatMap((result) => (result.ok ? [[result.symbol, result.snapshot] as const] : [])),
  );
  // Only changed snapshots are written: polling within the quote's cache life writes nothing.
  const changed = rows.flatMap((row) => {
    const snapshot = fresh.get(row.symbol);
    return snapshot && !sameSnapshot(row.lastSnapshot, snapshot) ? [snapshot] : [];
  });
  if (changed.length > 0) {
    await repos.stockWatchlist.storeSnapshots(
      scope.user.id,
      changed.map(storableQuote),
      dateOf(clock),
    );
  }
  const now = dateOf(clock);
  const answer = rows.map((row) => toSavedStock(row, fresh.get(row.symbol), now));
  if (scope.answerLife) await noteQuoteLives(scope, answer);
  return answer;
}

/**
 * A watchlist answer holds while each quote is fresh and until the first shown age ticks over;
 * a stale quote (a failed refresh) is asked for again by the next read, so it is not kept.
 */
async function noteQuoteLives(scope: UserScope, answer: readonly SavedStock[]) {
  const life = scope.answerLife!;
  const stocks = scope.deps.market.stocks;
  for (const saved of answer) {
    const { snapshot } = saved;
    if (saved.stale || !snapshot || snapshot.asOf === undefined) {
      life.until(0);
      continue;
    }
    life.until(Date.parse(snapshot.asOf) + ((snapshot.ageSeconds ?? 0) + 1) * 1000);
    life.until(await stocks.quoteFreshUntil(saved.symbol));
  }
}

/**
 * Adds a symbol to the watchlist (or refreshes one already there) with a snapshot the server
 * fetches itself: clients never write market data. An unknown symbol fails with the market's
 * message.
 */
export async function saveToWatchlist(scope: UserScope, symbol: string): Promise<SavedStock> {
  const snapshot = await scope.deps.market.stocks.getSnapshot(symbol);
  const now = dateOf(scope.deps.clock);
  const row = await scope.deps.repos.stockWatchlist.save(
    scope.user.id,
    storableQuote(snapshot),
    now,
  );
  return toSavedStock(row, snapshot, now);
}

/** Removal is refused while the user holds the stock (spec section 4). */
export async function removeFromWatchlist(
  scope: UserScope,
  symbol: string,
): Promise<MessageResult> {
  const { repos } = scope.deps;
  if (await repos.portfolio.findBySymbol(scope.user.id, "STOCK", symbol)) {
    throw conflict(cannotRemoveWhileHeld(symbol));
  }
  if (!(await repos.stockWatchlist.remove(scope.user.id, symbol))) {
    throw notFound(`${symbol} is not in your watchlist`);
  }
  return { message: `${symbol} removed from your watchlist` };
}
