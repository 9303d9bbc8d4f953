import { compare, multiply, subtract } from "@ledgerline/money";
import { sectorKeys, stockAssetClasses } from "./classification-constants";

/** What target weights are set by (issue 33): an asset class, a sector or a symbol. */
export const targetDimensions = ["assetClass", "sector", "symbol"] as const;
export type TargetDimension = (typeof targetDimensions)[number];

/** At most this many targets in one set: a mix, not a watchlist. */
export const MAX_TARGETS = 100;
/** Weights are ratios to this many decimals (0.253412 = 25.3412%), as the allocation's are. */
export const TARGET_WEIGHT_DECIMALS = 6;

/** The keys each dimension takes, as the allocation names its slices; "cash" in each. */
const SYMBOL_KEY = /^(STOCK|CRYPTO):[A-Z0-9.-]{1,15}$/;
export const targetKeysOf: Record<TargetDimension, (key: string) => boolean> = {
  assetClass: (key) => [...stockAssetClasses, "crypto", "cash"].includes(key),
  sector: (key) => [...sectorKeys, "crypto", "cash"].includes(key),
  symbol: (key) => key === "cash" || SYMBOL_KEY.test(key),
};

const percentOf = (ratio: string) => `${multiply(ratio, "100")}%`;

export const targetMessages = {
  unknownKey: (by: TargetDimension, key: string) =>
    `"${key}" is not ${
      by === "symbol"
        ? 'a symbol key such as "STOCK:AAPL" or "CRYPTO:BTC", or "cash"'
        : by === "sector"
          ? 'a sector key, "crypto" or "cash"'
          : '"equity", "etf", "crypto" or "cash"'
    }.`,
  repeated: (key: string) => `"${key}" has more than one target.`,
  tooMany: `At most ${MAX_TARGETS} targets can be set.`,
  atMostOne: "A target weight must be at most 1 (100%).",
  /** Weights that miss 1 say by how much, as the issue asks. */
  notWhole: (total: string) => {
    const missing = subtract("1", total);
    const points = multiply(missing.replace("-", ""), "100");
    return `Target weights must add up to 100%; these add up to ${percentOf(total)}, ${points} points ${
      compare(missing, "0") > 0 ? "short" : "over"
    }.`;
  },
  noTargets: "Set target weights first.",
} as const;
