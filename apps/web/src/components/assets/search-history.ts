/**
 * Recent searches (spec section 3 and section 4 "Search history"), one rule for every asset: the
 * newest search first, one entry per symbol, at most `limit`, stored in local storage under the
 * asset's key on every change. Entries are the looked-up quote or snapshot as the server sent it.
 */

/** What a history entry needs: its symbol, a price and the day's change in percent. */
export interface SearchEntry {
  symbol: string;
  price: string;
  changePercent: number;
}

export interface SearchHistoryStore {
  /** The local-storage key: "stock-search-history", "crypto-search-history". */
  key: string;
  limit: number;
}

export function withSearch<T extends SearchEntry>(
  history: readonly T[],
  entry: T,
  limit: number,
): T[] {
  return [entry, ...history.filter((item) => item.symbol !== entry.symbol)].slice(0, limit);
}

function looksLikeEntry(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.symbol === "string" &&
    typeof entry.price === "string" &&
    typeof entry.changePercent === "number"
  );
}

/** What was stored, or nothing when it is missing or not ours (another version, hand edits). */
export function readSearchHistory<T extends SearchEntry>(
  storage: Pick<Storage, "getItem">,
  { key, limit }: SearchHistoryStore,
): T[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? "[]");
    return Array.isArray(parsed) ? (parsed.filter(looksLikeEntry) as T[]).slice(0, limit) : [];
  } catch {
    return [];
  }
}

export function writeSearchHistory(
  storage: Pick<Storage, "setItem">,
  { key }: SearchHistoryStore,
  history: readonly SearchEntry[],
): void {
  try {
    // Persisted on every change, a cleared history too (stored as an empty list).
    storage.setItem(key, JSON.stringify(history));
  } catch {
    // Full or disabled storage: the history still works for this visit.
  }
}
