import type { CryptoQuote, StockSnapshot } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { cryptoAsset } from "../src/components/assets/crypto";
import {
  readSearchHistory,
  withSearch,
  writeSearchHistory,
} from "../src/components/assets/search-history";
import { stockAsset } from "../src/components/assets/stock";

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

const quote = (symbol: string, changePercent = 1.5): CryptoQuote => ({
  symbol,
  price: "100",
  currency: "USD",
  open: "98.5",
  change: "1.5",
  changePercent,
  volume: 10,
  high24h: "101",
  low24h: "97",
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

describe("search history, one rule for stocks and crypto", () => {
  it("keeps the newest search first, one entry per symbol, at most five", () => {
    const { limit } = stockAsset.searchHistory;
    let history: StockSnapshot[] = [];
    for (const symbol of ["A", "B", "C", "D", "E", "F"])
      history = withSearch(history, snapshot(symbol), limit);
    expect(history.map((item) => item.symbol)).toEqual(["F", "E", "D", "C", "B"]);
    history = withSearch(history, snapshot("D", "12"), limit);
    expect(history.map((item) => item.symbol)).toEqual(["D", "F", "E", "C", "B"]);
    expect(history[0]?.price).toBe("12");
  });

  it("moves a repeated coin to the front with its newest change", () => {
    const { limit } = cryptoAsset.searchHistory;
    let history: CryptoQuote[] = [];
    for (const symbol of ["BTC", "ETH", "SOL", "ADA", "XRP"])
      history = withSearch(history, quote(symbol), limit);
    history = withSearch(history, quote("SOL", -2), limit);
    expect(history.map((entry) => entry.symbol)).toEqual(["SOL", "XRP", "ADA", "ETH", "BTC"]);
    expect(history[0]!.changePercent).toBe(-2);
    history = withSearch(history, quote("DOGE"), limit);
    expect(history.map((entry) => entry.symbol)).toEqual(["DOGE", "SOL", "XRP", "ADA", "ETH"]);
  });

  it("persists each asset under its spec key and reads it back", () => {
    const storage = memoryStorage();
    expect(stockAsset.searchHistory.key).toBe("stock-search-history");
    expect(cryptoAsset.searchHistory.key).toBe("crypto-search-history");
    writeSearchHistory(storage, stockAsset.searchHistory, [snapshot("AAPL"), snapshot("MSFT")]);
    writeSearchHistory(storage, cryptoAsset.searchHistory, [quote("BTC")]);
    expect(readSearchHistory(storage, stockAsset.searchHistory).map((item) => item.symbol)).toEqual(
      ["AAPL", "MSFT"],
    );
    expect(
      readSearchHistory(storage, cryptoAsset.searchHistory).map((item) => item.symbol),
    ).toEqual(["BTC"]);
    writeSearchHistory(storage, stockAsset.searchHistory, []);
    expect(storage.items.get("stock-search-history")).toBe("[]");
    expect(readSearchHistory(storage, cryptoAsset.searchHistory)).toHaveLength(1);
  });

  it("ignores stored values that are not a history", () => {
    const storage = memoryStorage();
    const store = stockAsset.searchHistory;
    storage.setItem(store.key, "{not json");
    expect(readSearchHistory(storage, store)).toEqual([]);
    storage.setItem(store.key, JSON.stringify([{ symbol: 1 }, snapshot("KO")]));
    expect(readSearchHistory(storage, store).map((item) => item.symbol)).toEqual(["KO"]);
  });

  it("keeps working when storage refuses to write", () => {
    const refusing = {
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(() =>
      writeSearchHistory(refusing, stockAsset.searchHistory, [snapshot("A")]),
    ).not.toThrow();
    expect(() => writeSearchHistory(refusing, stockAsset.searchHistory, [])).not.toThrow();
  });
});
