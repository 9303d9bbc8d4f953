import {
  lotSelections,
  position,
  realizedLot,
  symbolTotal,
  transaction,
  type buyMoreInput,
  type PositionView,
  type sellInput,
  type TradeResult,
  valuedPosition,
  type ValuedPosition,
} from "@ledgerline/contracts";
import { compare, parseDecimal, subtract } from "@ledgerline/money";
import { z } from "zod";
import { badRequest } from "../platform/errors";
import { numericSchema, withNumbers } from "../platform/rest/numbers";

/**
 * The REST shapes both trading doors share (/api/portfolio and /api/cryptoportfolio): the
 * spec's bodies mapped onto the procedures' inputs, and their answers with JSON numbers.
 */

export const positionIdParams = z.object({ id: z.string().describe("The position's numeric id") });

export const restPosition = numericSchema(position, ["quantity", "averagePurchasePrice"]);
const valuedFields = [
  "quantity",
  "averagePurchasePrice",
  "costBasis",
  "currentPrice",
  "currentValue",
  "gainLoss",
] as const;
const restSymbolTotal = numericSchema(symbolTotal, valuedFields);
export const restValuedPosition = numericSchema(valuedPosition, valuedFields).extend({
  symbolTotal: restSymbolTotal.optional().describe(valuedPosition.shape.symbolTotal.description!),
});
export const valuedPositionWithNumbers = (view: ValuedPosition) => {
  const { symbolTotal: total, ...row } = view;
  return {
    ...withNumbers(row, valuedFields),
    ...(total ? { symbolTotal: withNumbers(total, valuedFields) } : {}),
  };
};
/** A transaction's amounts, JSON numbers at the REST door (both trading doors and the history). */
export const transactionAmountFields = ["quantity", "price", "transactionTotal", "fee"] as const;
const restTransaction = numericSchema(transaction, transactionAmountFields);
export const restTradeResult = z.object({
  position: restPosition
    .nullable()
    .describe("The position as it now is; null when a sell closed it (selling everything)"),
  transaction: restTransaction,
  realized: z
    .array(realizedLot)
    .optional()
    .describe("A sell's lots, exact decimal strings: quantity, proceeds, basis, wash sale, gain"),
});

export const positionWithNumbers = (view: PositionView) =>
  withNumbers(view, ["quantity", "averagePurchasePrice"]);
export const tradeWithNumbers = (result: TradeResult) => ({
  position: result.position ? positionWithNumbers(result.position) : null,
  transaction: withNumbers(result.transaction, transactionAmountFields),
  ...(result.realized ? { realized: result.realized } : {}),
});

const amount = z.union([z.number(), z.string()]);
const feeDescription = (where: string) =>
  `The fee or commission paid on the trade (up to 8 decimals, 0 or more; default 0), in ${where}`;
export const buyMoreBody = z.object({
  QuantityToBuy: amount.describe("The quantity bought now (up to 8 decimals)"),
  QuantityAlreadyOwned: amount
    .optional()
    .describe(
      "The quantity held plus QuantityToBuy, as the original client sends it. Checked, never trusted: when the position no longer holds QuantityAlreadyOwned - QuantityToBuy, nothing is written and the answer is 409",
    ),
  purchasePrice: amount,
  fee: amount.optional().describe(feeDescription("the cost basis")),
  purchaseDate: z
    .string()
    .optional()
    .describe("ISO 8601 date-time; default now; not in the future"),
  notes: z.string().optional(),
});

export const sellBody = z.object({
  quantity: amount.describe("Up to 8 decimals; at most the quantity held"),
  price: amount.optional().describe("Default: the current market price"),
  fee: amount.optional().describe(feeDescription("the proceeds (taken off them)")),
  notes: z.string().optional(),
  lots: z
    .array(z.object({ lotId: z.union([z.string(), z.number()]), quantity: amount }))
    .optional()
    .describe(lotSelections.description!),
});

/** The spec's PUT body as the procedure's input: the held quantity it implies becomes a precondition. */
export function buyMoreFromBody(
  id: string,
  fields: z.output<typeof buyMoreBody>,
): z.input<typeof buyMoreInput> {
  const bought = parseDecimal(fields.QuantityToBuy);
  let expectedHeld: string | undefined;
  if (fields.QuantityAlreadyOwned !== undefined && fields.QuantityAlreadyOwned !== null) {
    const owned = parseDecimal(fields.QuantityAlreadyOwned);
    if (owned === undefined) throw badRequest("QuantityAlreadyOwned must be a number");
    if (bought !== undefined) {
      expectedHeld = subtract(owned, bought);
      if (compare(expectedHeld, "0") < 0) {
        throw badRequest(
          "QuantityAlreadyOwned is the quantity held plus QuantityToBuy, so it cannot be less than QuantityToBuy",
        );
      }
    }
  }
  return {
    positionId: id,
    quantity: fields.QuantityToBuy,
    purchasePrice: fields.purchasePrice,
    fee: fields.fee,
    purchaseDate: fields.purchaseDate,
    notes: fields.notes,
    ...(expectedHeld === undefined ? {} : { expectedHeld }),
  };
}

/** The spec's sell body as the procedure's input. */
export function sellFromBody(
  id: string,
  fields: z.output<typeof sellBody>,
): z.input<typeof sellInput> {
  return {
    positionId: id,
    quantity: fields.quantity,
    price: fields.price,
    fee: fields.fee,
    notes: fields.notes,
    lots: fields.lots,
  };
}
