import { compare, multiply, subtract, sum } from "@ledgerline/money";
import { z } from "zod";
import { sectorKeys, stockAssetClasses } from "./classification";
import { decimalInput } from "./decimal-input";
import { accountIdFilter } from "./investment-accounts";
import { decimalString } from "./market";
import { assetKinds } from "./transaction-columns";

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

const targetWeight = decimalInput("Target weight", {
  sign: "notNegative",
  places: TARGET_WEIGHT_DECIMALS,
}).refine((weight) => compare(weight, "1") <= 0, targetMessages.atMostOne);

/** `PUT /api/portfolio/targets`: the whole set for one dimension, replacing any before it. */
export const portfolioTargetsInput = z
  .object({
    by: z.enum(targetDimensions),
    targets: z
      .array(z.object({ key: z.string().trim().min(1).max(40), weight: targetWeight }))
      .max(MAX_TARGETS, targetMessages.tooMany),
  })
  .superRefine(({ by, targets }, ctx) => {
    const seen = new Set<string>();
    targets.forEach(({ key }, index) => {
      const path = ["targets", index, "key"];
      if (!targetKeysOf[by](key))
        ctx.addIssue({ code: "custom", path, message: targetMessages.unknownKey(by, key) });
      else if (seen.has(key))
        ctx.addIssue({ code: "custom", path, message: targetMessages.repeated(key) });
      seen.add(key);
    });
    const total = sum(targets.map((target) => target.weight));
    if (targets.length > 0 && compare(total, "1") !== 0)
      ctx.addIssue({ code: "custom", path: ["targets"], message: targetMessages.notWhole(total) });
  });
export type PortfolioTargetsInput = z.output<typeof portfolioTargetsInput>;

export const targetsQuery = z.object({ by: z.enum(targetDimensions) });
export type TargetsQuery = z.output<typeof targetsQuery>;

/** A dimension's targets, with each key's label; an empty list when none are set. */
export const portfolioTargets = z.object({
  by: z.enum(targetDimensions),
  targets: z.array(z.object({ key: z.string(), label: z.string(), weight: decimalString })),
});
export type PortfolioTargets = z.infer<typeof portfolioTargets>;

/** `GET /api/portfolio/rebalance`: `cash` to invest (buys only), fractions of shares or whole. */
export const rebalanceInput = z.object({
  by: z.enum(targetDimensions),
  cash: decimalInput("Cash to invest", { sign: "notNegative", places: 2 }).optional(),
  fractional: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .transform((value) => value === true || value === "true")
    .default(false),
  accountId: accountIdFilter,
});
export type RebalanceInput = z.output<typeof rebalanceInput>;

export const rebalanceDrift = z.object({
  key: z.string(),
  label: z.string(),
  /** Ratios to six decimals: the set target, today's weight, and today's less the target. */
  target: decimalString,
  actual: decimalString,
  difference: decimalString,
});
export type RebalanceDrift = z.infer<typeof rebalanceDrift>;

export const rebalanceTrade = z.object({
  symbol: z.string(),
  assetType: z.enum(assetKinds),
  side: z.enum(["BUY", "SELL"]),
  /** Whole shares for a stock unless `fractional`; a coin to eight decimals. */
  quantity: decimalString,
  price: decimalString,
  /** quantity x price. */
  amount: decimalString,
});
export type RebalanceTrade = z.infer<typeof rebalanceTrade>;

export const rebalance = z.object({
  by: z.enum(targetDimensions),
  /** Holdings at current prices and positive cash, as the allocation counts them. */
  total: decimalString,
  /** The cash to invest that was asked about; "0" when only trading within the portfolio. */
  cash: decimalString,
  drift: z.array(rebalanceDrift),
  trades: z.array(rebalanceTrade),
  /** What the trades leave uninvested: rounding to whole shares, or more cash than was needed. */
  leftoverCash: decimalString,
  /** Targets of a group nothing is held in: there is no holding to buy into. */
  unmatched: z.array(z.object({ key: z.string(), label: z.string(), amount: decimalString })),
});
export type Rebalance = z.infer<typeof rebalance>;
