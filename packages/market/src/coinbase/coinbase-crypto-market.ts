import type { CryptoCurrency, HistoricalBar } from "@ledgerline/contracts";
import { addDays, dayNumber, minDate } from "../calendar/dates";
import { exactDecimal, type Decimal } from "@ledgerline/money";
import { type MarketOperation } from "../errors";
import { getJson, parseUpstream, toProviderError, type FetchFunction } from "../http/upstream";
import type { Crypto24hStats, CryptoCandlesQuery, CryptoMarketProvider } from "../providers/types";
import { candlesAnswer, currenciesAnswer, spotAnswer, statsAnswer } from "./payloads";

/** The Exchange API answers at most 300 buckets per request. */
export const COINBASE_MAX_CANDLES = 300;
const DAY_SECONDS = 86_400;

export interface CoinbaseConfig {
  /** Coinbase App API, default https://api.coinbase.com (spot prices, currencies). */
  apiBaseUrl?: string;
  /** Coinbase Exchange API, default https://api.exchange.coinbase.com (24 h stats). */
  exchangeBaseUrl?: string;
  /** Exchange WebSocket feed for live prices, default wss://ws-feed.exchange.coinbase.com. */
  feedUrl?: string;
  /** Per request, including the body. Default 3000 ms. */
  timeoutMs?: number;
  fetch?: FetchFunction;
}

/**
 * The crypto provider over Coinbase's public, unauthenticated endpoints. No key is needed or
 * sent: a key alone (without request signing) would not authenticate anything anyway.
 */
export class CoinbaseCryptoMarket implements CryptoMarketProvider {
  readonly id = "coinbase";
  readonly simulated = false;
  private readonly apiBaseUrl: string;
  private readonly exchangeBaseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly config: CoinbaseConfig = {}) {
    this.apiBaseUrl = (config.apiBaseUrl ?? "https://api.coinbase.com").replace(/\/+$/, "");
    this.exchangeBaseUrl = (config.exchangeBaseUrl ?? "https://api.exchange.coinbase.com").replace(
      /\/+$/,
      "",
    );
    this.timeoutMs = config.timeoutMs ?? 3000;
  }

  private async get(url: string, operation: MarketOperation): Promise<unknown> {
    try {
      return await getJson(url, {
        provider: "Coinbase",
        // The Exchange API refuses requests without a User-Agent.
        headers: { "user-agent": "ledgerline-market/1.0" },
        timeoutMs: this.timeoutMs,
        fetch: this.config.fetch,
      });
    } catch (error) {
      throw toProviderError(error, operation);
    }
  }

  private decimal(value: string, operation: MarketOperation): Decimal {
    try {
      return exactDecimal(value);
    } catch (error) {
      throw toProviderError(error, operation);
    }
  }

  async getSpotPrice(symbol: string): Promise<Decimal> {
    const body = await this.get(
      `${this.apiBaseUrl}/v2/prices/${encodeURIComponent(symbol)}-USD/spot`,
      "crypto_quote",
    );
    return this.decimal(
      parseUpstream(spotAnswer, body, "crypto_quote", "Coinbase").data.amount,
      "crypto_quote",
    );
  }

  async get24hStats(symbol: string): Promise<Crypto24hStats> {
    const body = await this.get(
      `${this.exchangeBaseUrl}/products/${encodeURIComponent(symbol)}-USD/stats`,
      "crypto_quote",
    );
    const stats = parseUpstream(statsAnswer, body, "crypto_quote", "Coinbase");
    return {
      open: this.decimal(stats.open, "crypto_quote"),
      high: this.decimal(stats.high, "crypto_quote"),
      low: this.decimal(stats.low, "crypto_quote"),
      last: this.decimal(stats.last, "crypto_quote"),
      volume: Number(stats.volume),
    };
  }

  /** Daily candles in windows of at most 300 days, merged ascending and cut to the asked range. */
  async getDailyCandles(query: CryptoCandlesQuery): Promise<HistoricalBar[]> {
    const byDate = new Map<string, HistoricalBar>();
    for (let start = query.from; start <= query.to; start = addDays(start, COINBASE_MAX_CANDLES)) {
      const end = minDate(query.to, addDays(start, COINBASE_MAX_CANDLES - 1));
      const params = new URLSearchParams({
        granularity: String(DAY_SECONDS),
        start: `${start}T00:00:00Z`,
        end: `${end}T23:59:59Z`,
      });
      const body = await this.get(
        `${this.exchangeBaseUrl}/products/${encodeURIComponent(query.symbol)}-USD/candles?${params.toString()}`,
        "bars",
      );
      for (const [time, low, high, open, close, volume] of parseUpstream(
        candlesAnswer,
        body,
        "bars",
        "Coinbase",
      )) {
        const t = time * 1000;
        const date = new Date(t).toISOString().slice(0, 10);
        if (date < start || date > end) continue;
        byDate.set(date, {
          date,
          t: dayNumber(date) * DAY_SECONDS * 1000,
          o: this.candleDecimal(open),
          h: this.candleDecimal(high),
          l: this.candleDecimal(low),
          c: this.candleDecimal(close),
          v: Number(volume),
        });
      }
    }
    return [...byDate.values()].sort((a, b) => a.t - b.t);
  }

  private candleDecimal(value: number | string): Decimal {
    try {
      return exactDecimal(value);
    } catch (error) {
      throw toProviderError(error, "bars");
    }
  }

  async listCurrencies(): Promise<CryptoCurrency[]> {
    const body = await this.get(`${this.apiBaseUrl}/v2/currencies/crypto`, "crypto_currencies");
    return parseUpstream(currenciesAnswer, body, "crypto_currencies", "Coinbase").data.map(
      (currency) => ({
        id: (currency.code ?? currency.id)!,
        name: currency.name,
      }),
    );
  }
}
