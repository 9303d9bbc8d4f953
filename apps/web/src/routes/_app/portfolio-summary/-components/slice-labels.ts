import type { AllocationDimension } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import {
  coinCategoryLabel,
  isCoinCategory,
  isSector,
  sectorLabel,
} from "../../../../lib/classification-labels";
import { getLocale } from "../../../../lib/locale";

/**
 * The words of the allocation's and the targets' slices in the reader's language. The server
 * labels a slice in English (the contracts' sector and coin category lists, "Cash", "Stocks", a
 * country's English name); the slices of a fixed list are named here by their key, a country by
 * its ISO code (Intl.DisplayNames), and any other (a holding, an account, a stock's industry)
 * keeps the server's label.
 */
const assetClassLabels: Record<string, () => string> = {
  equity: m.summary_slice_stocks,
  etf: m.summary_slice_etfs,
};

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

/** By industry, a coin's slice is its category's (allocation-keys.ts: `crypto:layer-1`). */
const coinPrefix = "crypto:";

/** A slice's words: a fixed list's in the reader's language, any other as the server has it. */
export function sliceLabel(by: AllocationDimension, slice: { key: string; label: string }): string {
  if (by !== "account" && slice.key === "cash") return m.summary_slice_cash();
  if (by !== "account" && by !== "symbol" && slice.key === "crypto")
    return m.summary_slice_crypto();
  if (by === "sector" && isSector(slice.key)) return sectorLabel(slice.key);
  if (by === "industry" && slice.key.startsWith(coinPrefix)) {
    const category = slice.key.slice(coinPrefix.length);
    if (isCoinCategory(category)) return coinCategoryLabel(category);
  }
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
