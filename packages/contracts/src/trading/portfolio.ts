import { z } from "zod";
import { ledgerDateTime } from "../shared/dates";
import type { AmountRule } from "../shared/amount-messages";
import { decimalInput } from "../shared/decimal-input";
import { cryptoSymbol, decimalString, stockSymbol } from "../market/market";
import { investmentAccountId, rowAccountId } from "../accounts/investment-accounts";
import { NOTES_MAX_LENGTH } from "./portfolio-constants";
import { TRADE_FEE_LABEL, tradeAmounts } from "./portfolio-messages";
import { lotSelections, realizedLot } from "../tax/tax";
import { transactionKinds } from "./transaction-columns";

/**
 * A positive amount of a trade or an income entry, by its name and its message for one not
 * greater than 0 (tradeAmounts, incomeAmounts: the tables the web forms check with too).
 */
export const positiveAmount = ({ label, positiveMessage }: AmountRule) =>
  decimalInput(label, { positiveMessage });

export const quantity = positiveAmount(tradeAmounts.quantity);
export const purchasePrice = positiveAmount(tradeAmounts.purchasePrice);
export const sellPrice = positiveAmount(tradeAmounts.sellPrice);
export const sellQuantity = positiveAmount(tradeAmounts.sellQuantity);
/**
 * A trade's fee or commission: 0 or more, by the same decimal rules; none is 0. A buy's cost
 * basis includes it and a sell's proceeds are net of it (@ledgerline/money buyCost, sellProceeds).
 */
export const tradeFee = decimalInput(TRADE_FEE_LABEL, { sign: "notNegative" }).optional();

const notes = z
  .string()
  .trim()
  .max(NOTES_MAX_LENGTH, `Notes must be at most ${NOTES_MAX_LENGTH} characters`)
  .optional();
/** Within the ledger's years (dates.ts); the service refuses one in the future. */
const purchaseDate = ledgerDateTime(
  "Purchase date",
  "Purchase date must be an ISO 8601 date-time",
).optional();

export const positionId = z.coerce
  .number({ error: "Position id must be a whole number" })
  .int("Position id must be a whole number")
  .positive("Position id must be a whole number");

/** The investment account a buy goes into; default: the user's default account. */
const buyAccountId = investmentAccountId
  .optional()
  .describe("The investment account the buy goes into (default: the default account)");

/**
 * Buy into a position by symbol, for the asset whose symbols `symbol` checks: it is created, or
 * increased if the account already holds it (positions are held per account).
 */
const buyInputFor = <S extends z.ZodType<string>>(symbol: S) =>
  z.object({
    symbol,
    quantity,
    purchasePrice,
    fee: tradeFee,
    purchaseDate,
    notes,
    accountId: buyAccountId,
  });
export const stockBuyInput = buyInputFor(stockSymbol);
export const cryptoBuyInput = buyInputFor(cryptoSymbol);
/** A buy's schema, stocks' or crypto's: the two differ only in what their symbol check accepts. */
export type BuyInputSchema = ReturnType<typeof buyInputFor<z.ZodType<string>>>;

/**
 * Buy more of a position by id (the spec's PUT). `expectedHeld` is the quantity the client saw
 * before this buy; when it no longer matches, nothing is written and the answer is a 409.
 */
export const buyMoreInput = z.object({
  positionId,
  quantity,
  purchasePrice,
  fee: tradeFee,
  purchaseDate,
  notes,
  expectedHeld: decimalInput("The quantity held", { sign: "notNegative" }).optional(),
});

/** Sell from a position; without a price, the current market price is used (the spec's service variant). */
export const sellInput = z.object({
  positionId,
  quantity: sellQuantity,
  price: sellPrice.optional(),
  fee: tradeFee,
  notes,
  lots: lotSelections.optional(),
});

export type StockBuyInput = z.output<typeof stockBuyInput>;
export type CryptoBuyInput = z.output<typeof cryptoBuyInput>;
export type BuyMoreInput = z.output<typeof buyMoreInput>;
export type SellInput = z.output<typeof sellInput>;

/** A position (spec section 3); amounts are exact decimal strings over tRPC. */
export const position = z.object({
  id: z.number().int(),
  symbol: z.string(),
  quantity: decimalString,
  averagePurchasePrice: decimalString,
  accountId: rowAccountId,
});
export type PositionView = z.infer<typeof position>;

/**
 * A position valued at the current price, the same way for stocks and coins: market value =
 * quantity x current price, cost basis = quantity x average price, gain/loss and % from those.
 * Market figures are null while a quote is unavailable.
 */
const valuedFigures = {
  costBasis: decimalString,
  currentPrice: decimalString.nullable(),
  currentValue: decimalString.nullable(),
  gainLoss: decimalString.nullable(),
  gainLossPercent: z.number().nullable(),
};

/**
 * A symbol's holdings over all the user's accounts, valued as one position (its average price
 * is the combined cost basis over the combined quantity).
 */
export const symbolTotal = z.object({
  quantity: decimalString,
  averagePurchasePrice: decimalString,
  ...valuedFigures,
});
export type SymbolTotal = z.infer<typeof symbolTotal>;

export const valuedPosition = position.extend({
  ...valuedFigures,
  symbolTotal: symbolTotal
    .optional()
    .describe(
      "Sent on each row of a symbol held in more than one account (in a list of all accounts): the symbol's total over them",
    ),
});
export type ValuedPosition = z.infer<typeof valuedPosition>;

export const transaction = z.object({
  id: z.number().int(),
  transactionDate: z.iso.datetime({ offset: true }),
  type: z.enum(["STOCK", "CRYPTO"]),
  symbol: z.string(),
  transactionType: z
    .enum(transactionKinds)
    .describe(
      "A SPLIT row is a stock split applied to the position, not a trade: no cash moves; its quantity and price are the position's after it, its total the cost basis it carried, and its notes say what it did ('4-for-1 split, +60 shares'). TRANSFER_OUT and TRANSFER_IN are the two rows of a holding moved between two of the user's accounts (POST /api/transfers): the quantity moved, at the average cost per unit it carried (price), so transactionTotal is the cost basis moved; no gain is realized and no cash moves",
    ),
  quantity: decimalString,
  price: decimalString,
  transactionTotal: decimalString.describe("quantity x price; the fee is apart"),
  fee: decimalString.describe(
    "The fee or commission paid on the trade (0 when none): a buy cost transactionTotal + fee, a sell brought in transactionTotal - fee",
  ),
  notes: z.string().nullable(),
  accountId: rowAccountId,
});
export type TransactionView = z.infer<typeof transaction>;

/** What a buy or sell answers: the position as it now is (null once sold out) and the new transaction. */
export const tradeResult = z.object({
  position: position.nullable(),
  transaction,
  realized: z
    .array(realizedLot)
    .optional()
    .describe("A sell's lots: what each sold, its basis, any wash-sale loss disallowed, its gain"),
});
export type TradeResult = z.infer<typeof tradeResult>;
