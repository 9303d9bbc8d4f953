import { cryptoSymbol, stockSymbol } from "@ledgerline/contracts";
import { MarketDataError, type MarketOperation } from "./errors";

/** Validates and normalises a stock symbol before any provider sees it. */
export function parseStockSymbol(input: string, operation: MarketOperation = "snapshot"): string {
  const result = stockSymbol.safeParse(input);
  if (!result.success) {
    throw new MarketDataError(operation, "invalid_symbol", {
      detail: `invalid stock symbol ${JSON.stringify(input)}`,
    });
  }
  return result.data;
}

export function parseCryptoSymbol(input: string): string {
  const result = cryptoSymbol.safeParse(input);
  if (!result.success) {
    throw new MarketDataError("crypto_quote", "invalid_symbol", {
      detail: `invalid crypto symbol ${JSON.stringify(input)}`,
    });
  }
  return result.data;
}

export function isValidStockSymbol(input: string): boolean {
  return stockSymbol.safeParse(input).success;
}
