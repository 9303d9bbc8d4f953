import {
  MARKET_MOVERS_LIMIT,
  marketMessages,
  type MarketMover,
  type MarketMovers,
  type StockSnapshot,
} from "@ledgerline/contracts";
import { isZero, percentChange, subtract, type Decimal } from "@ledgerline/money";
import type { TickerDayBar, TickerSnapshot } from "../providers/types";
import { compareCodes } from "../compare-codes";

/**
 * The spec's market-status rules (section 4), applied to provider snapshots in one place.
 */

/** The day's close and volume both 0: no trade yet today, so the market counts as closed. */
export function isMarketClosed(snapshot: TickerSnapshot): boolean {
  return isZero(snapshot.day.close) && snapshot.day.volume === 0;
}

function priceOf(snapshot: TickerSnapshot): string {
  if (!isZero(snapshot.day.close)) return snapshot.day.close;
  return snapshot.prevDay?.close ?? "0";
}

/**
 * A saved-stock record. While closed (no trade today) it shows the last session, as design.md's
 * departures say, instead of the spec's zeros: that session's close as the price, its volume
 * and range, and its change against `closeBefore`, the close of the session before it (without
 * it, the change reads 0). The status is still the spec's closed message.
 */
export function toStockSnapshot(
  snapshot: TickerSnapshot,
  companyName: string,
  closeBefore: Decimal | null = null,
): StockSnapshot {
  const closed = isMarketClosed(snapshot);
  const lastSession = closed ? snapshot.prevDay : null;
  // A stock without a previous session (listed today) is measured against its open.
  const previousClose = closed
    ? (closeBefore ?? snapshot.prevDay?.close ?? "0")
    : (snapshot.prevDay?.close ?? snapshot.day.open ?? snapshot.day.close);
  const shown = lastSession ?? (closed ? null : snapshot.day);
  const price = lastSession ? lastSession.close : closed ? previousClose : priceOf(snapshot);
  return {
    symbol: snapshot.ticker,
    companyName,
    price,
    change: subtract(price, previousClose),
    changePercent: percentChange(price, previousClose) ?? 0,
    marketCap: 0,
    volume: shown?.volume ?? 0,
    timestamp: new Date(snapshot.updatedAt).toISOString(),
    open: shown?.open ?? null,
    high: shown?.high ?? null,
    low: shown?.low ?? null,
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
      changePercent:
        closed || !snapshot.prevDay ? 0 : (percentChange(price, snapshot.prevDay.close) ?? 0),
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

/** Polygon leaves tickers that traded fewer shares out of its gainers and losers; so do we. */
export const MOVERS_MIN_VOLUME = 10_000;

/**
 * The movers of a finished session, for when the market is closed: every ticker of that session
 * ranked by its change against the session before, with its real close and volume, under the
 * spec's 'previous trading day' message (rather than the spec's zeros; see design.md).
 */
export function toPreviousSessionMovers(
  session: readonly TickerDayBar[],
  closeBefore: (ticker: string) => Decimal | undefined,
  now: number,
): MarketMovers {
  const marketStatus = marketMessages.marketClosedShowingPreviousDay;
  const movers = session.flatMap(({ ticker, bar }): MarketMover[] => {
    const before = closeBefore(ticker);
    if (!before || isZero(before) || bar.volume < MOVERS_MIN_VOLUME) return [];
    const changePercent = percentChange(bar.close, before) ?? 0;
    return [{ symbol: ticker, price: bar.close, changePercent, volume: bar.volume, marketStatus }];
  });
  const ranked = movers.sort(
    (a, b) => b.changePercent - a.changePercent || compareCodes(a.symbol, b.symbol),
  );
  return {
    gainers: ranked.filter((mover) => mover.changePercent > 0).slice(0, MARKET_MOVERS_LIMIT),
    losers: ranked
      .filter((mover) => mover.changePercent < 0)
      .reverse()
      .slice(0, MARKET_MOVERS_LIMIT),
    marketStatus,
    lastUpdate: new Date(now).toISOString(),
  };
}
