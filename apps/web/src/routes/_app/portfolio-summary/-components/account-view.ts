import type {
  PortfolioSummary,
  SummaryPosition,
  SummarySection,
  SymbolTotal,
} from "@ledgerline/contracts";
import { percent, totalFigures, type Decimal } from "@ledgerline/money";

/** What the portfolio's position lists say of a position: its account, and its symbol's total. */
export interface PositionAccount {
  accountId: number;
  /** The symbol over every account, when it is held in more than one. */
  symbolTotal?: SymbolTotal;
}

/** The figures the summary's cards, allocation and holdings show. */
export type HoldingsView = Pick<PortfolioSummary, "stocks" | "crypto" | "total">;

/**
 * The summary's holdings of one investment account: its positions, with the sections' totals,
 * the total and the allocations worked out again over them in exact decimals, on the server's
 * definitions (@ledgerline/money's totalFigures, as a live reprice does). `accountOf` maps a
 * position's id to its account (the positions lists carry it for a user with several).
 */
export function holdingsOfAccount(
  summary: HoldingsView,
  accountOf: ReadonlyMap<number, PositionAccount>,
  accountId: number,
): HoldingsView {
  const mine = (position: SummaryPosition) => accountOf.get(position.id)?.accountId === accountId;
  const stocks = summary.stocks.positions.filter(mine);
  const crypto = summary.crypto.positions.filter(mine);
  const total = totalFigures([...stocks, ...crypto]);
  const share = (value: Decimal) => percent(value, total.currentValue);
  const section = (positions: SummaryPosition[]): SummarySection => {
    const totals = totalFigures(positions);
    return {
      positions: positions.map((position) => ({
        ...position,
        allocationPercent: share(position.currentValue),
      })),
      totals,
      allocationPercent: share(totals.currentValue),
    };
  };
  return { stocks: section(stocks), crypto: section(crypto), total };
}
