import { useCallback, useState } from "react";
import {
  readSearchHistory,
  withSearch,
  writeSearchHistory,
  type SearchEntry,
  type SearchHistoryStore,
} from "./search-history";

/** Local storage when the browser offers it (not while prerendering, not when it is blocked). */
function localStore(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** An asset's recent searches, persisted on every change. */
export function useSearchHistory<T extends SearchEntry>(store: SearchHistoryStore) {
  const [history, setHistory] = useState<T[]>(() => {
    const storage = localStore();
    return storage ? readSearchHistory<T>(storage, store) : [];
  });

  const update = useCallback(
    (next: (current: T[]) => T[]) => {
      setHistory((current) => {
        const value = next(current);
        const storage = localStore();
        if (storage) writeSearchHistory(storage, store, value);
        return value;
      });
    },
    [store],
  );

  return {
    history,
    /** A search that found its asset (a repeat too) moves it to the front. */
    record: useCallback(
      (entry: T) => update((current) => withSearch(current, entry, store.limit)),
      [update, store.limit],
    ),
    clear: useCallback(() => update(() => []), [update]),
  };
}
