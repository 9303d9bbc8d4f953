import type { CorporateAction } from "@ledgerline/contracts";
import { addDays, yearOf, type IsoDate } from "../../calendar/dates";
import { isTradingDay, nextTradingDay } from "../../calendar/nyse-calendar";
import { fromScaled } from "@ledgerline/money";
import type { KeyedRandom } from "../random";
import type { CompanyProfile } from "./company-profiles";
import { SIM_ANCHOR_DATE, SIM_HISTORY_START } from "./trading-days";

/**
 * The simulated market's calendar of corporate actions: a few splits, and quarterly cash
 * dividends for the companies that pay them.
 *
 * Prices: the price model's path is continuous and in the shares of SIM_ANCHOR_DATE (its
 * reference close, on its own date, is converted into them with `splitFactor`). A split divides the traded (unadjusted) price from
 * its ex-date on by its ratio, so the traded price on day d is the path divided by
 * `splitFactor(d)` (the product of the ratios of the splits between the anchor and d). Prices
 * adjusted as of today are the path divided by `splitFactor(today)`: no cliff at a split.
 */

export interface SimSplit {
  symbol: string;
  exDate: IsoDate;
  /** `from` old shares become `to` new ones (1:3 is from 1 to 3; a 1-for-10 reverse split is 10:1). */
  from: number;
  to: number;
}

/**
 * The splits. Those before 2026 are the companies' published ones; the 2026 ones are the
 * simulated market's own, placed so that the demo portfolio (apps/api demo-portfolio.ts) holds a
 * stock through a forward split whether the market clock is the test suites' March 2026 or the
 * autumn of 2026, and so that a reverse split is in the history too.
 */
export const SIM_SPLITS: readonly SimSplit[] = [
  { symbol: "WMT", exDate: "2024-02-26", from: 1, to: 3 },
  { symbol: "NVDA", exDate: "2024-06-10", from: 1, to: 10 },
  { symbol: "CMG", exDate: "2024-06-26", from: 1, to: 50 },
  { symbol: "AVGO", exDate: "2024-07-15", from: 1, to: 10 },
  { symbol: "JPM", exDate: "2026-01-20", from: 1, to: 2 },
  { symbol: "WBD", exDate: "2026-04-13", from: 8, to: 1 },
  { symbol: "NVDA", exDate: "2026-10-19", from: 1, to: 4 },
];

/** Typical annual dividend yield by sector (2024 averages, rounded). */
const sectorYield: Record<string, number> = {
  Utilities: 0.032,
  "Consumer Staples": 0.027,
  "Real Estate": 0.038,
  Energy: 0.035,
  Financials: 0.022,
  "Health Care": 0.017,
  Industrials: 0.015,
  Materials: 0.02,
  "Communication Services": 0.009,
  "Consumer Discretionary": 0.01,
  "Information Technology": 0.008,
};
/** The share of each sector's companies that pay a dividend. */
const sectorPayerShare: Record<string, number> = {
  Utilities: 1,
  "Consumer Staples": 0.95,
  "Real Estate": 0.95,
  Energy: 0.9,
  Financials: 0.85,
  "Health Care": 0.7,
  Industrials: 0.8,
  Materials: 0.8,
  "Communication Services": 0.4,
  "Consumer Discretionary": 0.5,
  "Information Technology": 0.55,
};
/** Known payers and non-payers among the curated companies, whatever the dice say. */
const PAYERS = new Set(["AAPL", "MSFT", "JPM", "KO", "NVDA", "JNJ", "PG", "XOM", "PEP", "HD"]);
const NON_PAYERS = new Set(["TSLA", "AMZN", "BRK.B", "NFLX", "AMD", "ADBE", "CMG"]);
/** Dividends are raised once a year, by about this much. */
const ANNUAL_DIVIDEND_GROWTH = 0.05;
/** Declared dividends are announced about a quarter ahead of their ex-date. */
const DECLARED_AHEAD_DAYS = 90;

interface DividendPolicy {
  /** Annual yield on the reference close. */
  annualYield: number;
  /** 0, 1 or 2: which month of each quarter the ex-date falls in. */
  monthOffset: number;
  exDay: number;
  payLagDays: number;
}

function onOrAfterTradingDay(date: IsoDate): IsoDate {
  return isTradingDay(date) ? date : nextTradingDay(date);
}

