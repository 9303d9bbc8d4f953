import type { CryptoQuote } from "@ledgerline/contracts";
import { useCallback, useState } from "react";
import { readHistory, withSearch, writeHistory } from "./search-history";

const storage = () => (typeof localStorage === "undefined" ? undefined : localStorage);

/** The crypto search history, persisted on every change. */
export function useSearchHistory() {
  const [history, setHistory] = useState<CryptoQuote[]>(() => {
    const store = storage();
    return store ? readHistory(store) : [];
  });

  const update = useCallback((next: (current: CryptoQuote[]) => CryptoQuote[]) => {
    setHistory((current) => {
      const value = next(current);
      const store = storage();
      if (store) writeHistory(store, value);
      return value;
    });
  }, []);

  return {
    history,
    record: useCallback(
      (quote: CryptoQuote) => update((current) => withSearch(current, quote)),
      [update],
    ),
    clear: useCallback(() => update(() => []), [update]),
  };
}
