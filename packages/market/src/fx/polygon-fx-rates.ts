import { exactDecimal, round } from "@ledgerline/money";
import { getJson, parseUpstream, toProviderError, type FetchFunction } from "../http/upstream";
import { aggregatesAnswer } from "../polygon/payloads";
import type { ForeignCurrency, FxDayRate, FxRateProvider } from "./types";

export interface PolygonFxConfig {
  apiKey: string;
  /** Default https://api.polygon.io (tests point it at a local server). */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: FetchFunction;
}

/** Decimals a rate is kept to: what a reference-rate feed publishes, and what the hover shows. */
const RATE_PLACES = 4;

/**
 * Daily USD→currency rates from Polygon's forex aggregates (`C:USDEUR`): each day's close is that
 * day's rate, today's bar (the day so far) the latest. Bars are stamped at the day's start; the
 * UTC date names the day.
 */
export class PolygonFxRates implements FxRateProvider {
  readonly id = "polygon";
  readonly simulated = false;
  private readonly baseUrl: string;

  constructor(private readonly config: PolygonFxConfig) {
    if (!config.apiKey) throw new Error("PolygonFxRates needs an API key");
    this.baseUrl = (config.baseUrl ?? "https://api.polygon.io").replace(/\/+$/, "");
  }

  async getDailyRates(currency: ForeignCurrency, from: string, to: string): Promise<FxDayRate[]> {
    try {
      const url = new URL(
        `${this.baseUrl}/v2/aggs/ticker/C:USD${currency}/range/1/day/${from}/${to}`,
      );
      url.searchParams.set("adjusted", "true");
      url.searchParams.set("sort", "asc");
      url.searchParams.set("limit", "50000");
      // The key goes in a header, not the query string, so it never lands in access logs.
      const body = await getJson(url.toString(), {
        provider: "Polygon",
        headers: { authorization: `Bearer ${this.config.apiKey}` },
        timeoutMs: this.config.timeoutMs ?? 3000,
        fetch: this.config.fetch,
      });
      const bars = parseUpstream(aggregatesAnswer, body, "fx_rates", "Polygon").results ?? [];
      return bars.flatMap((bar) =>
        bar.c && bar.c > 0
          ? [
              {
                date: new Date(bar.t).toISOString().slice(0, 10),
                rate: round(exactDecimal(bar.c), RATE_PLACES),
              },
            ]
          : [],
      );
    } catch (error) {
      throw toProviderError(error, "fx_rates");
    }
  }
}