export class SimCorporateActions {
  private readonly policies = new Map<string, DividendPolicy | null>();

  constructor(
    private readonly random: KeyedRandom,
    private readonly profiles: ReadonlyMap<string, CompanyProfile>,
  ) {}

  splitsOf(symbol: string): SimSplit[] {
    return SIM_SPLITS.filter((split) => split.symbol === symbol);
  }

  /**
   * What the anchor-day path is divided by to give the traded price on `date`: the product of
   * the ratios of the splits after the anchor up to `date`, or of the inverse ratios of the
   * splits after `date` up to the anchor.
   */
  splitFactor(symbol: string, date: IsoDate): number {
    let factor = 1;
    for (const split of this.splitsOf(symbol)) {
      const ratio = split.to / split.from;
      if (split.exDate > SIM_ANCHOR_DATE && split.exDate <= date) factor *= ratio;
      if (split.exDate > date && split.exDate <= SIM_ANCHOR_DATE) factor /= ratio;
    }
    return factor;
  }

  private policy(profile: CompanyProfile): DividendPolicy | null {
    const known = this.policies.get(profile.symbol);
    if (known !== undefined) return known;
    const share = sectorPayerShare[profile.sector] ?? 0.5;
    const pays =
      PAYERS.has(profile.symbol) ||
      (!NON_PAYERS.has(profile.symbol) &&
        this.random.uniform("dividend-payer", profile.symbol) < share);
    const policy = pays
      ? {
          annualYield:
            (sectorYield[profile.sector] ?? 0.015) *
            (0.6 + 0.8 * this.random.uniform("dividend-yield", profile.symbol)),
          monthOffset: this.random.integer(0, 2, "dividend-month", profile.symbol),
          exDay: this.random.integer(5, 25, "dividend-day", profile.symbol),
          payLagDays: this.random.integer(14, 30, "dividend-pay", profile.symbol),
        }
      : null;
    this.policies.set(profile.symbol, policy);
    return policy;
  }

  /** Splits up to `today`, newest first (a split is only known once it happens). */
  splits(profile: CompanyProfile, today: IsoDate): CorporateAction[] {
    return this.splitsOf(profile.symbol)
      .filter((split) => split.exDate <= today && split.exDate >= profile.listDate)
      .map((split) => ({
        symbol: profile.symbol,
        type: "split" as const,
        exDate: split.exDate,
        splitFrom: String(split.from),
        splitTo: String(split.to),
      }))
      .reverse();
  }

  /** Quarterly dividends from the start of the history to those declared ahead of `today`. */
  dividends(profile: CompanyProfile, today: IsoDate): CorporateAction[] {
    const policy = this.policy(profile);
    if (!policy) return [];
    const first = profile.listDate > SIM_HISTORY_START ? profile.listDate : SIM_HISTORY_START;
    const last = addDays(today, DECLARED_AHEAD_DAYS);
    // The yield is on the reference close, in the path's (anchor-day) shares.
    const referencePrice =
      profile.model.reference.close *
      this.splitFactor(profile.symbol, profile.model.reference.date);
    const quarterlyDollars = (referencePrice * policy.annualYield) / 4;
    const actions: CorporateAction[] = [];
    for (let year = yearOf(first); year <= yearOf(last); year++) {
      for (let quarter = 0; quarter < 4; quarter++) {
        const month = quarter * 3 + policy.monthOffset + 1;
        const nominal = `${year}-${String(month).padStart(2, "0")}-${String(policy.exDay).padStart(2, "0")}`;
        const exDate = onOrAfterTradingDay(nominal);
        if (exDate < first || exDate > last) continue;
        const grown = quarterlyDollars * (1 + ANNUAL_DIVIDEND_GROWTH) ** (year - 2025);
        // Per share of the ex-date: a split before it divides the dividend too.
        const cents = Math.max(
          1,
          Math.round((grown * 100) / this.splitFactor(profile.symbol, exDate)),
        );
        actions.push({
          symbol: profile.symbol,
          type: "dividend",
          exDate,
          payDate: onOrAfterTradingDay(addDays(exDate, policy.payLagDays)),
          cashAmount: fromScaled(cents, 2),
        });
      }
    }
    return actions.reverse();
  }
}
