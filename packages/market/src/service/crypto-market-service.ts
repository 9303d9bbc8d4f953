import {
  CRYPTO_SYMBOL_PATTERN,
  QUOTE_CURRENCY,
  timeRangeDates,
  type CryptoCurrency,
  type CryptoQuote,
  type HistoricalBar,
  type TimeRange,
} from "@ledgerline/contracts";
import { percent, subtract, type Decimal } from "@ledgerline/money";
import { toMarketDataError, type MarketDataError } from "../errors";
import type { Clock } from "@ledgerline/clock";
import type { Crypto24hStats, CryptoMarketProvider } from "../providers/types";
import type { SingleFlight } from "../resilience/single-flight";
import type { MarketStore } from "../store/market-store";
import { parseCryptoSymbol } from "../symbols";
import type { CachedLoader, LoadedEntry } from "./cached-loader";
import { CryptoBarHistory } from "./crypto-bars";
import { quoteAgeOf } from "./quote-age";
import type { ProviderGateway } from "./provider-gateway";
import { RecentSymbols } from "./recent-symbols";
import type { RefreshReport } from "./stock-market-service";
import type { MarketTtls } from "./ttl";

export type CryptoQuoteResult =
  | { symbol: string; ok: true; quote: CryptoQuote }
  | { symbol: string; ok: false; error: MarketDataError };

/** The crypto data record: change = last - open over 24 h, and its percent of the open. */
export function toCryptoQuote(symbol: string, spot: Decimal, stats: Crypto24hStats): CryptoQuote {
  const change = subtract(stats.last, stats.open);
  return {
    symbol,
    price: spot,
    currency: QUOTE_CURRENCY,
    open: stats.open,
    change,
    changePercent: percent(change, stats.open) ?? 0,
    volume: stats.volume,
    high24h: stats.high,
    low24h: stats.low,
  };
}

export interface CryptoMarketServiceDependencies {
  provider: CryptoMarketProvider;
  gateway: ProviderGateway;
  loader: CachedLoader;
  clock: Clock;
  ttls: MarketTtls;
  /** Where finished days of history persist (shared with the stock history, apart by source). */
  store: MarketStore;
  singleFlight: SingleFlight;
}

export class CryptoMarketService {
  private readonly recent: RecentSymbols;
  private readonly history: CryptoBarHistory;

  constructor(private readonly dependencies: CryptoMarketServiceDependencies) {
    this.recent = new RecentSymbols(dependencies.clock);
    this.history = new CryptoBarHistory({
      ...dependencies,
      currentPrice: async (symbol) => (await this.quote(symbol)).price,
    });
  }

  get simulated(): boolean {
    return this.dependencies.provider.simulated;
  }

  recentlyRequested(ms: number): string[] {
    return this.recent.within(ms);
  }

  private async quote(symbol: string, force = false): Promise<CryptoQuote> {
    return (await this.quoteEntry(symbol, force)).value;
  }

  private quoteEntry(symbol: string, force = false): Promise<LoadedEntry<CryptoQuote>> {
    const { loader, gateway, provider, ttls } = this.dependencies;
    return loader.loadEntry(
      `crypto:quote:${symbol}`,
      "crypto_quote",
      { freshForMs: ttls.cryptoQuoteMs, staleForMs: ttls.staleMs, force },
      async () => {
        const [spot, stats] = await Promise.all([
          gateway.call("crypto_quote", () => provider.getSpotPrice(symbol)),
          gateway.call("crypto_quote", () => provider.get24hStats(symbol)),
        ]);
        return toCryptoQuote(symbol, spot, stats);
      },
    );
  }

  /** A quote, marked stale (with its age) when the provider failed and the cached one is shown. */
  async getQuote(symbolInput: string): Promise<CryptoQuote> {
    const symbol = parseCryptoSymbol(symbolInput);
    this.recent.note(symbol);
    return this.agedQuote(symbol, false);
  }

  private async agedQuote(symbol: string, force: boolean): Promise<CryptoQuote> {
    const entry = await this.quoteEntry(symbol, force);
    return { ...entry.value, ...quoteAgeOf(entry, this.dependencies.clock.now()) };
  }

  /**
   * The quote as of now, for live prices: a simulated market is read afresh (it is free and moves
   * every second), a real one through the cache as usual (kept warm by the refresher).
   */
  async liveQuote(symbolInput: string): Promise<CryptoQuote> {
    return this.agedQuote(parseCryptoSymbol(symbolInput), this.simulated);
  }

  async getQuotes(symbolInputs: readonly string[]): Promise<CryptoQuoteResult[]> {
    const symbols = [...new Set(symbolInputs.map((input) => input.trim().toUpperCase()))];
    return Promise.all(
      symbols.map(async (symbol): Promise<CryptoQuoteResult> => {
        try {
          return { symbol, ok: true, quote: await this.getQuote(symbol) };
        } catch (error) {
          return { symbol, ok: false, error: toMarketDataError(error, "crypto_quote") };
        }
      }),
    );
  }

  async refreshQuotes(symbols: readonly string[]): Promise<RefreshReport> {
    const valid = [...new Set(symbols)].filter((symbol) => CRYPTO_SYMBOL_PATTERN.test(symbol));
    const results = await Promise.allSettled(valid.map((symbol) => this.quote(symbol, true)));
    const failed = results.filter((result) => result.status === "rejected").length;
    return { refreshed: results.length - failed, failed };
  }

  /**
   * Daily bars for a chart range ending today (UTC, the crypto day), ascending. An invalid symbol
   * is refused with the crypto symbol rule, as for quotes.
   */
  async getHistoricalBars(symbolInput: string, range: TimeRange): Promise<HistoricalBar[]> {
    const symbol = parseCryptoSymbol(symbolInput);
    const { from, to } = timeRangeDates(range, new Date(this.dependencies.clock.now()), "UTC");
    return this.getDailyBars(symbol, from, to);
  }

  /** Daily bars between two UTC dates, both included; finished days are fetched once, ever. */
  async getDailyBars(symbolInput: string, from: string, to: string): Promise<HistoricalBar[]> {
    const symbol = parseCryptoSymbol(symbolInput);
    const { loader, ttls } = this.dependencies;
    return loader.load(
      `crypto:bars:${symbol}:${from}:${to}`,
      "bars",
      { freshForMs: ttls.cryptoQuoteMs, staleForMs: ttls.staleMs },
      () => this.history.bars(symbol, from, to),
    );
  }

  async listCurrencies(): Promise<CryptoCurrency[]> {
    const { loader, gateway, provider, ttls } = this.dependencies;
    return loader.load(
      "crypto:currencies",
      "crypto_currencies",
      { freshForMs: ttls.currenciesMs, staleForMs: ttls.staleMs },
      () => gateway.call("crypto_currencies", () => provider.listCurrencies()),
    );
  }
}
