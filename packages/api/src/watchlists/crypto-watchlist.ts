import { dateOf } from "@ledgerline/clock";
import {
  cannotRemoveWhileHeld,
  marketMessages,
  QUOTE_CURRENCY,
  type CryptoQuote,
  type MessageResult,
  type SavedCrypto,
} from "@ledgerline/contracts";
import type { SavedCryptoRow } from "@ledgerline/db";
import { isMarketDataError, staleStoredQuote, storableQuote } from "@ledgerline/market";
import { conflict, notFound } from "../platform/errors";
import type { UserScope } from "../platform/scope";

/**
 * The server's quote for a coin; a coin the market does not know is 'Cryptocurrency not found'
 * (spec section 8). Other market failures keep the market's message ('Failed to fetch crypto
 * data') and status.
 */
export async function knownCryptoQuote(scope: UserScope, symbol: string): Promise<CryptoQuote> {
  try {
    return await scope.deps.market.crypto.getQuote(symbol);
  } catch (error) {
    if (isMarketDataError(error) && error.kind === "not_found") {
      throw notFound(marketMessages.cryptocurrencyNotFound);
    }
    throw error;
  }
}

/** The quote stored on a row; a row is always saved with one, the fallback only satisfies types. */
function storedQuote(row: SavedCryptoRow): CryptoQuote {
  return (
    row.lastQuote ?? {
      symbol: row.symbol,
      price: row.savedPrice,
      currency: QUOTE_CURRENCY,
      open: row.savedOpen,
      change: "0",
      changePercent: 0,
      volume: 0,
      high24h: row.savedPrice,
      low24h: row.savedPrice,
    }
  );
}

function toSavedCrypto(
  row: SavedCryptoRow,
  fresh: CryptoQuote | undefined,
  now: Date,
): SavedCrypto {
  const quote = fresh ?? staleStoredQuote(storedQuote(row), row.updatedAt, now);
  return {
    ...quote,
    symbol: row.symbol,
    savedPrice: row.savedPrice,
    savedAt: row.createdAt.toISOString(),
    // A quote the market service could only serve from its cache is as old as that copy.
    quotedAt: fresh && !fresh.stale ? now.toISOString() : (quote.asOf ?? now.toISOString()),
    stale: quote.stale === true,
  };
}

const sameQuote = (a: CryptoQuote | null, b: CryptoQuote) =>
  a !== null && JSON.stringify(storableQuote(a)) === JSON.stringify(storableQuote(b));

/**
 * The user's watched coins with live quotes from the market service (served from its cache, so
 * polling every 10 s costs no upstream calls) and the price each was saved at. Fresh quotes are
 * stored on the rows; a coin whose refresh fails keeps the quote stored last time.
 */
export async function listCryptoWatchlist(scope: UserScope): Promise<SavedCrypto[]> {
  const { repos, market, clock } = scope.deps;
  const rows = await repos.cryptoWatchlist.list(scope.user.id);
  if (rows.length === 0) return [];
  const results = await market.crypto.getQuotes(rows.map((row) => row.symbol));
  const fresh = new Map(
    results.flatMap((result) => (result.ok ? [[result.symbol, result.quote] as const] : [])),
  );
  const now = dateOf(clock);
  // Only changed quotes are written: polling within the quote's cache life writes nothing.
  const changed = rows.flatMap((row) => {
    const quote = fresh.get(row.symbol);
    return quote && !sameQuote(row.lastQuote, quote) ? [quote] : [];
  });
  if (changed.length > 0) {
    await repos.cryptoWatchlist.storeQuotes(scope.user.id, changed.map(storableQuote), now);
  }
  return rows.map((row) => toSavedCrypto(row, fresh.get(row.symbol), now));
}

/**
 * Watches a coin (or updates one already watched) at the server's own current quote: its price
 * becomes the saved price the screens colour against. Figures a client posts are not used.
 */
export async function saveCrypto(scope: UserScope, symbol: string): Promise<SavedCrypto> {
  const quote = await knownCryptoQuote(scope, symbol);
  const now = dateOf(scope.deps.clock);
  const row = await scope.deps.repos.cryptoWatchlist.save(scope.user.id, storableQuote(quote), now);
  return toSavedCrypto(row, quote, now);
}

/** Removal is refused while the user holds the coin (spec section 4 "Crypto watchlist"). */
export async function removeCrypto(scope: UserScope, symbol: string): Promise<MessageResult> {
  const { repos } = scope.deps;
  if (await repos.portfolio.findBySymbol(scope.user.id, "CRYPTO", symbol)) {
    throw conflict(cannotRemoveWhileHeld(symbol));
  }
  if (!(await repos.cryptoWatchlist.remove(scope.user.id, symbol))) {
    throw notFound(`${symbol} is not in your watchlist`);
  }
  return { message: `${symbol} removed from your watchlist` };
}
