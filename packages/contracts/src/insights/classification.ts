import { z } from "zod";
import { accountIdFilter } from "../accounts/investment-accounts";
import { cryptoSymbol, decimalString, stockSymbol } from "../market/market";
import {
  coinCategoryKeys,
  marketCapBuckets,
  sectorKeys,
  stockAssetClasses,
} from "./classification-constants";
import { assetKinds } from "../trading/transaction-columns";

export * from "./classification-constants";

export const stockClassification = z.object({
  sector: z.enum(sectorKeys),
  /** The company's industry in the market's words (GICS sub-industry or SIC description). */
  industry: z.string().trim().min(1).max(80),
  /** ISO 3166-1 alpha-2 code of where the company is based (or listed, when that is all known). */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, "Countries are two-letter ISO codes such as US")
    .max(2),
  assetClass: z.enum(stockAssetClasses),
  /** Null when the market does not tell the company's size. */
  marketCap: z.enum(marketCapBuckets).nullable(),
});
export type StockClassification = z.infer<typeof stockClassification>;

export const coinClassification = z.object({ category: z.enum(coinCategoryKeys) });
export type CoinClassification = z.infer<typeof coinClassification>;

/** A person's own classification of a symbol: only the fields they set replace the market's. */
export const stockClassificationOverride = stockClassification
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, "Set at least one field to override");
export type StockClassificationOverride = z.infer<typeof stockClassificationOverride>;
export const coinClassificationOverride = coinClassification.strict();

/** Which symbol's classification: the asset type decides how its symbol is checked. */
export const classificationTarget = z.discriminatedUnion("assetType", [
  z.object({ assetType: z.literal("STOCK"), symbol: stockSymbol }),
  z.object({ assetType: z.literal("CRYPTO"), symbol: cryptoSymbol }),
]);
export type ClassificationTarget = z.output<typeof classificationTarget>;

/** The REST path's `{assetType}/{symbol}`; the procedure checks the symbol for its type. */
export const classificationPath = z.object({
  assetType: z.enum(assetKinds),
  symbol: z.string().max(20),
});
/** The REST body: the fields to set (a stock's or a coin's; the path says which applies). */
export const classificationOverrideBody = z.union([
  stockClassificationOverride,
  coinClassificationOverride,
]);

export const classificationOverrideInput = z.discriminatedUnion("assetType", [
  z.object({
    assetType: z.literal("STOCK"),
    symbol: stockSymbol,
    override: stockClassificationOverride,
  }),
  z.object({
    assetType: z.literal("CRYPTO"),
    symbol: cryptoSymbol,
    override: coinClassificationOverride,
  }),
]);
export type ClassificationOverrideInput = z.output<typeof classificationOverrideInput>;
/** The fields a person set, as stored. */
export type ClassificationOverride = ClassificationOverrideInput["override"];

/** A symbol's classification as used: the market's, with the person's fields over it. */
export const classificationView = z.discriminatedUnion("assetType", [
  z.object({
    assetType: z.literal("STOCK"),
    symbol: z.string(),
    classification: stockClassification,
    /** The fields the person set (their values are in `classification`). */
    overridden: z.array(z.enum(["sector", "industry", "country", "assetClass", "marketCap"])),
  }),
  z.object({
    assetType: z.literal("CRYPTO"),
    symbol: z.string(),
    classification: coinClassification,
    overridden: z.array(z.literal("category")),
  }),
]);
export type ClassificationView = z.infer<typeof classificationView>;

export const classificationMessages = {
  limit: "You can keep at most 500 classification overrides; remove one first.",
} as const;
export const CLASSIFICATION_OVERRIDE_LIMIT = 500;

/** What the allocation groups the portfolio by (issue 33). */
export const allocationDimensions = [
  "sector",
  "industry",
  "country",
  "assetClass",
  "account",
  "symbol",
] as const;
export type AllocationDimension = (typeof allocationDimensions)[number];

/** Weights are ratios to this many decimals (0.253412 = 25.3412%). */
export const ALLOCATION_WEIGHT_DECIMALS = 6;

export const allocationInput = z.object({
  by: z.enum(allocationDimensions),
  accountId: accountIdFilter,
});
export type AllocationInput = z.output<typeof allocationInput>;

export const allocationSlice = z.object({
  /** Stable across reads: a sector's key, an ISO country code, an account id, "STOCK:AAPL". */
  key: z.string(),
  label: z.string(),
  /** Market value (holdings at current prices, or cash), exact. */
  value: decimalString,
  /** The slice's share of `total`, to six decimals; the slices' weights add to exactly 1. */
  weight: decimalString,
});
export type AllocationSlice = z.infer<typeof allocationSlice>;

export const allocation = z.object({
  by: z.enum(allocationDimensions),
  total: decimalString,
  /** Largest first; equal values by label. */
  slices: z.array(allocationSlice),
});
export type Allocation = z.infer<typeof allocation>;
