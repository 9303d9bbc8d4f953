import type { AppRouter } from "@ledgerline/api";
import { useQuery, type UseQueryOptions } from "@tanstack/react-query";
import type { TRPCClientErrorLike } from "@trpc/client";
import type { TRPCQueryKey } from "@trpc/tanstack-react-query";

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

/** A batched tRPC read of some symbols' quotes, one result a symbol. */
type BatchRead<R> = UseQueryOptions<R[], TRPCClientErrorLike<AppRouter>, R[], TRPCQueryKey>;

/**
 * The quotes of the held symbols that are not watched, as a dashboard shows them: read in one
 * batch (`query`) only when there are some, refreshed every `refreshMs`, the failed ones left out.
 */
export function useHeldNotWatched<R, T>(
  holdings: ReadonlyMap<string, unknown>,
  watched: readonly { symbol: string }[] | undefined,
  read: {
    query: (symbols: string[]) => BatchRead<R>;
    refreshMs: number;
    pick: (result: R) => T | undefined;
  },
): T[] {
  const symbols = heldNotWatched(holdings, watched);
  const { data } = useQuery({
    ...read.query(symbols),
    enabled: symbols.length > 0,
    refetchInterval: read.refreshMs,
  });
  if (symbols.length === 0) return [];
  return (data ?? []).flatMap((result) => {
    const quote = read.pick(result);
    return quote === undefined ? [] : [quote];
  });
}
