/** The server answers at most this many symbols per batched read (MAX_SYMBOLS_PER_REQUEST). */
const BATCH_LIMIT = 100;

/**
 * The held symbols that are not on the watchlist, sorted, at most one batch; empty until the
 * watchlist is known (so nothing is fetched for symbols that turn out to be watched).
 */
export function heldNotWatched(
  holdings: ReadonlyMap<string, unknown>,
  watched: readonly { symbol: string }[] | undefined,
): string[] {
  if (!watched) return [];
  const onList = new Set(watched.map((item) => item.symbol));
  return [...holdings.keys()]
    .filter((symbol) => !onList.has(symbol))
    .sort()
    .slice(0, BATCH_LIMIT);
}

/** How a dashboard reads the quotes of those symbols: only when there are some, refreshed. */
export const heldQuery = (symbols: readonly string[], refreshMs: number) => ({
  enabled: symbols.length > 0,
  refetchInterval: refreshMs,
});

/** The quotes a batched read answered for those symbols (the failed ones are left out). */
export function answered<R, T>(
  results: readonly R[] | undefined,
  symbols: readonly string[],
  pick: (result: R) => T | undefined,
): T[] {
  if (symbols.length === 0) return [];
  return (results ?? []).flatMap((result) => {
    const quote = pick(result);
    return quote === undefined ? [] : [quote];
  });
}
