import { MARKET_CAP_FLOORS, type MarketCapBucket } from "@ledgerline/contracts";

/** The size bucket of a market capitalization in USD; null when the market does not tell it. */
export function marketCapBucket(marketCap: number | null | undefined): MarketCapBucket | null {
  if (marketCap === null || marketCap === undefined || !Number.isFinite(marketCap)) return null;
  return MARKET_CAP_FLOORS.find(([, floor]) => marketCap >= floor)?.[0] ?? "micro";
}
