import { divide } from "@ledgerline/money";
import { addDays, dayNumber, weekday } from "../calendar/dates";
import { KeyedRandom } from "../sim/random";
import type { ForeignCurrency, FxDayRate, FxRateProvider } from "./types";

/** Late-2026-like levels in units per USD, scaled by 10^4 so the rates are built from integers. */
const BASE_RATES: Readonly<Record<ForeignCurrency, number>> = {
  EUR: 9_213,
  GBP: 7_884,
  CHF: 8_802,
  JPY: 1_495_120,
  CAD: 13_641,
  AUD: 15_327,
};

/** The simulated market's rates: weekdays only, like a reference-rate feed. */
export class SimulatedFxRates implements FxRateProvider {
  readonly id: string;
  readonly simulated = true;
  private readonly random: KeyedRandom;

  constructor(options: { seed: string }) {
    this.id = `sim:${options.seed}`;
    this.random = new KeyedRandom(`fx:${options.seed}`);
  }

  /**
   * A slow yearly swing of up to ±4 % with a daily wobble of up to ±0.2 %, in basis points: the
   * same seed and day always give the same rate, and one day's move on the next is small.
   */
  rateOn(currency: ForeignCurrency, date: string): FxDayRate {
    const day = dayNumber(date);
    const phase = this.random.uniform(currency, "phase") * 2 * Math.PI;
    const swing = Math.round(400 * Math.sin((2 * Math.PI * day) / 365 + phase));
    const wobble = this.random.integer(-20, 20, currency, day);
    const basisPoints = 10_000 + swing + wobble;
    // base × bp / 10^4 / 10^4: integer digits, divided exactly.
    return { date, rate: divide(String(BASE_RATES[currency] * basisPoints), "100000000", 4) };
  }

  getDailyRates(currency: ForeignCurrency, from: string, to: string): Promise<FxDayRate[]> {
    const rates: FxDayRate[] = [];
    for (let date = from; date <= to; date = addDays(date, 1)) {
      const day = weekday(date);
      if (day !== 0 && day !== 6) rates.push(this.rateOn(currency, date));
    }
    return Promise.resolve(rates);
  }
}
