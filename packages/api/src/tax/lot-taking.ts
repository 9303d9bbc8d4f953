import type { LotSelection, LotState } from "./lot-state";
import { quantity, share } from "./units";

/** How a sale takes lots: a method's order, named lots, average cost (lot-engine.ts's rules). */

export interface ConsumedRow {
  lot: LotState;
  quantity: bigint;
  basis: bigint;
  adjustment: bigint;
}

export const min = (a: bigint, b: bigint) => (a < b ? a : b);

export function prune(lots: LotState[]) {
  let kept = 0;
  for (const lot of lots) if (lot.remaining > 0n) lots[kept++] = lot;
  lots.length = kept;
}

/** The order a method takes an account's lots in (indexes into `lots`). */
export function orderFor(method: "fifo" | "lifo" | "hifo", lots: readonly LotState[]): number[] {
  const order = lots.map((_, index) => index);
  if (method === "lifo") return order.reverse();
  if (method === "hifo") {
    // Highest basis a share first (compared exactly: a.basis/a.remaining vs b.basis/b.remaining),
    // then the earliest.
    order.sort((i, j) => {
      const a = lots[i]!;
      const b = lots[j]!;
      const left = a.basis * b.remaining;
      const right = b.basis * a.remaining;
      return left > right ? -1 : left < right ? 1 : i - j;
    });
  }
  return order;
}

/** The named lots' quantities by index, and whether every selection was there to take. */
export function selected(
  lots: readonly LotState[],
  selections: readonly LotSelection[],
): { amounts: Map<number, bigint>; complete: boolean } {
  const amounts = new Map<number, bigint>();
  let complete = true;
  for (const selection of selections) {
    const index = lots.findIndex((lot) => lot.lotId === selection.lotId);
    const wanted = quantity(selection.quantity);
    if (index === -1) {
      complete = false;
      continue;
    }
    const already = amounts.get(index) ?? 0n;
    const available = lots[index]!.remaining - already;
    const taken = min(wanted, available);
    if (taken < wanted) complete = false;
    if (taken > 0n) amounts.set(index, already + taken);
  }
  return { amounts, complete };
}

/**
 * Takes `amount` from the lots: first the selected quantities, then in `order` for the rest.
 * Each row's basis is its share of the lot's (half-even at 16 places), the lot keeping the rest.
 */
export function take(
  lots: LotState[],
  order: readonly number[],
  amount: bigint,
  selections: ReadonlyMap<number, bigint> | null,
): ConsumedRow[] {
  const rows: ConsumedRow[] = [];
  let left = amount;
  const takeFrom = (lot: LotState, wanted: bigint) => {
    const taken = min(wanted, lot.remaining);
    if (taken === 0n) return;
    const basis = share(lot.basis, taken, lot.remaining);
    const adjustment = share(lot.washSaleAdjustment, taken, lot.remaining);
    lot.basis -= basis;
    lot.washSaleAdjustment -= adjustment;
    lot.remaining -= taken;
    left -= taken;
    rows.push({ lot, quantity: taken, basis, adjustment });
  };
  if (selections) {
    for (const [index, wanted] of selections) {
      if (left === 0n) break;
      takeFrom(lots[index]!, min(wanted, left));
    }
  }
  for (const index of order) {
    if (left === 0n) break;
    takeFrom(lots[index]!, left);
  }
  return rows;
}

/**
 * Average cost: before a sale every open lot's basis becomes its share of the account's total,
 * by quantity (the last lot takes what rounding leaves, so the total is unchanged).
 */
export function averageOut(lots: readonly LotState[], held: bigint) {
  const total = lots.reduce((sum, lot) => sum + lot.basis, 0n);
  const adjustments = lots.reduce((sum, lot) => sum + lot.washSaleAdjustment, 0n);
  let given = 0n;
  let adjustmentGiven = 0n;
  lots.forEach((lot, index) => {
    const last = index === lots.length - 1;
    lot.basis = last ? total - given : share(total, lot.remaining, held);
    lot.washSaleAdjustment = last
      ? adjustments - adjustmentGiven
      : share(adjustments, lot.remaining, held);
    given += lot.basis;
    adjustmentGiven += lot.washSaleAdjustment;
  });
}
