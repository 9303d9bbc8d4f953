import type { PortfolioSummary, SummaryPosition } from "@ledgerline/contracts";
import { summaryHoldings, summaryReturns } from "@ledgerline/contracts/browser";
import {
  add,
  holdingFigures,
  multiply,
  percent,
  subtract,
  sum,
  type Decimal,
} from "@ledgerline/money";

/** A live price of one holding: its price now and its change per unit today (24 h for coins). */
export interface HoldingPrice {
  assetType: "STOCK" | "CRYPTO";
  symbol: string;
  price: Decimal;
  change: Decimal;
  /** The market's time of the price (ISO). */
  at: string;
}

/**
 * The summary with its holdings at new prices (a batch of live ticks), every figure that depends
 * on them computed again in exact decimals with the server's definitions (@ledgerline/money's
 * holdingFigures, the contracts' summaryHoldings and summaryReturns): the positions, the
 * sections' and the portfolio's totals, the allocations, today's change and the returns. The prices are taken in order, as one tick after another would
 * be, but the totals and allocations are worked out once for the batch. The same summary comes
 * back when no price moves a holding in it.
 */
export function repriceSummary(
  summary: PortfolioSummary,
  prices: readonly HoldingPrice[],
): PortfolioSummary {
  const positions = { stocks: summary.stocks.positions, crypto: summary.crypto.positions };
  let today = summary.today;
  let pricedAt = summary.pricedAt;
  function reprice(key: "stocks" | "crypto", held: SummaryPosition, live: HoldingPrice) {
    const repriced: SummaryPosition = {
      ...held,
      currentPrice: live.price,
      priceSource: "market",
      ...holdingFigures(held.quantity, live.price, held.costBasis, live.change),
    };
    today = todayAfter(
      today,
      [...positions.stocks, ...positions.crypto],
      held,
      repriced,
      live.change,
    );
    positions[key] = positions[key].map((position) => (position === held ? repriced : position));
    if (live.at > pricedAt) pricedAt = live.at;
  }
  for (const live of prices) {
    const key = live.assetType === "STOCK" ? "stocks" : "crypto";
    // A symbol held in several investment accounts has a row per account: each moves.
    const rows = positions[key].filter((position) => position.symbol === live.symbol);
    for (const held of rows) {
      if (held.currentPrice === live.price && held.priceSource === "market") continue;
      reprice(key, held, live);
    }
  }
  if (
    positions.stocks === summary.stocks.positions &&
    positions.crypto === summary.crypto.positions
  ) {
    return summary;
  }
  const holdings = summaryHoldings(positions);
  const returns = summaryReturns(holdings.total, summary.returns);
  return { ...summary, ...holdings, today, pricedAt, returns };
}

/**
 * Today's change after one holding's price moved, from today's change and the holdings before
 * the move. Today's change is measured against what the market-priced holdings were worth before
 * today (their value now minus the change), which a price move leaves as it was: a holding
 * already priced by the market adds quantity x the move to the change; one valued at its last
 * known price joins with its own change today.
 */
function todayAfter(
  today: PortfolioSummary["today"],
  holdings: readonly SummaryPosition[],
  before: SummaryPosition,
  after: SummaryPosition,
  changePerUnit: Decimal,
): PortfolioSummary["today"] {
  const previous = today?.change ?? "0";
  const start = today
    ? subtract(sum(marketPriced(holdings).map((position) => position.currentValue)), previous)
    : "0";
  if (before.priceSource === "market") {
    const change = add(previous, subtract(after.currentValue, before.currentValue));
    return { change, changePercent: percent(change, start) };
  }
  const joined = multiply(after.quantity, changePerUnit);
  const change = add(previous, joined);
  return {
    change,
    changePercent: percent(change, add(start, subtract(after.currentValue, joined))),
  };
}

const marketPriced = (holdings: readonly SummaryPosition[]) =>
  holdings.filter((position) => position.priceSource === "market");
