import { compare, sum } from "@ledgerline/money";
import { z } from "zod";
import { decimalInput } from "../shared/decimal-input";
import { accountIdFilter } from "../accounts/investment-accounts";
import { decimalString } from "../market/market";
import {
  MAX_TARGETS,
  TARGET_WEIGHT_DECIMALS,
  targetDimensions,
  targetKeysOf,
  targetMessages,
} from "./target-constants";
import { assetKinds } from "../trading/transaction-columns";

export * from "./target-constants";

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
