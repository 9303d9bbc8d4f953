import { sectors, type Sector, type StockClassification } from "@ledgerline/contracts";
import { marketCapBucket } from "../../classification/market-cap";
import { sp500Constituents } from "../data/sp500-constituents.gen";
import type { CompanyProfile } from "./company-profiles";
import { usStates } from "./us-states";

/** The GICS sector names of the constituents list, as the fixed list's keys. */
const sectorByLabel = new Map<string, Sector>(sectors.map((sector) => [sector.label, sector.key]));

/** The countries the list names for companies based outside the US (checked by a test). */
const countryCodes: Readonly<Record<string, string>> = {
  Bermuda: "BM",
  Canada: "CA",
  Ireland: "IE",
  Netherlands: "NL",
  Switzerland: "CH",
  "United Kingdom": "GB",
};

const regionBySymbol = new Map(sp500Constituents.map((row) => [row.symbol, row.region]));

/** Where the list says the company is based: a US state means the US. */
export function countryOfRegion(region: string | null | undefined): string {
  if (!region || Object.hasOwn(usStates, region)) return "US";
  return countryCodes[region] ?? "ZZ";
}

/**
 * A simulated company's classification: its real GICS sector and sub-industry and headquarters
 * country from the S&P 500 list; a fund (SPY) is a diversified ETF. The size bucket is of the
 * simulated market cap, so it moves with the simulated price as a real one would.
 */
export function simClassification(
  profile: CompanyProfile,
  marketCap: number | null,
): StockClassification {
  const fund = profile.sicDescription === "EXCHANGE-TRADED FUND";
  return {
    sector: fund ? "diversified" : (sectorByLabel.get(profile.sector) ?? "unclassified"),
    industry: profile.subIndustry,
    country: countryOfRegion(regionBySymbol.get(profile.symbol)),
    assetClass: fund ? "etf" : "equity",
    marketCap: marketCapBucket(marketCap),
  };
}
