import type { AssetKind, RebalanceTrade } from "@ledgerline/contracts";
import {
  add,
  compare,
  divide,
  isZero,
  multiply,
  roundDown,
  sign,
  subtract,
  sum,
  type Decimal,
} from "@ledgerline/money";

/** One symbol held (over every account counted), in the slice its classification puts it. */
export interface PlanHolding {
  slice: string;
  assetType: AssetKind;
  symbol: string;
  quantity: Decimal;
  price: Decimal;
  value: Decimal;
}

export interface PlanInput {
  holdings: readonly PlanHolding[];
  /** Positive cash held: the "cash" slice. */
  cash: Decimal;
  /** Each slice's target weight; the weights add to 1. */
  targets: ReadonlyMap<string, Decimal>;
  /** Cash to invest with buys only; null to buy and sell within the portfolio. */
  newCash: Decimal | null;
  fractional: boolean;
  /** A price for a symbol key ("STOCK:AAPL") targeted but not held, when the market has one. */
  unheldPrices: ReadonlyMap<string, Decimal>;
}

export interface PlanDrift {
  key: string;
  target: Decimal;
  actual: Decimal;
  difference: Decimal;
}

export interface Plan {
  total: Decimal;
  drift: PlanDrift[];
  trades: RebalanceTrade[];
  leftoverCash: Decimal;
  unmatched: { key: string; amount: Decimal }[];
}

export const CASH_KEY = "cash";
const WEIGHT_PLACES = 6;
const SHARE_PLACES = 8;

/**
 * The trades that bring the mix back to its targets (issue 33), in exact decimals:
 * - Without new cash, each slice over its target sells down to it and each under it buys up, the
 *   buys paid from the sells and from cash above the cash target.
 * - With new cash, buys only: each slice under its target at (total + cash) gets its share of the
 *   cash, in proportion to how far under it is.
 * Within a slice, its holdings trade in proportion to their values. Quantities are cut down, to
 * whole shares of a stock unless fractions are allowed, so a plan never spends more than it has
 * and never sells more than is held; what the cut leaves is the leftover cash. A slice with a
 * target and nothing held cannot be bought into: it is listed as unmatched with its amount.
 */
export function rebalancePlan(input: PlanInput): Plan {
  const bySlice = groupBySlice(input.holdings);
  const valueOf = (key: string) =>
    key === CASH_KEY ? input.cash : sum((bySlice.get(key) ?? []).map((h) => h.value));
  const total = add(sum(input.holdings.map((holding) => holding.value)), input.cash);
  const keys = [...new Set([...input.targets.keys(), ...bySlice.keys()])];
  if (sign(input.cash) > 0 && !keys.includes(CASH_KEY)) keys.push(CASH_KEY);
  const targetOf = (key: string) => input.targets.get(key) ?? "0";

  const drift = keys.map((key) => {
    const actual = isZero(total) ? "0" : divide(valueOf(key), total, WEIGHT_PLACES);
    return { key, target: targetOf(key), actual, difference: subtract(actual, targetOf(key)) };
  });

  const base = input.newCash === null ? total : add(total, input.newCash);
  const gapOf = (key: string) => subtract(multiply(base, targetOf(key)), valueOf(key));
  const invested = keys.filter((key) => key !== CASH_KEY);
  const sells =
    input.newCash === null
      ? invested.flatMap((key) =>
          sign(gapOf(key)) < 0 ? trades(bySlice.get(key) ?? [], gapOf(key), "SELL", input) : [],
        )
      : [];
  const proceeds = sum(sells.map((trade) => trade.amount));
  const funds =
    input.newCash ??
    maxZero(add(proceeds, subtract(input.cash, multiply(total, targetOf(CASH_KEY)))));

  const wanted = invested.filter((key) => sign(gapOf(key)) > 0);
  const wantedTotal = sum(wanted.map(gapOf));
  const short = compare(wantedTotal, funds) > 0;
  const unmatched: Plan["unmatched"] = [];
  const buys = wanted.flatMap((key) => {
    // One division of exact products, so a share that comes out whole is not cut to one less.
    const amount = roundDown(
      short ? divide(multiply(gapOf(key), funds), wantedTotal, 12) : gapOf(key),
      2,
    );
    const held = bySlice.get(key) ?? unheldHolding(key, input.unheldPrices);
    if (held.length === 0) {
      unmatched.push({ key, amount });
      return [];
    }
    return trades(held, amount, "BUY", input);
  });
  const spent = sum(buys.map((trade) => trade.amount));
  return {
    total,
    drift,
    trades: [...sells, ...buys],
    leftoverCash: subtract(funds, spent),
    unmatched,
  };
}

function groupBySlice(holdings: readonly PlanHolding[]): Map<string, PlanHolding[]> {
  const groups = new Map<string, PlanHolding[]>();
  for (const holding of holdings) {
    groups.set(holding.slice, [...(groups.get(holding.slice) ?? []), holding]);
  }
  return groups;
}

/** A symbol key targeted but not held, priced, as a holding of nothing. */
function unheldHolding(key: string, prices: ReadonlyMap<string, Decimal>): PlanHolding[] {
  const price = prices.get(key);
  const [assetType, symbol] = key.split(":");
  if (!price || !symbol || (assetType !== "STOCK" && assetType !== "CRYPTO")) return [];
  return [{ slice: key, assetType, symbol, quantity: "0", price, value: "0" }];
}

/**
 * A slice's trades for `amount` (its sign ignored), split over its holdings by value (evenly
 * when none has a value yet), each quantity cut down and a sell held to what is held.
 */
function trades(
  holdings: readonly PlanHolding[],
  amount: Decimal,
  side: RebalanceTrade["side"],
  input: Pick<PlanInput, "fractional">,
): RebalanceTrade[] {
  const size = amount.replace("-", "");
  const sliceValue = sum(holdings.map((holding) => holding.value));
  return holdings.flatMap((holding) => {
    // size x (value / slice value) / price, as one division; evenly when nothing has a value.
    const exact = isZero(sliceValue)
      ? divide(size, multiply(String(holdings.length), holding.price), 12)
      : divide(multiply(size, holding.value), multiply(sliceValue, holding.price), 12);
    const places = holding.assetType === "STOCK" && !input.fractional ? 0 : SHARE_PLACES;
    let quantity = roundDown(exact, places);
    if (side === "SELL" && compare(quantity, holding.quantity) > 0) quantity = holding.quantity;
    if (isZero(quantity)) return [];
    const { assetType, symbol, price } = holding;
    return [{ symbol, assetType, side, quantity, price, amount: multiply(quantity, price) }];
  });
}

const maxZero = (value: Decimal): Decimal => (sign(value) < 0 ? "0" : value);
