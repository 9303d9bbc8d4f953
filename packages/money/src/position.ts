import { add, compare, divide, isZero, multiply, subtract, type Decimal } from "./decimal";
import { aligned, formatFixed, parseFixed } from "./fixed-point";

/** Average prices keep 16 decimals: the cost basis they imply is off by far less than a cent. */
export const AVERAGE_PRICE_DECIMALS = 16;

export interface Holding {
  quantity: Decimal;
  averagePrice: Decimal;
}

/**
 * What a buy costs: quantity x price plus its fee (a commission is part of what was paid for the
 * holding, so it is in the cost basis, and it is money put in).
 */
export function buyCost(quantity: Decimal, price: Decimal, fee: Decimal = "0"): Decimal {
  return withFee(quantity, price, fee, 1n) ?? add(multiply(quantity, price), fee);
}

/** What a sell brings in: quantity x price less its fee. */
export function sellProceeds(quantity: Decimal, price: Decimal, fee: Decimal = "0"): Decimal {
  return withFee(quantity, price, fee, -1n) ?? subtract(multiply(quantity, price), fee);
}

/**
 * quantity x price + sign x fee in units, formatted once: the same canonical text as the
 * product's text added to the fee (a value has one), without formatting and parsing the
 * product between. The lots' replay works one per trade (100,000 after an import, issue 35).
 * Null unless all three are plain decimal text.
 */
function withFee(quantity: Decimal, price: Decimal, fee: Decimal, sign: bigint): Decimal | null {
  const q = parseFixed(quantity);
  const p = q && parseFixed(price);
  const f = p && parseFixed(fee);
  if (!q || !p || !f) return null;
  const [product, paid, scale] = aligned({ units: q.units * p.units, scale: q.scale + p.scale }, f);
  return formatFixed(product + sign * paid, scale);
}

/**
 * Average-cost accounting for a buy: the new average is the total cost of what is held (fees
 * included, see buyCost) divided by the new quantity. Without a fee, a first buy's average is its
 * price exactly.
 */
export function applyBuy(
  holding: Holding | null,
  quantity: Decimal,
  price: Decimal,
  fee: Decimal = "0",
): Holding {
  const held = holding && !isZero(holding.quantity) ? holding : null;
  if (!held && isZero(fee)) return { quantity, averagePrice: price };
  const newQuantity = held ? add(held.quantity, quantity) : quantity;
  const totalCost = add(held ? costBasis(held) : "0", buyCost(quantity, price, fee));
  return {
    quantity: newQuantity,
    averagePrice: divide(totalCost, newQuantity, AVERAGE_PRICE_DECIMALS),
  };
}

export type SellOutcome = { ok: true; holding: Holding } | { ok: false; reason: "exceeds_holding" };

/** A sell lowers the quantity and leaves the average cost of what remains as it was. */
export function applySell(holding: Holding, quantity: Decimal): SellOutcome {
  if (compare(quantity, holding.quantity) > 0) return { ok: false, reason: "exceeds_holding" };
  return {
    ok: true,
    holding: { quantity: subtract(holding.quantity, quantity), averagePrice: holding.averagePrice },
  };
}

export function costBasis(holding: Holding): Decimal {
  return multiply(holding.quantity, holding.averagePrice);
}

/**
 * What a sell realizes under average cost: its proceeds net of its fee less the cost of what was
 * sold, quantity x (sell price - average price at the time) - fee. Exact: no rounding beyond the
 * average price's own.
 */
export function realizedGain(
  holding: Holding,
  quantity: Decimal,
  price: Decimal,
  fee: Decimal = "0",
): Decimal {
  return subtract(multiply(quantity, subtract(price, holding.averagePrice)), fee);
}

/**
 * A split of `from` old shares into `to` new ones: the quantity is multiplied by to/from, the
 * average price divided by it, and the cost basis stays what it was. The new quantity is exact
 * whenever it fits `quantityDecimals` (a reverse split that leaves 3.5 shares keeps 3.5);
 * otherwise it is rounded half-even there and the average price carries the cost basis.
 */
export function applySplit(
  holding: Holding,
  from: Decimal,
  to: Decimal,
  quantityDecimals: number,
): Holding {
  const quantity = divide(multiply(holding.quantity, to), from, quantityDecimals);
  if (isZero(quantity)) return { quantity, averagePrice: holding.averagePrice };
  return { quantity, averagePrice: divide(costBasis(holding), quantity, AVERAGE_PRICE_DECIMALS) };
}
