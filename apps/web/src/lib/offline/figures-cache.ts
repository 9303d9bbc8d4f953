import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from "@tanstack/query-persist-client-core";
import type { QueryClient } from "@tanstack/react-query";
import { clear, createStore, del, get, update } from "idb-keyval";
import { asLastLoaded, isKeptRead, mergedKept } from "./kept-reads";

/**
 * The signed-in pages' reads kept in IndexedDB, one entry per user, so a page opened offline shows
 * the figures it last loaded (docs/decisions, "a persons figures are kept per user on the
 * device"). Only the signed-in user's entry is ever read; every entry is deleted at sign-out.
 */
const store = createStore("ledgerline-figures", "by-user");

/** Older answers are dropped rather than shown as the latest. */
const MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/**
 * Raised when the pages read answers of another shape than before, so what an older build kept is
 * dropped. (Online the pages read afresh and overwrite the entry within seconds; only a page
 * opened offline reads it.)
 */
const buster = "1";

/** Stops the writers of the open pages' caches (their last, throttled write included). */
const writers = new Set<() => void>();

function persisterFor(userId: number, writing = { open: true }) {
  return createAsyncStoragePersister({
    storage: {
      getItem: (key) => get<string>(key, store),
      setItem: (key, value) =>
        writing.open
          ? update<string>(key, (kept) => mergedKept(kept, value, Date.now() - MAX_AGE_MS), store)
          : undefined,
      removeItem: (key) => del(key, store),
    },
    key: `user-${userId}`,
    serialize: (client) =>
      JSON.stringify({ ...client, clientState: asLastLoaded(client.clientState) }),
    // Live prices change the cache every second; the device is written at most every 2 s.
    throttleTime: 2000,
  });
}

/** Fills the cache with what this user's pages last loaded on this device (if anything). */
export async function restoreFigures(queryClient: QueryClient, userId: number): Promise<void> {
  await persistQueryClientRestore({
    queryClient,
    persister: persisterFor(userId),
    maxAge: MAX_AGE_MS,
    buster,
  });
}

/** Writes the cache's kept reads to the device as they change; the function returned stops. */
export function keepFigures(queryClient: QueryClient, userId: number): () => void {
  const writing = { open: true };
  const unsubscribe = persistQueryClientSubscribe({
    queryClient,
    persister: persisterFor(userId, writing),
    buster,
    // No write is ever kept to be sent later (they are refused offline).
    dehydrateOptions: { shouldDehydrateQuery: isKeptRead, shouldDehydrateMutation: () => false },
  });
  const stop = () => {
    writing.open = false;
    unsubscribe();
    writers.delete(stop);
  };
  writers.add(stop);
  return stop;
}

/**
 * Deletes every user's kept reads from this device, once the open page's writer has stopped: a
 * sign-out empties the cache, whose throttled write would otherwise land after the deletion.
 * (The build's prerender has no IndexedDB.)
 */
export function forgetAllFigures(): Promise<void> {
  for (const stop of [...writers]) stop();
  return typeof indexedDB === "undefined" ? Promise.resolve() : clear(store);
}
