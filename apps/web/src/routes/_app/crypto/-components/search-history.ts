import {
  CRYPTO_SEARCH_HISTORY_KEY,
  CRYPTO_SEARCH_HISTORY_LIMIT,
} from "@ledgerline/contracts/browser";
import type { CryptoQuote } from "@ledgerline/contracts";

/**
 * Crypto search history (spec section 4 "Search history"): the crypto data records of the last
 * searches, newest first. A new search moves its symbol to the front, removing any duplicate;
 * the list keeps at most 5 and is stored under the crypto-search-history key on every change.
 */
export function withSearch(history: readonly CryptoQuote[], quote: CryptoQuote): CryptoQuote[] {
  return [quote, ...history.filter((entry) => entry.symbol !== quote.symbol)].slice(
    0,
    CRYPTO_SEARCH_HISTORY_LIMIT,
  );
}

function isEntry(value: unknown): value is CryptoQuote {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.symbol === "string" &&
    typeof entry.price === "string" &&
    typeof entry.changePercent === "number"
  );
}

/** What is stored, read defensively: anything unreadable is an empty history. */
export function readHistory(storage: Pick<Storage, "getItem">): CryptoQuote[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CRYPTO_SEARCH_HISTORY_KEY) ?? "[]");
    return Array.isArray(parsed)
      ? parsed.filter(isEntry).slice(0, CRYPTO_SEARCH_HISTORY_LIMIT)
      : [];
  } catch {
    return [];
  }
}

export function writeHistory(
  storage: Pick<Storage, "setItem">,
  history: readonly CryptoQuote[],
): void {
  try {
    storage.setItem(CRYPTO_SEARCH_HISTORY_KEY, JSON.stringify(history));
  } catch {
    // Storage may be full or disabled: the history still works for this visit.
  }
}
