import type { CryptoCurrency } from "@ledgerline/contracts";
import { normalizeDecimal, type Decimal } from "../decimal";
import { type MarketOperation } from "../errors";
import { getJson, parseUpstream, toProviderError, type FetchFunction } from "../http/upstream";
import type { Crypto24hStats, CryptoMarketProvider } from "../providers/types";
import { currenciesAnswer, spotAnswer, statsAnswer } from "./payloads";

export interface CoinbaseConfig {
  /** Coinbase App API, default https://api.coinbase.com (spot prices, currencies). */
  apiBaseUrl?: string;
  /** Coinbase Exchange API, default https://api.exchange.coinbase.com (24 h stats). */
  exchangeBaseUrl?: string;
  /** Per request, including the body. Default 8000 ms. */
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
    this.timeoutMs = config.timeoutMs ?? 8000;
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
      return normalizeDecimal(value);
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
