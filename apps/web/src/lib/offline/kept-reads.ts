import type { PersistedClient } from "@tanstack/query-persist-client-core";
import type { DehydratedState, Query } from "@tanstack/react-query";

/**
 * Reads never written to the device: the account's own settings and secrets (API keys, second
 * factor), the session, and what only admins read. Everything else a signed-in page reads (the
 * summary, positions, watchlists, prices, transactions) is kept, so the pages open offline.
 */
const unkeptRouters = new Set([
  "auth",
  "account",
  "apiKeys",
  "mfa",
  "users",
  "audit",
  "jobs",
  "logs",
  "adminMarket",
]);

/** A tRPC query's router: its key starts with the procedure's path, `[["portfolio", "summary"], ...]`. */
function routerOf(query: Pick<Query, "queryKey">): string | undefined {
  const path = query.queryKey[0];
  return Array.isArray(path) && typeof path[0] === "string" ? path[0] : undefined;
}

/**
 * Whether a read's answer is kept on the device for reading offline: one with an answer, even if
 * its latest refresh failed (offline, it has).
 */
export function isKeptRead(query: Pick<Query, "queryKey" | "state">): boolean {
  const router = routerOf(query);
  return query.state.data !== undefined && router !== undefined && !unkeptRouters.has(router);
}

/**
 * The kept reads as the device stores them: each its last answer, as a read that succeeded. A
 * refresh that failed offline would otherwise come back as a failed read, which a page shows as
 * its error rather than its figures.
 */
export function asLastLoaded(state: DehydratedState): DehydratedState {
  return {
    mutations: [],
    queries: state.queries.map((query) => ({
      ...query,
      state: {
        ...query.state,
        status: "success",
        fetchStatus: "idle",
        error: null,
        fetchFailureCount: 0,
        fetchFailureReason: null,
      },
    })),
  };
}

/**
 * When the figures on screen were loaded: the oldest answer among the reads the open page shows
 * (so no figure on it is older than the time the offline banner gives), or undefined if none.
 */
export function figuresAsOf(
  queries: readonly Pick<Query, "queryKey" | "state" | "isActive">[],
): number | undefined {
  let oldest: number | undefined;
  for (const query of queries) {
    if (!query.isActive() || !isKeptRead(query) || query.state.dataUpdatedAt <= 0) continue;
    oldest = Math.min(oldest ?? Infinity, query.state.dataUpdatedAt);
  }
  return oldest;
}

/**
 * What the device keeps after a page's write: the page's reads, and the reads of the pages this
 * user opened before (another tab, or before a reload) that this page does not hold, each the
 * newer of the two, none older than `oldest`. A page holds only what it has read since it
 * opened, so its write alone would drop the watchlist read on another page.
 */
export function mergedKept(kept: string | undefined, next: string, oldest: number): string {
  const page = JSON.parse(next) as PersistedClient;
  let before: PersistedClient | undefined;
  try {
    before = kept === undefined ? undefined : (JSON.parse(kept) as PersistedClient);
  } catch {
    before = undefined;
  }
  const byHash = new Map(page.clientState.queries.map((query) => [query.queryHash, query]));
  if (before?.buster === page.buster) {
    for (const query of before.clientState.queries) {
      const current = byHash.get(query.queryHash);
      if (!current || current.state.dataUpdatedAt < query.state.dataUpdatedAt)
        byHash.set(query.queryHash, query);
    }
  }
  const queries = [...byHash.values()].filter((query) => query.state.dataUpdatedAt >= oldest);
  return JSON.stringify({ ...page, clientState: { ...page.clientState, queries } });
}
