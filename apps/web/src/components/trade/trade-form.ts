import { portfolioMessages } from "@ledgerline/contracts/browser";
import { compare, multiply, parseDecimal } from "@ledgerline/money";

/**
 * The rules of the buy and sell forms (spec section 5), as plain functions over the text the
 * inputs hold. Amounts are compared and multiplied exactly; nothing here rounds.
 */

/** The amount typed, if it is a number greater than 0. */
export function positiveAmount(text: string): string | undefined {
  const amount = parseDecimal(text);
  return amount !== undefined && compare(amount, "0") > 0 ? amount : undefined;
}

export function buyQuantityProblem(quantity: string): string | null {
  return positiveAmount(quantity) ? null : portfolioMessages.quantityMustBePositive;
}

export function purchasePriceProblem(price: string): string | null {
  return positiveAmount(price) ? null : portfolioMessages.purchasePriceMustBePositive;
}

export function sellPriceProblem(price: string): string | null {
  return positiveAmount(price) ? null : portfolioMessages.sellPriceMustBePositive;
}

/** A sell quantity must be more than 0 and not more than is held. */
export function sellQuantityProblem(quantity: string, held: string): string | null {
  const amount = positiveAmount(quantity);
  return amount && compare(amount, held) <= 0 ? null : portfolioMessages.invalidSellQuantity;
}

/** What the sell quantity box holds after typing: more than is held becomes the held amount. */
export function clampToHeld(typed: string, held: string): { quantity: string; clamped: boolean } {
  const amount = parseDecimal(typed);
  if (amount !== undefined && compare(amount, held) > 0) return { quantity: held, clamped: true };
  return { quantity: typed, clamped: false };
}

/** quantity x price, exact; undefined until both are valid. */
export function tradeTotal(quantity: string, price: string): string | undefined {
  const q = positiveAmount(quantity);
  const p = positiveAmount(price);
  return q && p ? multiply(q, p) : undefined;
}

/** The rules of one side's quantity and price fields. */
export function tradeRules(side: "buy" | "sell", held: string) {
  return side === "sell"
    ? {
        quantity: (quantity: string) => sellQuantityProblem(quantity, held),
        price: sellPriceProblem,
      }
    : { quantity: buyQuantityProblem, price: purchasePriceProblem };
}
