import { z } from "zod";
import { ledgerDate } from "../shared/dates";
import { decimalInput } from "../shared/decimal-input";
import {
  CRYPTO_SYMBOL_PATTERN,
  marketMessages,
  STOCK_SYMBOL_PATTERN,
} from "../market/market-constants";
import {
  MAX_RECONCILE_HOLDINGS,
  transferMessages as messages,
} from "./investment-account-constants";
import { cashAmount } from "../cash/cash-constants";
import { cashActivity, cashNotes } from "../cash/cash";
import { investmentAccountId } from "./investment-accounts";
import { decimalString } from "../market/market";
import { position, positiveAmount, transaction } from "../trading/portfolio";

const assetType = z.enum(["STOCK", "CRYPTO"], { error: "assetType must be STOCK or CRYPTO" });

/** A symbol checked by its asset type's pattern (refined on the object that holds both). */
function checkSymbol(
  item: { symbol: string; assetType: "STOCK" | "CRYPTO" },
  ctx: z.core.$RefinementCtx,
  path: (string | number)[],
) {
  const stock = item.assetType === "STOCK";
  if (!(stock ? STOCK_SYMBOL_PATTERN : CRYPTO_SYMBOL_PATTERN).test(item.symbol)) {
    ctx.addIssue({
      code: "custom",
      path: [...path, "symbol"],
      message: stock ? marketMessages.invalidStockSymbol : marketMessages.invalidCryptoSymbol,
    });
  }
}

const symbol = z.string({ error: marketMessages.invalidStockSymbol }).trim().toUpperCase();

/**
 * `POST /api/transfers` of a holding: `quantity` of `symbol` moves from one of the user's
 * accounts to another on `date`, at the cost it carried (no gain realized).
 */
export const holdingTransferInput = z
  .object({
    fromAccountId: investmentAccountId,
    toAccountId: investmentAccountId,
    date: ledgerDate("Transfer date").describe(
      "The day it moved (YYYY-MM-DD, UTC): the source must hold the quantity at the end of it (now, for today) and keep holding it after",
    ),
    symbol,
    assetType,
    quantity: decimalInput("Quantity"),
  })
  .superRefine((input, ctx) => {
    checkSymbol(input, ctx, []);
    if (input.fromAccountId === input.toAccountId) {
      ctx.addIssue({ code: "custom", path: ["toAccountId"], message: messages.sameAccount });
    }
  });
export type HoldingTransferInput = z.output<typeof holdingTransferInput>;

/** What a transfer of a holding answers: its two rows and both accounts' positions after it. */
export const holdingTransferResult = z.object({
  transferOut: transaction.describe(
    "The TRANSFER_OUT row in the source account: price is the average cost per unit moved, transactionTotal the cost basis moved",
  ),
  transferIn: transaction.describe(
    "The TRANSFER_IN row in the destination account, the same figures",
  ),
  fromPosition: position
    .nullable()
    .describe("The source account's position after it; null when everything moved"),
  toPosition: position.nullable().describe("The destination account's position after it"),
});
export type HoldingTransferResult = z.infer<typeof holdingTransferResult>;

/**
 * `POST /api/transfers` of cash: `amount` moves from one of the user's accounts to another on
 * `date`, as a `transfer-out` of the source and a `transfer-in` of the destination.
 */
export const cashTransferInput = z
  .object({
    fromAccountId: investmentAccountId,
    toAccountId: investmentAccountId,
    date: ledgerDate("Transfer date").describe(
      "The day the cash moved (YYYY-MM-DD): not after tomorrow in UTC, as a cash activity's",
    ),
    amount: positiveAmount(cashAmount).describe("The cash moved: a positive exact decimal"),
    notes: cashNotes,
  })
  .superRefine((input, ctx) => {
    if (input.fromAccountId === input.toAccountId) {
      ctx.addIssue({ code: "custom", path: ["toAccountId"], message: messages.sameAccount });
    }
  });
export type CashTransferInput = z.output<typeof cashTransferInput>;

/** What a cash transfer answers: its two rows, as GET /api/cash lists them. */
export const cashTransferResult = z.object({
  transferOut: cashActivity.describe("The `transfer-out` row of the source account"),
  transferIn: cashActivity.describe("The `transfer-in` row of the destination account"),
});
export type CashTransferResult = z.infer<typeof cashTransferResult>;

/** Which transfer a body asks for: one naming an `amount` moves cash, any other a holding. */
const isCashTransfer = (input: unknown) =>
  typeof input === "object" && input !== null && "amount" in input;

/**
 * Either transfer. A failed union would only say "Invalid input": the message is the one of the
 * variant the body reads as (by its `amount`), so a client learns which field was wrong.
 */
export const transferInput = z.union([cashTransferInput, holdingTransferInput], {
  error: (issue) => {
    if (issue.code !== "invalid_union") return undefined;
    const variant = issue.errors[isCashTransfer(issue.input) ? 0 : 1] ?? [];
    return [...new Set(variant.map((inner) => inner.message))].join("; ") || undefined;
  },
});
export type TransferInput = z.output<typeof transferInput>;

export const transferResult = z.union([holdingTransferResult, cashTransferResult]);
export type TransferResult = z.infer<typeof transferResult>;

const statementHolding = z.object({
  symbol,
  assetType,
  quantity: decimalInput("Quantity", { sign: "notNegative" }),
});

const statementFields = {
  asOf: ledgerDate("Statement date").describe("The statement's date (YYYY-MM-DD, UTC): its end"),
  cash: decimalInput("Cash", { sign: "any" })
    .optional()
    .describe("The statement's cash balance; leave it out to compare holdings only"),
  holdings: z
    .array(statementHolding)
    .max(MAX_RECONCILE_HOLDINGS, messages.tooManyHoldings)
    .describe("Each holding on the statement once, with its quantity"),
};

function checkHoldings(
  input: { holdings: { symbol: string; assetType: "STOCK" | "CRYPTO" }[] },
  ctx: z.core.$RefinementCtx,
) {
  const seen = new Set<string>();
  input.holdings.forEach((holding, index) => {
    checkSymbol(holding, ctx, ["holdings", index]);
    const key = `${holding.assetType}:${holding.symbol}`;
    if (seen.has(key)) {
      ctx.addIssue({
        code: "custom",
        path: ["holdings", index, "symbol"],
        message: messages.holdingListedTwice(holding.symbol),
      });
    }
    seen.add(key);
  });
}

/** What a statement says an account held at the end of `asOf` (the REST body). */
export const reconcileStatement = z.object(statementFields).superRefine(checkHoldings);
/** The same with the account's id (tRPC). */
export const reconcileInput = z
  .object({ id: investmentAccountId, ...statementFields })
  .superRefine(checkHoldings);
export type ReconcileInput = z.output<typeof reconcileInput>;

export const reconciliation = z.object({
  matches: z.boolean().describe("True when every holding (and the cash, if given) is equal"),
  cashDifference: decimalString
    .nullable()
    .describe(
      "The statement's cash less Ledgerline's as of that date (positive: the statement shows more); null when no cash was given",
    ),
  differences: z
    .array(
      z.object({
        symbol: z.string(),
        assetType,
        expected: decimalString.describe("The statement's quantity (0 when it does not list it)"),
        actual: decimalString.describe("Ledgerline's quantity at the end of asOf (0 when none)"),
      }),
    )
    .describe("Every holding on either side whose quantities differ, by asset type then symbol"),
});
export type Reconciliation = z.infer<typeof reconciliation>;
