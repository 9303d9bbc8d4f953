import type { CostBasisMethod, TaxLot } from "@ledgerline/contracts";
import { compare, divide, multiply, parseDecimal, subtract, sum } from "@ledgerline/money";

/** How much of one lot a sale takes, exact decimal text. */
export interface LotPick {
  lotId: string;
  quantity: string;
}

/** Compares two lots' cost a unit exactly (a.basis x b.remaining against b.basis x a.remaining). */
function byCostPerUnit(a: TaxLot, b: TaxLot): number {
  return compare(multiply(a.costBasis, b.remaining), multiply(b.costBasis, a.remaining));
}

/**
 * The order the account's method takes its lots in, as the server's lot engine does: the lots
 * arrive oldest first; lifo reverses them, hifo puts the highest cost a unit first (the oldest
 * first among equals); specific without a choice and average take them first in, first out.
 */
export function methodOrder(lots: readonly TaxLot[], method: CostBasisMethod): TaxLot[] {
  if (method === "lifo") return [...lots].reverse();
  if (method === "hifo") return [...lots].sort((a, b) => byCostPerUnit(b, a));
  return [...lots];
}

const isLoss = (lot: TaxLot, price: string) =>
  compare(lot.costBasis, multiply(lot.remaining, price)) > 0;

/**
 * The order that defers the most tax at `price`: long-term losses, then short-term losses, then
 * long-term gains (taxed at the lower rate), then short-term gains; within each, the highest cost
 * a unit first (the largest loss, or the smallest gain, a unit).
 */
export function taxSavingOrder(lots: readonly TaxLot[], price: string): TaxLot[] {
  const rank = (lot: TaxLot) => (isLoss(lot, price) ? 0 : 2) + (lot.term === "long" ? 0 : 1);
  return [...lots].sort((a, b) => rank(a) - rank(b) || byCostPerUnit(b, a));
}

/** Takes `quantity` from the lots in their order, each up to what it has left. */
export function fillInOrder(order: readonly TaxLot[], quantity: string): LotPick[] {
  let left = parseDecimal(quantity) ?? "0";
  const picks: LotPick[] = [];
  for (const lot of order) {
    if (compare(left, "0") <= 0) break;
    const taken = compare(lot.remaining, left) < 0 ? lot.remaining : left;
    picks.push({ lotId: lot.lotId, quantity: taken });
    left = subtract(left, taken);
  }
  return picks;
}

/** What selling `quantity` of the lot at `price` would gain (negative: lose), before any fee. */
export function estimatedGain(lot: TaxLot, quantity: string, price: string): string {
  const basis = divide(multiply(lot.costBasis, quantity), lot.remaining, 2);
  return subtract(multiply(quantity, price), basis);
}

export function costPerUnit(lot: TaxLot): string {
  return divide(lot.costBasis, lot.remaining, 8);
}

export interface ChosenLots {
  /** The lots named, those with a quantity above 0. */
  picks: LotPick[];
  /** Chosen minus the sale's quantity: 0 when they add up. */
  difference: string;
  /** Lots whose typed quantity is not a number or more than the lot has left. */
  invalid: string[];
}

/** The quantities typed per lot, checked against the lots and the sale's quantity. */
export function checkChosen(
  lots: readonly TaxLot[],
  typed: Readonly<Record<string, string>>,
  quantity: string,
): ChosenLots {
  const picks: LotPick[] = [];
  const invalid: string[] = [];
  for (const lot of lots) {
    const text = typed[lot.lotId]?.trim() ?? "";
    if (text === "") continue;
    const value = parseDecimal(text);
    if (value === undefined || compare(value, "0") < 0 || compare(value, lot.remaining) > 0) {
      invalid.push(lot.lotId);
    } else if (compare(value, "0") > 0) {
      picks.push({ lotId: lot.lotId, quantity: value });
    }
  }
  const chosen = sum(picks.map((pick) => pick.quantity));
  return { picks, difference: subtract(chosen, parseDecimal(quantity) ?? "0"), invalid };
}
