import type { HistoricalBar } from "@ledgerline/contracts";
import { addDays, minDate } from "../calendar/dates";
import type { Clock } from "@ledgerline/clock";
import { compare, type Decimal } from "@ledgerline/money";
import type { CryptoMarketProvider } from "../providers/types";
import type { SingleFlight } from "../resilience/single-flight";
import type { DateRange, MarketStore } from "../store/market-store";
import type { CachedLoader } from "./cached-loader";
import { barsThroughStore, coverageAfter, type BarCalendar } from "./daily-bars";
import type { ProviderGateway } from "./provider-gateway";
import type { MarketTtls } from "./ttl";

/** The UTC calendar date of an instant: crypto trades around the clock in UTC days. */
export function utcDate(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/**
 * Daily crypto history through the store, like the stock history: finished UTC days are fetched
 * once and persisted, so a chart only asks upstream for days it has never seen. Today's candle
 * is not final; it is fetched with the quote's freshness and its close is the quote's price, so
 * the chart ends exactly where the quote beside it stands.
 */
export class CryptoBarHistory {
  /** Crypto and stock providers may share an id (sim:<seed>): keep their bars apart. */
  private readonly source: string;

  constructor(
    private readonly dependencies: {
      provider: CryptoMarketProvider;
      gateway: ProviderGateway;
      store: MarketStore;
      singleFlight: SingleFlight;
      loader: CachedLoader;
      clock: Clock;
      ttls: MarketTtls;
      /** The (cached) price a quote of the symbol shows now. */
      currentPrice: (symbol: string) => Promise<Decimal>;
    },
  ) {
    this.source = `crypto:${dependencies.provider.id}`;
  }

  async bars(symbol: string, from: string, to: string): Promise<HistoricalBar[]> {
    if (from > to) return [];
    const today = utcDate(this.dependencies.clock.now());
    const finalTo = minDate(to, addDays(today, -1));
    const bars =
      from <= finalTo
        ? await this.dependencies.singleFlight.run(
            `crypto-bars:${this.source}:${symbol}:${from}:${finalTo}`,
            () => this.finalBars(symbol, from, finalTo),
          )
        : [];
    if (from <= today && today <= to) {
      const running = await this.todayBar(symbol, today);
      if (running) bars.push(running);
    }
    return bars;
  }

  private finalBars(symbol: string, from: string, to: string): Promise<HistoricalBar[]> {
    const { store, gateway, provider } = this.dependencies;
    return barsThroughStore({
      store,
      source: this.source,
      symbol,
      wanted: { from, to },
      fetch: (gap) =>
        gateway.call("bars", () =>
          provider.getDailyCandles({ symbol, from: gap.from, to: gap.to }),
        ),
      extend: extendCryptoCoverage,
    });
  }

  private async todayBar(symbol: string, today: string): Promise<HistoricalBar | undefined> {
    const { loader, gateway, provider, ttls } = this.dependencies;
    try {
      const [candles, price] = await Promise.all([
        loader.load(
          `crypto:bar-today:${symbol}:${today}`,
          "bars",
          { freshForMs: ttls.cryptoQuoteMs, staleForMs: ttls.cryptoQuoteMs },
          () =>
            gateway.call("bars", () =>
              provider.getDailyCandles({ symbol, from: today, to: today }),
            ),
        ),
        this.dependencies.currentPrice(symbol),
      ]);
      const candle = candles.find((bar) => bar.date === today);
      if (!candle) return undefined;
      return {
        ...candle,
        c: price,
        h: compare(price, candle.h) > 0 ? price : candle.h,
        l: compare(price, candle.l) < 0 ? price : candle.l,
      };
    } catch {
      // The chart still shows history when today's figures are unavailable.
      return undefined;
    }
  }
}

/** Coins trade every UTC day: a range's last day is its end. */
const utcDays: BarCalendar = { lastDay: (range) => range.to, dayBefore: (day) => addDays(day, -1) };

/** The coverage of coins' candles after fetching `wanted`: UTC days (coverageAfter). */
export function extendCryptoCoverage(
  coverage: DateRange | undefined,
  wanted: DateRange,
  fetched: readonly HistoricalBar[],
): DateRange | undefined {
  return coverageAfter(utcDays, coverage, wanted, fetched);
}
