import { sessionInProgress } from "../calendar/nyse-calendar";
import type { Clock } from "@ledgerline/clock";
import { CoinbaseTickerFeed, type CoinbaseFeedEvent } from "../coinbase/coinbase-ticker-feed";
import type { CryptoMarketService } from "../service/crypto-market-service";
import type { StockMarketService } from "../service/stock-market-service";
import { pollingTickSource } from "./polling-tick-source";
import type { PriceTick, TickSource } from "./price-ticks";

export interface TickTimings {
  /** The simulated markets tick this often (stocks only while the NYSE session runs). Default 1 s. */
  simulatedMs: number;
  /** A real stock provider without streaming is read from the warm cache this often. Default 15 s. */
  polledStockMs: number;
  /** Outside the session stock prices stand still: a read this often notices the opening. Default 60 s. */
  closedStockMs: number;
}

export const defaultTickTimings: TickTimings = {
  simulatedMs: 1000,
  polledStockMs: 15_000,
  closedStockMs: 60_000,
};

export interface MarketTickSourceOptions {
  stocks: StockMarketService;
  crypto: CryptoMarketService;
  clock: Clock;
  timings?: Partial<TickTimings>;
  /** Stream crypto from the Coinbase Exchange WebSocket feed at this URL (else: poll). */
  coinbaseFeedUrl?: string;
  onFeedEvent?(event: CoinbaseFeedEvent): void;
  onError?(error: unknown): void;
}

/**
 * The upstream of live prices for each kind of market:
 * - the simulated markets are read every second (stocks only during the NYSE session);
 * - Coinbase streams through its WebSocket ticker channel, polling while that is down;
 * - Polygon (whose stocks WebSocket needs a paid plan) is polled from the cache the snapshot
 *   refresher keeps warm.
 */
export function marketTickSource(options: MarketTickSourceOptions): TickSource {
  const { stocks, crypto, clock } = options;
  const timings = { ...defaultTickTimings, ...options.timings };
  const onError = (error: unknown) => options.onError?.(error);

  const readStock = async (symbol: string): Promise<PriceTick> => {
    const quote = await stocks.liveSnapshot(symbol);
    return { assetType: "STOCK", symbol, price: quote.price, at: clock.now(), quote };
  };
  const readCrypto = async (symbol: string): Promise<PriceTick> => {
    const quote = await crypto.liveQuote(symbol);
    return { assetType: "CRYPTO", symbol, price: quote.price, at: clock.now(), quote };
  };

  const stockSource = pollingTickSource({
    clock,
    read: (instrument) => readStock(instrument.symbol),
    intervalMs: () => {
      if (!sessionInProgress(clock.now())) return timings.closedStockMs;
      return stocks.simulated ? timings.simulatedMs : timings.polledStockMs;
    },
    onError,
  });
  const cryptoSource: TickSource =
    options.coinbaseFeedUrl !== undefined && !crypto.simulated
      ? new CoinbaseTickerFeed({
          clock,
          url: options.coinbaseFeedUrl,
          poll: readCrypto,
          onEvent: (event) => options.onFeedEvent?.(event),
        })
      : pollingTickSource({
          clock,
          read: (instrument) => readCrypto(instrument.symbol),
          intervalMs: () => (crypto.simulated ? timings.simulatedMs : timings.polledStockMs),
          onError,
        });

  return {
    open: (instrument, emit) =>
      (instrument.assetType === "STOCK" ? stockSource : cryptoSource).open(instrument, emit),
  };
}
