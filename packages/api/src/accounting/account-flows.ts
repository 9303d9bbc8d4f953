import type { PaidIncome } from "@ledgerline/db";
import { add, isZero, subtract, sum, type Decimal } from "@ledgerline/money";
import type { PeriodDay, PeriodReturns } from "./period-returns";

/**
 * Which money the returns take as coming from outside (issue 31): an account's external flows.
 *
 * - An account without cash tracking is what it holds: its buys put money in and its sells take
 *   it out (the flows are its trades), and a dividend leaves it for the investor on its pay date.
 * - An account with cash tracking holds its cash too: its value is its holdings plus its cash at
 *   each close, and only money crossing the account's edge is a flow: deposits and cash transfers
 *   in (in), withdrawals and cash transfers out (out). A buy, a sell or a dividend moves money
 *   inside the account and is no flow; interest, account fees and tax withheld change its cash
 *   and so its return.
 * - All accounts together: each account's days under its own basis, added up day by day. A cash
 *   transfer between two tracked accounts is out of one and into the other on the same day, so
 *   it nets to nothing; one to an untracked account leaves the tracked one's cash, and comes back
 *   in with the untracked account's buys.
 */

/** How an account's returns see the money moving: by its cash, or by its trades. */
export type FlowBasis = "cash" | "trades";

/** The cash activity kinds of an account (issue 31's cash_activities). */
export const cashMovementKinds = [
  "deposit",
  "withdrawal",
  "interest",
  "fee",
  "tax",
  "transfer-in",
  "transfer-out",
] as const;
export type CashMovementKind = (typeof cashMovementKinds)[number];

/** One cash activity: a positive amount, its kind says its direction. */
export interface CashMovement {
  date: string;
  kind: CashMovementKind;
  amount: Decimal;
}

/** The kinds that add to an account's cash; every other kind takes from it. */
const CREDITS: ReadonlySet<CashMovementKind> = new Set(["deposit", "interest", "transfer-in"]);
/** The kinds that cross the account's edge: its external flows when its cash is tracked. */
const EXTERNAL: ReadonlySet<CashMovementKind> = new Set([
  "deposit",
  "withdrawal",
  "transfer-in",
  "transfer-out",
]);

/** The movement's effect on the account's cash: positive in, negative out. */
export const signedAmount = (movement: CashMovement): Decimal =>
  CREDITS.has(movement.kind) ? movement.amount : subtract("0", movement.amount);

/** Whether the movement is an external flow of a cash-tracked account's returns. */
export const isExternal = (movement: CashMovement): boolean => EXTERNAL.has(movement.kind);

/**
 * A cash-tracked account's days as its returns see them, from its holdings' days (`days`: the
 * holdings' value at each close and the money its trades moved): each close's value plus the cash
 * at that close, and as each day's flow its deposits, withdrawals and transfers. `cashBefore` is
 * the cash at the close of the day before the first; `movements` and `dividends` dated on a day
 * of `days` count (the first day's too: it is in its close), others are not in them. The days
 * must be every day (or at least every day with a trade, a movement or a dividend).
 */
export function cashTrackedDays(
  days: readonly (PeriodDay & { moved?: Decimal })[],
  cashBefore: Decimal,
  movements: readonly CashMovement[],
  dividends: readonly PaidIncome[],
): PeriodDay[] {
  const byDay = new Map<string, { cash: Decimal[]; external: Decimal[] }>();
  const on = (date: string) => {
    const found = byDay.get(date) ?? { cash: [], external: [] };
    byDay.set(date, found);
    return found;
  };
  for (const movement of movements) {
    const signed = signedAmount(movement);
    const day = on(movement.date);
    day.cash.push(signed);
    if (isExternal(movement)) day.external.push(signed);
  }
  for (const dividend of dividends) on(dividend.payDate).cash.push(dividend.total);
  let cash = cashBefore;
  return days.map((day) => {
    const moved = byDay.get(day.date);
    // A buy's flow is its cost (in): it takes that from the cash; a sell's proceeds come back.
    // A holding transferred in or out moves no cash: it crosses the account's edge as a flow.
    const transferred = day.moved ?? "0";
    cash = subtract(add(cash, sum(moved?.cash ?? [])), subtract(day.flow, transferred));
    return {
      date: day.date,
      value: add(day.value, cash),
      flow: add(sum(moved?.external ?? []), transferred),
      realized: day.realized,
    };
  });
}

/**
 * One account's flows with its holding transfers told apart (issue 31): of a day's flow, the
 * cost of the holdings moved in or out (its day's `moved`) is a "holding" flow, the rest is the
 * account's `kind` (its trades, or its deposits, withdrawals and cash transfers). Dividend flows
 * are kept as they are.
 */
export function withHoldingMoves(
  flows: PeriodReturns["flows"],
  days: readonly { date: string; moved?: Decimal }[],
  kind: FlowBasis,
): PeriodReturns["flows"] {
  const movedOn = new Map<string, Decimal>();
  for (const day of days) if (day.moved !== undefined) movedOn.set(day.date, day.moved);
  return flows.flatMap((flow) => {
    if (flow.kind !== "trades") return [flow];
    const moved = movedOn.get(flow.date);
    if (moved === undefined || isZero(moved)) return [{ ...flow, kind }];
    const rest = subtract(flow.amount, moved);
    return [
      ...(isZero(rest) ? [] : [{ ...flow, amount: rest, kind }]),
      { date: flow.date, amount: moved, kind: "holding" as const, symbol: null },
    ];
  });
}

/**
 * The account's income besides its gains over the period (after `startDate`, through
 * `endDate`): with cash tracked, dividends and interest less account fees and tax withheld, so
 * that unrealized + realized + income = end value - start value - net flows still holds with the
 * cash inside the value; without, its dividends (as before issue 31).
 */
export function accountIncome(
  basis: FlowBasis,
  startDate: string,
  endDate: string,
  movements: readonly CashMovement[],
  dividends: readonly PaidIncome[],
): Decimal {
  const within = (date: string) => date > startDate && date <= endDate;
  const paid = sum(dividends.filter((d) => within(d.payDate)).map((d) => d.total));
  if (basis === "trades") return paid;
  const internal = movements.filter((m) => within(m.date) && !isExternal(m)).map(signedAmount);
  return add(paid, sum(internal));
}

/** Several accounts' days added up by date (each its value, flow and realized gain). */
export function combinedDays(accounts: readonly (readonly PeriodDay[])[]): PeriodDay[] {
  const byDay = new Map<string, { value: Decimal[]; flow: Decimal[]; realized: Decimal[] }>();
  for (const days of accounts) {
    for (const day of days) {
      const found = byDay.get(day.date) ?? { value: [], flow: [], realized: [] };
      found.value.push(day.value);
      found.flow.push(day.flow);
      found.realized.push(day.realized);
      byDay.set(day.date, found);
    }
  }
  return [...byDay]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, found]) => ({
      date,
      value: sum(found.value),
      flow: sum(found.flow),
      realized: sum(found.realized),
    }));
}
