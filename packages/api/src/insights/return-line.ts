import type { PortfolioHistoryPoint } from "@ledgerline/contracts";
import type { Decimal } from "@ledgerline/money";
import { portfolioHistory } from "../accounting/portfolio-summary";
import type { UserScope } from "../platform/scope";

/** A close of the return line: its time-weighted return from the range's start. */
export type ReturnClose = PortfolioHistoryPoint & { timeWeightedReturn: Decimal };

type ReturnLineInput = Pick<Parameters<typeof portfolioHistory>[1], "range" | "accountId">;

/**
 * The value chart's return line over a range (`portfolioHistory` with the "return" basis), what
 * the month grid and the risk figures are worked from: the closes that have a return, and SPY's
 * total return from the same start by date.
 */
export async function returnLineOf(scope: UserScope, { range, accountId }: ReturnLineInput) {
  const history = await portfolioHistory(scope, { range, benchmark: "return", accountId });
  const held = history.points.filter(
    (point): point is ReturnClose => typeof point.timeWeightedReturn === "string",
  );
  const spy = new Map(history.benchmark?.points.map((point) => [point.date, point.value]));
  return { held, spy };
}
