import type { StockSnapshot } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import {
  readSearchHistory,
  STOCK_SEARCH_HISTORY_KEY,
  withSearch,
  writeSearchHistory,
} from "../src/components/stocks/search-history";

const snapshot = (symbol: string, price = "10"): StockSnapshot => ({
  symbol,
  companyName: `${symbol} Inc.`,
  price,
  change: "0.5",
  changePercent: 5,
  marketCap: 0,
  volume: 100,
  timestamp: "2026-03-11T15:00:00.000Z",
  open: null,
  high: null,
  low: null,
  previousClose: "9.5",
  marketStatus: "Market is open.",
});

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("stock search history", () => {
  it("keeps the newest search first, one entry per symbol, at most five", () => {
    let history: StockSnapshot[] = [];
    for (const symbol of ["A", "B", "C", "D", "E", "F"])
      history = withSearch(history, snapshot(symbol));
    expect(history.map((item) => item.symbol)).toEqual(["F", "E", "D", "C", "B"]);
    history = withSearch(history, snapshot("D", "12"));
    expect(history.map((item) => item.symbol)).toEqual(["D", "F", "E", "C", "B"]);
    expect(history[0]?.price).toBe("12");
  });

  it("persists under the stock-search-history key and reads it back", () => {
    const storage = memoryStorage();
    writeSearchHistory(storage, [snapshot("AAPL"), snapshot("MSFT")]);
    expect(STOCK_SEARCH_HISTORY_KEY).toBe("stock-search-history");
    expect(storage.items.has("stock-search-history")).toBe(true);
    expect(readSearchHistory(storage).map((item) => item.symbol)).toEqual(["AAPL", "MSFT"]);
    writeSearchHistory(storage, []);
    expect(storage.items.has("stock-search-history")).toBe(false);
  });

  it("ignores stored values that are not a history", () => {
    const storage = memoryStorage();
    storage.setItem(STOCK_SEARCH_HISTORY_KEY, "{not json");
    expect(readSearchHistory(storage)).toEqual([]);
    storage.setItem(STOCK_SEARCH_HISTORY_KEY, JSON.stringify([{ symbol: 1 }, snapshot("KO")]));
    expect(readSearchHistory(storage).map((item) => item.symbol)).toEqual(["KO"]);
  });
});
