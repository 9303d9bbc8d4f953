import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import {
  persistQueryClientRestore,
  persistQueryClientSave,
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

/** Stops the writers of the open pages' caches (a pending write included). */
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
    throttleTime: 0,
    serialize: (client) =>
      JSON.stringify({ ...client, clientState: asLastLoaded(client.clientState) }),
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

/**
 * Live prices change the cache every second, and a page's first load hundreds of times: the cache
 * is read out (dehydrated) and written at most this often, off the reader's way.
 */
const SAVE_EVERY_MS = 5000;

/** Writes the cache's kept reads to the device as they change; the function returned stops. */
export function keepFigures(queryClient: QueryClient, userId: number): () => void {
  const writing = { open: true };
  const persister = persisterFor(userId, writing);
  let pending: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    pending = undefined;
    void persistQueryClientSave({
      queryClient,
      persister,
      buster,
      // No write is ever kept to be sent later (they are refused offline).
      dehydrateOptions: { shouldDehydrateQuery: isKeptRead, shouldDehydrateMutation: () => false },
    });
  };
  const saveSoon = () => {
    pending ??= setTimeout(save, SAVE_EVERY_MS);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (["added", "removed", "updated"].includes(event.type)) saveSoon();
  });
  // The writer starts after the page's first paint, when its first reads have already come in:
  // they are written too, not only the changes after them.
  saveSoon();
  // A page hidden or left within the interval (a phone locked, the app switched, a reload) would
  // lose what it read since the last write: the pending write goes at once instead.
  const saveNow = () => {
    if (pending === undefined) return;
    clearTimeout(pending);
    save();
  };
  const saveIfHidden = () => {
    if (document.visibilityState === "hidden") saveNow();
  };
  document.addEventListener("visibilitychange", saveIfHidden);
  window.addEventListener("pagehide", saveNow);
  const stop = () => {
    writing.open = false;
    clearTimeout(pending);
    unsubscribe();
    document.removeEventListener("visibilitychange", saveIfHidden);
    window.removeEventListener("pagehide", saveNow);
    writers.delete(stop);
  };
  writers.add(stop);
  return stop;
}

/**
 * Deletes every user's kept reads from this device, once the open page's writer has stopped: a
 * sign-out empties the cache, whose pending write would otherwise land after the deletion.
 * (The build's prerender has no IndexedDB.)
 */
export function forgetAllFigures(): Promise<void> {
  for (const stop of [...writers]) stop();
  return typeof indexedDB === "undefined" ? Promise.resolve() : clear(store);
}
