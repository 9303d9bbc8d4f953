import {
  MARKET_MOVERS_LIMIT,
  marketMessages,
  type MarketMover,
  type MarketMovers,
  type StockSnapshot,
} from "@ledgerline/contracts";
import { isZeroDecimal, percentChange, subtractDecimals } from "../decimal";
import type { TickerSnapshot } from "../providers/types";

/**
 * The spec's market-status rules (section 4), applied to provider snapshots in one place.
 */

/** The day's close and volume both 0: no trade yet today, so the market counts as closed. */
export function isMarketClosed(snapshot: TickerSnapshot): boolean {
  return isZeroDecimal(snapshot.day.close) && snapshot.day.volume === 0;
}

function priceOf(snapshot: TickerSnapshot): string {
  if (!isZeroDecimal(snapshot.day.close)) return snapshot.day.close;
  return snapshot.prevDay?.close ?? "0";
}

/** A saved-stock record: closed → previous close as price and the closed message. */
export function toStockSnapshot(snapshot: TickerSnapshot, companyName: string): StockSnapshot {
  const closed = isMarketClosed(snapshot);
  // A stock without a previous session (listed today) is measured against its open.
  const previousClose =
    snapshot.prevDay?.close ?? (closed ? "0" : (snapshot.day.open ?? snapshot.day.close));
  const price = closed ? previousClose : priceOf(snapshot);
  return {
    symbol: snapshot.ticker,
    companyName,
    price,
    change: subtractDecimals(price, previousClose),
    changePercent: percentChange(price, previousClose),
    marketCap: 0,
    volume: closed ? 0 : snapshot.day.volume,
    timestamp: new Date(snapshot.updatedAt).toISOString(),
    open: closed ? null : snapshot.day.open,
    high: closed ? null : snapshot.day.high,
    low: closed ? null : snapshot.day.low,
    previousClose,
    marketStatus: closed
      ? marketMessages.marketClosedUsingPreviousClose
      : marketMessages.marketOpen,
  };
}

/**
 * Gainers and losers as the movers tables show them. If every gainer shows zero volume the
 * market is closed: the lists then show previous-day data with change percent and volume 0.
 */
export function toMarketMovers(
  gainers: readonly TickerSnapshot[],
  losers: readonly TickerSnapshot[],
  now: number,
): MarketMovers {
  const closed = gainers.every((snapshot) => snapshot.day.volume === 0);
  const marketStatus = closed
    ? marketMessages.marketClosedShowingPreviousDay
    : marketMessages.marketOpen;
  const toMover = (snapshot: TickerSnapshot): MarketMover => {
    const price = priceOf(snapshot);
    return {
      symbol: snapshot.ticker,
      price,
      changePercent: closed || !snapshot.prevDay ? 0 : percentChange(price, snapshot.prevDay.close),
      volume: closed ? 0 : snapshot.day.volume,
      marketStatus,
    };
  };
  return {
    gainers: gainers.slice(0, MARKET_MOVERS_LIMIT).map(toMover),
    losers: losers.slice(0, MARKET_MOVERS_LIMIT).map(toMover),
    marketStatus,
    lastUpdate: new Date(now).toISOString(),
  };
}
