import type { DisplayCurrency } from "@ledgerline/contracts";
import type { FxDayRate } from "@ledgerline/money";

export type { FxDayRate };

/** A currency other than USD: the ones a rate is published for. */
export type ForeignCurrency = Exclude<DisplayCurrency, "USD">;

/**
 * A source of daily USD→currency reference rates. Days without a published rate (weekends,
 * holidays) are simply absent; the lookup takes the previous published day (./rate-lookup.ts).
 */
export interface FxRateProvider {
  readonly id: string;
  readonly simulated: boolean;
  /** The published rates in [from, to] (inclusive UTC dates), ascending; today's is the latest so far. */
  getDailyRates(currency: ForeignCurrency, from: string, to: string): Promise<FxDayRate[]>;
}
