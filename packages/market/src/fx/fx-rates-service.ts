import type { Clock } from "@ledgerline/clock";
import { addDays } from "../calendar/dates";
import type { ProviderGateway } from "../service/provider-gateway";
import type { ForeignCurrency, FxDayRate, FxRateProvider } from "./types";
import { compareCodes } from "../compare-codes";

/** How far back a range reaches for the rate in force on its first day (a long holiday). */
const LOOKBACK_DAYS = 14;
/** Today's rate is the day so far upstream: asked again after this long. */
const LATEST_TTL_MS = 60 * 60 * 1000;

export interface FxRates {
  /** The newest published rate (today's so far, or the last weekday's). */
  latest: FxDayRate | null;
  /** Ascending: every rate published in the range, and the last one before it. */
  days: FxDayRate[];
}

interface CurrencyHistory {
  /** Past days fetched so far, one contiguous range (today is never in it: it still moves). */
  from: string;
  to: string;
  rates: FxDayRate[];
}

/**
 * The FX door of the market service: rates of past days are asked for once and kept for good
 * (a published rate never changes); today's is kept an hour. Calls go through the provider's
 * gateway, so they share its budget and circuit breaker with the stock calls.
 */
export class FxRatesService {
  private readonly histories = new Map<ForeignCurrency, CurrencyHistory>();
  private readonly latest = new Map<
    ForeignCurrency,
    { day: string; at: number; rates: FxDayRate[] }
  >();
  private readonly inFlight = new Map<string, Promise<FxDayRate[]>>();

  constructor(
    private readonly options: {
      provider: FxRateProvider;
      gateway: ProviderGateway;
      clock: Clock;
    },
  ) {}

  get simulated(): boolean {
    return this.options.provider.simulated;
  }

  /** Today as the rates count days: UTC. */
  today(): string {
    return new Date(this.options.clock.now()).toISOString().slice(0, 10);
  }

  async rates(currency: ForeignCurrency, from: string, to: string): Promise<FxRates> {
    const today = this.today();
    const recent = await this.recentRates(currency, today);
    const reachBack = addDays(from, -LOOKBACK_DAYS);
    const pastEnd = to < today ? to : addDays(today, -1);
    const past = reachBack <= pastEnd ? await this.pastRates(currency, reachBack, pastEnd) : [];
    const byDate = new Map<string, FxDayRate>();
    for (const rate of [...past, ...recent]) if (rate.date <= to) byDate.set(rate.date, rate);
    const all = [...byDate.values()].sort((a, b) => compareCodes(a.date, b.date));
    const firstInRange = all.findIndex((rate) => rate.date >= from);
    const start = firstInRange === -1 ? all.length - 1 : Math.max(0, firstInRange - 1);
    return { latest: recent.at(-1) ?? null, days: all.slice(Math.max(0, start)) };
  }

  /** The last fortnight up to today, kept an hour. */
  private async recentRates(currency: ForeignCurrency, today: string): Promise<FxDayRate[]> {
    const now = this.options.clock.now();
    const kept = this.latest.get(currency);
    if (kept && kept.day === today && now - kept.at < LATEST_TTL_MS) return kept.rates;
    const rates = await this.fetch(currency, addDays(today, -LOOKBACK_DAYS), today);
    this.latest.set(currency, { day: today, at: now, rates });
    return rates;
  }

  /** Past days, fetched only where the kept range does not cover them yet. */
  private async pastRates(currency: ForeignCurrency, from: string, to: string) {
    let history = this.histories.get(currency);
    if (!history) {
      history = { from, to, rates: await this.fetch(currency, from, to) };
    } else {
      if (from < history.from) {
        const before = await this.fetch(currency, from, addDays(history.from, -1));
        history = { ...history, from, rates: [...before, ...history.rates] };
      }
      if (to > history.to) {
        const after = await this.fetch(currency, addDays(history.to, 1), to);
        history = { ...history, to, rates: [...history.rates, ...after] };
      }
    }
    this.histories.set(currency, history);
    return history.rates.filter((rate) => rate.date >= from && rate.date <= to);
  }

  /** One upstream call per currency and range at a time, however many requests want it. */
  private fetch(currency: ForeignCurrency, from: string, to: string): Promise<FxDayRate[]> {
    const key = `${currency}:${from}:${to}`;
    let call = this.inFlight.get(key);
    if (!call) {
      const { gateway, provider } = this.options;
      call = gateway
        .call("fx_rates", () => provider.getDailyRates(currency, from, to))
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, call);
    }
    return call;
  }
}
