import {
  percent,
  subtract,
  sum,
  totalFigures,
  type Decimal,
  type ValueFigures,
} from "@ledgerline/money";
import type { PortfolioSummary, SummaryPosition, SummarySection } from "./portfolio-summary";

/**
 * What a portfolio summary's figures make of its positions, worked out here once so that the
 * server's summary, the browser's copy repriced by live ticks and one account's view of it
 * (the web app's repriceSummary and holdingsOfAccount) agree to the digit. Zod-free: the
 * browser imports it.
 */

/** Each section with its positions' and its own share of the whole, and the whole's total. */
export function summaryHoldings(positions: {
  stocks: readonly SummaryPosition[];
  crypto: readonly SummaryPosition[];
}): Pick<PortfolioSummary, "stocks" | "crypto" | "total"> {
  const total = totalFigures([...positions.stocks, ...positions.crypto]);
  const share = (value: Decimal) => percent(value, total.currentValue);
  const section = (held: readonly SummaryPosition[]): SummarySection => {
    const totals = totalFigures(held);
    return {
      positions: held.map((position) => ({
        ...position,
        allocationPercent: share(position.currentValue),
      })),
      totals,
      allocationPercent: share(totals.currentValue),
    };
  };
  return { stocks: section(positions.stocks), crypto: section(positions.crypto), total };
}

/** The returns beside a total: its gain/loss is the unrealized gain. */
export function summaryReturns(
  total: ValueFigures,
  { realizedGain, income }: { realizedGain: Decimal; income: Decimal },
): PortfolioSummary["returns"] {
  return {
    realizedGain,
    unrealizedGain: total.gainLoss,
    income,
    totalReturn: sum([total.gainLoss, realizedGain, income]),
  };
}

/**
 * Today's change of the holdings: each one's change today (quantity x its change per unit, over
 * 24 hours for coins) summed, against what those holdings were worth before it. Null when no
 * holding has the market's change to tell (every price a last known one).
 */
export function summaryToday(positions: readonly SummaryPosition[]): PortfolioSummary["today"] {
  const moving = positions.flatMap(({ todayChange, currentValue }) =>
    todayChange === null ? [] : [{ change: todayChange, value: currentValue }],
  );
  if (moving.length === 0) return null;
  const change = sum(moving.map((holding) => holding.change));
  const before = subtract(sum(moving.map((holding) => holding.value)), change);
  return { change, changePercent: percent(change, before) };
}
