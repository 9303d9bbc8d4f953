import {
  coinCategories,
  sectors,
  type AllocationDimension,
  type AssetKind,
  type ClassificationView,
  type TargetDimension,
} from "@ledgerline/contracts";

/** One thing of value in the mix: a holding at its current price, or an account's cash. */
export type AllocationItem =
  | {
      kind: "holding";
      accountId: number;
      key: string;
      assetType: AssetKind;
      symbol: string;
      quantity: string;
      price: string;
      value: string;
    }
  | { kind: "cash"; accountId: number; value: string };

export interface SliceKey {
  key: string;
  label: string;
}

const sectorLabels = new Map<string, string>(sectors.map((sector) => [sector.key, sector.label]));
const categoryLabels = new Map<string, string>(coinCategories.map((c) => [c.key, c.label]));
/** Built on the first country slice, not at import: ICU's region names are mapped when used (issue 35). */
let countryNames: Intl.DisplayNames | undefined;

const CASH: SliceKey = { key: "cash", label: "Cash" };
const CRYPTO: SliceKey = { key: "crypto", label: "Crypto" };

function countryLabel(code: string): string {
  if (code === "ZZ") return "Unknown";
  try {
    countryNames ??= new Intl.DisplayNames(["en"], { type: "region" });
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The slice an item falls in. A dimension that does not apply to coins (sector, country) puts
 * them all in one "Crypto" slice; by industry a coin goes by its category. Cash is one "Cash"
 * slice in every dimension but the account.
 */
export function sliceOf(
  item: AllocationItem,
  by: AllocationDimension,
  classifications: ReadonlyMap<string, ClassificationView>,
  accountNames: ReadonlyMap<number, string>,
): SliceKey {
  if (by === "account") {
    return { key: String(item.accountId), label: accountNames.get(item.accountId) ?? "" };
  }
  if (item.kind === "cash") return CASH;
  if (by === "symbol") return { key: item.key, label: item.symbol };
  const view = classifications.get(item.key)!;
  if (view.assetType === "CRYPTO") {
    if (by === "assetClass") return CRYPTO;
    if (by === "industry") {
      const category = view.classification.category;
      return { key: `crypto:${category}`, label: categoryLabels.get(category) ?? category };
    }
    return CRYPTO;
  }
  const stock = view.classification;
  switch (by) {
    case "sector":
      return { key: stock.sector, label: sectorLabels.get(stock.sector) ?? stock.sector };
    case "industry":
      return { key: stock.industry.toLowerCase(), label: stock.industry };
    case "country":
      return { key: stock.country, label: countryLabel(stock.country) };
    case "assetClass":
      return stock.assetClass === "etf"
        ? { key: "etf", label: "ETFs" }
        : { key: "equity", label: "Stocks" };
  }
}

/** A target's label, as the slice with its key is labelled in the allocation. */
export function targetLabel(by: TargetDimension, key: string): string {
  if (key === CASH.key) return CASH.label;
  if (key === CRYPTO.key) return CRYPTO.label;
  if (by === "symbol") return key.slice(key.indexOf(":") + 1);
  if (by === "sector") return sectorLabels.get(key) ?? key;
  return key === "etf" ? "ETFs" : "Stocks";
}
