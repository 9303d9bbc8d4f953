import {
  cryptoBuyInput,
  cryptoPosition,
  position,
  transaction,
  type buyMoreInput,
  type CryptoPosition,
  type sellInput,
  type TradeResult,
} from "@ledgerline/contracts";
import { compare, parseDecimal, subtract } from "@ledgerline/money";
import { z } from "zod";
import { badRequest } from "../../services/errors";
import { numericSchema, withNumbers } from "../numbers";
import { defineRoutes } from "../route";

const idParams = z.object({ id: z.string().describe("The position's numeric id") });

const positionFields = [
  "quantity",
  "averagePurchasePrice",
  "costBasis",
  "currentPrice",
  "currentValue",
  "gainLoss",
] as const;
const restCryptoPosition = numericSchema(cryptoPosition, positionFields);
const restPosition = numericSchema(position, ["quantity", "averagePurchasePrice"]);
const restTransaction = numericSchema(transaction, ["quantity", "price", "transactionTotal"]);
const restTradeResult = z.object({
  position: restPosition
    .nullable()
    .describe("The position as it now is; null when a sell closed it (selling everything)"),
  transaction: restTransaction,
});

const tradeWithNumbers = (result: TradeResult) => ({
  position: result.position
    ? withNumbers(result.position, ["quantity", "averagePurchasePrice"])
    : null,
  transaction: withNumbers(result.transaction, ["quantity", "price", "transactionTotal"]),
});

const amount = z.union([z.number(), z.string()]);
const buyMoreBody = z.object({
  QuantityToBuy: amount.describe("The quantity bought now (up to 8 decimals)"),
  QuantityAlreadyOwned: amount
    .optional()
    .describe(
      "The quantity owned plus QuantityToBuy, as the original client sends it. Checked, never trusted: when the position no longer holds QuantityAlreadyOwned - QuantityToBuy, nothing is written and the answer is 409",
    ),
  purchasePrice: amount,
  purchaseDate: z
    .string()
    .optional()
    .describe("ISO 8601 date-time; default now; not in the future"),
  notes: z.string().optional(),
});
const sellBody = z.object({
  quantity: amount.describe("Up to 8 decimals; at most the quantity held"),
  price: amount.optional().describe("Default: the current market price"),
  notes: z.string().optional(),
});

type Fields = Record<string, unknown>;
const fieldsOf = (body: unknown): Fields =>
  typeof body === "object" && body !== null ? (body as Fields) : {};

/** The spec's PUT body as the procedure's input: the held quantity it implies becomes a precondition. */
function buyMoreFromBody(id: string | undefined, body: unknown): z.input<typeof buyMoreInput> {
  const fields = fieldsOf(body);
  const bought = parseDecimal(fields.QuantityToBuy);
  let expectedHeld: string | undefined;
  if (fields.QuantityAlreadyOwned !== undefined && fields.QuantityAlreadyOwned !== null) {
    const owned = parseDecimal(fields.QuantityAlreadyOwned);
    if (owned === undefined) throw badRequest("QuantityAlreadyOwned must be a number");
    if (bought !== undefined) {
      expectedHeld = subtract(owned, bought);
      if (compare(expectedHeld, "0") < 0) {
        throw badRequest(
          "QuantityAlreadyOwned is the quantity owned plus QuantityToBuy, so it cannot be less than QuantityToBuy",
        );
      }
    }
  }
  return {
    positionId: id,
    quantity: fields.QuantityToBuy as string,
    purchasePrice: fields.purchasePrice as string,
    purchaseDate: fields.purchaseDate as string | undefined,
    notes: fields.notes as string | undefined,
    ...(expectedHeld === undefined ? {} : { expectedHeld }),
  };
}

export const cryptoPortfolioRoutes = defineRoutes([
  {
    method: "GET",
    url: "/cryptoportfolio",
    tag: "Crypto",
    summary:
      "The crypto positions of the signed-in user, sorted by symbol, with currentValue (quantity x current price), cost basis and gain/loss computed on the server; market figures are null while a quote is unavailable",
    access: "user",
    response: z.array(restCryptoPosition),
    call: async (caller) =>
      (await caller.cryptoPortfolio.list()).map((item: CryptoPosition) =>
        withNumbers(item, positionFields),
      ),
  },
  {
    method: "POST",
    url: "/cryptoportfolio",
    tag: "Crypto",
    summary:
      "Buy: open a position in a coin the market knows (404 'Cryptocurrency not found' otherwise), or add to the one held; quantities exact to 8 decimals; the CRYPTO transaction is written with it",
    access: "user",
    body: cryptoBuyInput,
    response: restTradeResult,
    call: async (caller, { body }) =>
      tradeWithNumbers(await caller.cryptoPortfolio.buy(body as z.input<typeof cryptoBuyInput>)),
  },
  {
    method: "PUT",
    url: "/cryptoportfolio/:id",
    tag: "Crypto",
    summary:
      "Buy more of a position (QuantityToBuy). QuantityAlreadyOwned (owned plus bought) is checked as a precondition: 409 when the holding changed",
    access: "user",
    params: idParams,
    body: buyMoreBody,
    response: restTradeResult,
    call: async (caller, { params, body }) =>
      tradeWithNumbers(await caller.cryptoPortfolio.buyMore(buyMoreFromBody(params.id, body))),
  },
  {
    method: "POST",
    url: "/cryptoportfolio/:id/sell",
    tag: "Crypto",
    summary:
      "Sell from a position at the given price or, without one, the current market price; more than held is a 400 ('Invalid sell quantity'), also under concurrent sells; selling everything closes (deletes) the position",
    access: "user",
    params: idParams,
    body: sellBody,
    response: restTradeResult,
    call: async (caller, { params, body }) => {
      const fields = fieldsOf(body);
      const input: z.input<typeof sellInput> = {
        positionId: params.id,
        quantity: fields.quantity as string,
        price: fields.price as string | undefined,
        notes: fields.notes as string | undefined,
      };
      return tradeWithNumbers(await caller.cryptoPortfolio.sell(input));
    },
  },
]);
