import type { AllocationDimension, Sector } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { getLocale } from "../../../../lib/locale";

/**
 * The words of the allocation's and the targets' slices in the reader's language. The server
 * labels a slice in English (the contracts' sector list, "Cash", "Stocks", a country's English
 * name); the slices of a fixed list are named here by their key, a country by its ISO code
 * (Intl.DisplayNames), and any other (a holding, an account, an industry) keeps the server's label.
 */
const sectorLabels: Record<Sector, () => string> = {
  "communication-services": m.summary_sector_communication_services,
  "consumer-discretionary": m.summary_sector_consumer_discretionary,
  "consumer-staples": m.summary_sector_consumer_staples,
  energy: m.summary_sector_energy,
  financials: m.summary_sector_financials,
  "health-care": m.summary_sector_health_care,
  industrials: m.summary_sector_industrials,
  "information-technology": m.summary_sector_information_technology,
  materials: m.summary_sector_materials,
  "real-estate": m.summary_sector_real_estate,
  utilities: m.summary_sector_utilities,
  diversified: m.summary_sector_diversified,
  unclassified: m.summary_sector_unclassified,
};

const assetClassLabels: Record<string, () => string> = {
  equity: m.summary_slice_stocks,
  etf: m.summary_slice_etfs,
};

/** A sector's name (the targets' choices), by its key. */
export const sectorLabel = (sector: Sector): string => sectorLabels[sector]();

/**
 * Made on the first country named (the allocation by sector, the default, never needs one); one
 * per language, and a build has one language.
 */
const regionNames = new Map<string, Intl.DisplayNames>();

/**
 * A country's name in the reader's language, by its ISO 3166-1 code (the key of a country
 * slice); "ZZ", the server's key for a company whose country is not known, is the catalog's
 * "Unknown". A code the browser cannot name keeps the server's label.
 */
export function countryLabel(code: string, serverLabel: string): string {
  if (code === "ZZ") return m.summary_country_unknown();
  try {
    const language = getLocale();
    let names = regionNames.get(language);
    if (!names) {
      names = new Intl.DisplayNames([language], { type: "region", fallback: "none" });
      regionNames.set(language, names);
    }
    return names.of(code) ?? serverLabel;
  } catch {
    // Not a well-formed region code.
    return serverLabel;
  }
}

/** A slice's words: a fixed list's in the reader's language, any other as the server has it. */
export function sliceLabel(by: AllocationDimension, slice: { key: string; label: string }): string {
  if (by !== "account" && slice.key === "cash") return m.summary_slice_cash();
  if (by !== "account" && by !== "symbol" && slice.key === "crypto")
    return m.summary_slice_crypto();
  if (by === "sector" && slice.key in sectorLabels) return sectorLabel(slice.key as Sector);
  if (by === "assetClass") return assetClassLabels[slice.key]?.() ?? slice.label;
  if (by === "country") return countryLabel(slice.key, slice.label);
  return slice.label;
}

/** The dimensions the allocation is grouped by and targets are set by. */
export const dimensionLabels: Record<AllocationDimension, () => string> = {
  sector: m.summary_by_sector,
  industry: m.summary_by_industry,
  country: m.summary_by_country,
  assetClass: m.summary_by_asset_class,
  account: m.summary_by_account,
  symbol: m.summary_by_holding,
};
