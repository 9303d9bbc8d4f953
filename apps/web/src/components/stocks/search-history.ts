import type { StockSnapshot } from "@ledgerline/contracts";

/** Spec section 3: recent stock searches live in local storage under this key. */
export const STOCK_SEARCH_HISTORY_KEY = "stock-search-history";
export const SEARCH_HISTORY_LIMIT = 5;

/** The newest search first, one entry per symbol, at most five. */
export function withSearch(
  history: readonly StockSnapshot[],
  entry: StockSnapshot,
): StockSnapshot[] {
  return [entry, ...history.filter((item) => item.symbol !== entry.symbol)].slice(
    0,
    SEARCH_HISTORY_LIMIT,
  );
}

const looksLikeSnapshot = (value: unknown): value is StockSnapshot =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { symbol?: unknown }).symbol === "string" &&
  typeof (value as { price?: unknown }).price === "string" &&
  typeof (value as { changePercent?: unknown }).changePercent === "number";

/** What was stored, or nothing when it is missing or not ours (another version, hand edits). */
export function readSearchHistory(storage: Pick<Storage, "getItem">): StockSnapshot[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STOCK_SEARCH_HISTORY_KEY) ?? "[]");
    return Array.isArray(parsed)
      ? parsed.filter(looksLikeSnapshot).slice(0, SEARCH_HISTORY_LIMIT)
      : [];
  } catch {
    return [];
  }
}

export function writeSearchHistory(
  storage: Pick<Storage, "setItem" | "removeItem">,
  history: readonly StockSnapshot[],
): void {
  try {
    if (history.length === 0) storage.removeItem(STOCK_SEARCH_HISTORY_KEY);
    else storage.setItem(STOCK_SEARCH_HISTORY_KEY, JSON.stringify(history));
  } catch {
    // Full or disabled storage: the history simply is not remembered.
  }
}
