/**
 * What a holding is (issue 33): the fixed sector list every source is mapped to, written once.
 * The eleven GICS sectors, "Diversified" for funds that span them, and "Unclassified" for a
 * company whose industry the market does not tell.
 */
export const sectors = [
  { key: "communication-services", label: "Communication Services" },
  { key: "consumer-discretionary", label: "Consumer Discretionary" },
  { key: "consumer-staples", label: "Consumer Staples" },
  { key: "energy", label: "Energy" },
  { key: "financials", label: "Financials" },
  { key: "health-care", label: "Health Care" },
  { key: "industrials", label: "Industrials" },
  { key: "information-technology", label: "Information Technology" },
  { key: "materials", label: "Materials" },
  { key: "real-estate", label: "Real Estate" },
  { key: "utilities", label: "Utilities" },
  { key: "diversified", label: "Diversified" },
  { key: "unclassified", label: "Unclassified" },
] as const;
export type Sector = (typeof sectors)[number]["key"];
export const sectorKeys = sectors.map((sector) => sector.key) as [Sector, ...Sector[]];

export const stockAssetClasses = ["equity", "etf"] as const;
export type StockAssetClass = (typeof stockAssetClasses)[number];

/** Company size by market capitalization, on the usual US thresholds (see MARKET_CAP_FLOORS). */
export const marketCapBuckets = ["mega", "large", "mid", "small", "micro"] as const;
export type MarketCapBucket = (typeof marketCapBuckets)[number];
/** The lowest market cap (USD) of each bucket, largest first; below the last is micro. */
export const MARKET_CAP_FLOORS: readonly [MarketCapBucket, number][] = [
  ["mega", 200e9],
  ["large", 10e9],
  ["mid", 2e9],
  ["small", 300e6],
];

export const coinCategories = [
  { key: "layer-1", label: "Layer 1" },
  { key: "layer-2", label: "Layer 2" },
  { key: "stablecoin", label: "Stablecoin" },
  { key: "exchange-token", label: "Exchange token" },
  { key: "payments", label: "Payments" },
  { key: "defi", label: "DeFi" },
  { key: "oracle", label: "Oracle" },
  { key: "storage", label: "Storage" },
  { key: "meme", label: "Meme" },
  { key: "other", label: "Other" },
] as const;
export type CoinCategory = (typeof coinCategories)[number]["key"];
export const coinCategoryKeys = coinCategories.map((category) => category.key) as [
  CoinCategory,
  ...CoinCategory[],
];
