import type { StockClassification } from "@ledgerline/contracts";
import { marketCapBucket } from "../classification/market-cap";
import { industryOfSic, sectorOfSic } from "../classification/sic-sectors";

/** Polygon's security types that are funds: exchange-traded funds, notes, vehicles. */
const FUND_TYPES = new Set(["ETF", "ETN", "ETV", "ETS", "FUND"]);

interface TickerDetails {
  sic_description?: string | null;
  market_cap?: number | null;
  locale?: string | null;
  type?: string | null;
}

/**
 * A ticker's classification from its details. Polygon tells the listing's locale ("us"), not
 * the headquarters' country, so a US listing counts as US; any other locale is "ZZ" (unknown)
 * until the person sets it. A fund spans sectors, so it is "diversified" whatever its SIC says.
 */
export function classificationOfDetails(details: TickerDetails): StockClassification {
  const fund = FUND_TYPES.has((details.type ?? "").toUpperCase());
  const sic = details.sic_description?.trim();
  return {
    sector: fund ? "diversified" : sectorOfSic(sic),
    industry: sic ? industryOfSic(sic) : fund ? "Exchange-Traded Fund" : "Unknown",
    country: details.locale?.toLowerCase() === "us" ? "US" : "ZZ",
    assetClass: fund ? "etf" : "equity",
    marketCap: marketCapBucket(details.market_cap),
  };
}
