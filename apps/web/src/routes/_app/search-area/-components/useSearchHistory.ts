import type { StockSnapshot } from "@ledgerline/contracts";
import { useState } from "react";
import {
  readSearchHistory,
  withSearch,
  writeSearchHistory,
} from "../../../../components/stocks/search-history";

/** Recent searches, persisted in local storage on every change. */
export function useSearchHistory() {
  const [history, setHistory] = useState(() => readSearchHistory(localStorage));
  const update = (next: StockSnapshot[]) => {
    writeSearchHistory(localStorage, next);
    setHistory(next);
  };
  return {
    history,
    add: (snapshot: StockSnapshot) => update(withSearch(history, snapshot)),
    clear: () => update([]),
  };
}
