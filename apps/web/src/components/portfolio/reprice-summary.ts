import type { PortfolioSummary, SummaryPosition, SummarySection } from "@ledgerline/contracts";
import {
  add,
  multiply,
  percent,
  subtract,
  sum,
  totalFigures,
  valueFigures,
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
 * The summary with one holding at a new price, every figure that depends on it computed again
 * in exact decimals with the server's definitions (@ledgerline/money's value figures): the
 * position, its section's and the portfolio's totals, the allocations, today's change and the
 * returns. The same summary comes back when the holding is not in it or its price is unchanged.
 */
export function repriceSummary(summary: PortfolioSummary, live: HoldingPrice): PortfolioSummary {
  const key = live.assetType === "STOCK" ? "stocks" : "crypto";
  const held = summary[key].positions.find((position) => position.symbol === live.symbol);
  if (!held || (held.currentPrice === live.price && held.priceSource === "market")) return summary;

  const repriced: SummaryPosition = {
    ...held,
    currentPrice: live.price,
    priceSource: "market",
    ...valueFigures(multiply(held.quantity, live.price), held.costBasis),
  };
  const positionsOf = (section: SummarySection) =>
    section.positions.map((position) => (position === held ? repriced : position));
  const stockPositions = key === "stocks" ? positionsOf(summary.stocks) : summary.stocks.positions;
  const cryptoPositions = key === "crypto" ? positionsOf(summary.crypto) : summary.crypto.positions;
  const total = totalFigures([...stockPositions, ...cryptoPositions]);
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
  const { realizedGain, income } = summary.returns;
  return {
    ...summary,
    stocks: section(stockPositions),
    crypto: section(cryptoPositions),
    total,
    today: todayAfter(summary, held, repriced, live.change),
    pricedAt: live.at > summary.pricedAt ? live.at : summary.pricedAt,
    returns: {
      realizedGain,
      unrealizedGain: total.gainLoss,
      income,
      totalReturn: sum([total.gainLoss, realizedGain, income]),
    },
  };
}

/**
 * Today's change after one holding's price moved. Today's change is measured against what the
 * market-priced holdings were worth before today (their value now minus the change), which a
 * price move leaves as it was: a holding already priced by the market adds quantity x the move
 * to the change; one valued at its last known price joins with its own change today.
 */
function todayAfter(
  summary: PortfolioSummary,
  before: SummaryPosition,
  after: SummaryPosition,
  changePerUnit: Decimal,
): PortfolioSummary["today"] {
  const previous = summary.today?.change ?? "0";
  const start = summary.today
    ? subtract(sum(marketPriced(summary).map((position) => position.currentValue)), previous)
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

const marketPriced = (summary: PortfolioSummary) =>
  [...summary.stocks.positions, ...summary.crypto.positions].filter(
    (position) => position.priceSource === "market",
  );
