import { MAX_TRADE_TOTAL, TRADE_FEE_LABEL, checkDecimal } from "@ledgerline/contracts/browser";
import { add, compare, multiply, parseDecimal, subtract } from "@ledgerline/money";
import { amountFields, checkAmountIn, feeProblemIn, orderProblems } from "../../lib/amount-problem";

/**
 * The rules of the buy and sell forms (spec section 5), as plain functions over the text the
 * inputs hold. An amount is checked by the contracts' decimal rules, the ones the server applies
 * to what the form sends; amounts are compared and multiplied exactly; nothing here rounds. The
 * problems are said in the reader's language, in the server's `api_*` words (decision 0070).
 */

/** The amount typed, as exact decimal text, if the server will take it as an amount. */
export function positiveAmount(text: string): string | undefined {
  return checkAmountIn(text, amountFields.quantity).value;
}

export function buyQuantityProblem(quantity: string): string | null {
  return checkAmountIn(quantity, amountFields.quantity).problem;
}

export function purchasePriceProblem(price: string): string | null {
  return checkAmountIn(price, amountFields.purchasePrice).problem;
}

export function sellPriceProblem(price: string): string | null {
  return checkAmountIn(price, amountFields.sellPrice).problem;
}

/** A sell quantity must be more than 0 and not more than is held. */
export function sellQuantityProblem(quantity: string, held: string): string | null {
  const { value, problem } = checkAmountIn(quantity, amountFields.sellQuantity);
  if (value === undefined) return problem;
  return compare(value, held) <= 0 ? null : orderProblems.sellAboveHeld();
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
 * The fee typed (optional): its exact decimal text, "0" for an empty box, or undefined when the
 * server would refuse it (feeProblem says why).
 */
export function feeAmount(text: string): string | undefined {
  if (text.trim() === "") return "0";
  const checked = checkDecimal(text, TRADE_FEE_LABEL, { sign: "notNegative" });
  return checked.ok ? checked.value : undefined;
}

/** What is wrong with the fee typed, in the server's words, or null (an empty box is no fee). */
export function feeProblem(text: string): string | null {
  if (text.trim() === "") return null;
  return feeProblemIn(text);
}

/**
 * The order's total with its fee: what a buy costs (quantity x price + fee) or what a sell brings
 * in (quantity x price - fee); undefined until quantity, price and fee are valid.
 */
export function totalWithFee(
  side: "buy" | "sell",
  quantity: string,
  price: string,
  fee: string,
): string | undefined {
  const total = tradeTotal(quantity, price);
  const paid = feeAmount(fee);
  if (total === undefined || paid === undefined) return undefined;
  return side === "buy" ? add(total, paid) : subtract(total, paid);
}

/**
 * What is wrong with the order as a whole, as the server says it: a total past the bound every
 * order is held to (a typo of 99,999,999,999 shares is $47 trillion), a buy's with its fee too,
 * or a sell's fee above its total; or null.
 */
export function tradeTotalProblem(
  quantity: string,
  price: string,
  side: "buy" | "sell" = "buy",
  fee = "",
): string | null {
  const total = tradeTotal(quantity, price);
  if (!total) return null;
  if (compare(total, MAX_TRADE_TOTAL) > 0) return orderProblems.totalTooLarge();
  const withFee = totalWithFee(side, quantity, price, fee);
  if (withFee === undefined) return null;
  if (side === "buy" && compare(withFee, MAX_TRADE_TOTAL) > 0) {
    return orderProblems.totalWithFeeTooLarge();
  }
  if (side === "sell" && compare(withFee, "0") < 0) return orderProblems.feeAboveProceeds();
  return null;
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
