import {
  MAX_TRADE_TOTAL,
  checkAmount,
  portfolioMessages,
  tradeAmounts,
} from "@ledgerline/contracts/browser";
import { compare, multiply, parseDecimal } from "@ledgerline/money";

/**
 * The rules of the buy and sell forms (spec section 5), as plain functions over the text the
 * inputs hold. An amount is checked by the contracts' decimal rules, the ones the server applies
 * to what the form sends; amounts are compared and multiplied exactly; nothing here rounds.
 */

/** The amount typed, as exact decimal text, if the server will take it as an amount. */
export function positiveAmount(text: string): string | undefined {
  return checkAmount(text, tradeAmounts.quantity).value;
}

export function buyQuantityProblem(quantity: string): string | null {
  return checkAmount(quantity, tradeAmounts.quantity).problem;
}

export function purchasePriceProblem(price: string): string | null {
  return checkAmount(price, tradeAmounts.purchasePrice).problem;
}

export function sellPriceProblem(price: string): string | null {
  return checkAmount(price, tradeAmounts.sellPrice).problem;
}

/** A sell quantity must be more than 0 and not more than is held. */
export function sellQuantityProblem(quantity: string, held: string): string | null {
  const { value, problem } = checkAmount(quantity, tradeAmounts.sellQuantity);
  if (value === undefined) return problem;
  return compare(value, held) <= 0 ? null : portfolioMessages.invalidSellQuantity;
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

/**
 * What is wrong with the order as a whole: a total past the bound the server holds every order
 * to (a typo of 99,999,999,999 shares is $47 trillion), or null.
 */
export function tradeTotalProblem(quantity: string, price: string): string | null {
  const total = tradeTotal(quantity, price);
  return total && compare(total, MAX_TRADE_TOTAL) > 0 ? portfolioMessages.tradeTotalTooLarge : null;
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
