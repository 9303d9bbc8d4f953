import { z } from "zod";
import { historyUpdating } from "./history-updating";
import { calendarDate, decimalString } from "../market/market";
import { accountIdFilter } from "../accounts/investment-accounts";
import { costBasisMethods } from "../accounts/investment-account-constants";
import { assetKinds } from "../trading/transaction-columns";
import {
  benchmarkBases,
  DEFAULT_BENCHMARK_BASIS,
  DEFAULT_PORTFOLIO_HISTORY_RANGE,
  performanceRanges,
  portfolioHistoryRanges,
} from "../trading/portfolio-constants";

/**
 * The portfolio summary (spec sections 2, 3 and 9), all computed on the server in exact
 * arithmetic. One set of definitions everywhere:
 *   current value = quantity x current price
 *   cost basis    = quantity x average purchase price (the spec's "stock portfolio value")
 *   gain/loss     = current value - cost basis
 *   gain/loss %   = gain/loss / cost basis x 100
 * Amounts are exact decimal strings; percents are numbers rounded to 4 decimals.
 */
export const summaryFigures = z.object({
  currentValue: decimalString,
  costBasis: decimalString,
  gainLoss: decimalString,
  /** Null when there is no cost basis to compare with. */
  gainLossPercent: z.number().nullable(),
});
export type SummaryFigures = z.infer<typeof summaryFigures>;

export const priceSources = ["market", "last_known"] as const;
export type PriceSource = (typeof priceSources)[number];

export const summaryPosition = summaryFigures.extend({
  id: z.number().int(),
  symbol: z.string(),
  /** The company's (stocks) or the coin's name, when the market knows it. */
  name: z.string().nullable(),
  quantity: decimalString,
  averagePurchasePrice: decimalString,
  currentPrice: decimalString,
  /**
   * "market": the market's price now. "last_known": the market could not price it, so the last
   * price seen for it is used (a stored quote, or the user's last trade), as of `priceAsOf`.
   */
  priceSource: z.enum(priceSources),
  priceAsOf: z.iso.datetime({ offset: true }).nullable(),
  /** Share of the whole portfolio's current value, in percent. */
  allocationPercent: z.number().nullable(),
  /**
   * Today's change of the holding: quantity x the market's change per unit since the previous
   * close (coins: over 24 hours). Null for a last known price, which tells no change.
   */
  todayChange: decimalString.nullable(),
  /** That change against the holding's value before it, in percent; null with no change known. */
  todayChangePercent: z.number().nullable(),
  /**
   * Sum over the symbol's sells of quantity x (sell price - average price at the time) - the
   * sell's fee (a buy's fee is in the average price).
   */
  realizedGain: decimalString,
});
export type SummaryPosition = z.infer<typeof summaryPosition>;

export const summarySection = z.object({
  positions: z.array(summaryPosition),
  totals: summaryFigures,
  /** This section's share of the whole portfolio's current value, in percent. */
  allocationPercent: z.number().nullable(),
});
export type SummarySection = z.infer<typeof summarySection>;

export const portfolioSummary = z.object({
  stocks: summarySection,
  crypto: summarySection,
  /** Stocks plus crypto. */
  total: summaryFigures,
  /** Today's change of the holdings the market prices (coins: 24 hours); null when none. */
  today: z.object({ change: decimalString, changePercent: z.number().nullable() }).nullable(),
  pricedAt: z.iso.datetime({ offset: true }),
  returns: z.object({
    /** Average-cost realized gain of every sell, closed positions included. */
    realizedGain: decimalString,
    /** Current value - cost basis of what is held (the total's gain/loss). */
    unrealizedGain: decimalString,
    /** Dividends received. */
    income: decimalString,
    /** Unrealized + realized + income. */
    totalReturn: decimalString,
  }),
});
export type PortfolioSummary = z.infer<typeof portfolioSummary>;

export const portfolioHistoryInput = z.object({
  /** Any other value means the default, so a stale link never errors. */
  range: z.enum(portfolioHistoryRanges).catch(DEFAULT_PORTFOLIO_HISTORY_RANGE),
  benchmark: z.enum(benchmarkBases).catch(DEFAULT_BENCHMARK_BASIS),
  accountId: accountIdFilter,
});
export type PortfolioHistoryInput = z.output<typeof portfolioHistoryInput>;

/** The REST door's query: there a range or a benchmark it does not know is a 400 that names it. */
export const portfolioHistoryQuery = z.object({
  range: z.enum(portfolioHistoryRanges),
  benchmark: z.enum(benchmarkBases).default(DEFAULT_BENCHMARK_BASIS),
  accountId: accountIdFilter,
});

export const portfolioHistoryPoint = z.object({
  /** A calendar day (UTC); its values are at that day's close. */
  date: calendarDate,
  stockValue: decimalString,
  cryptoValue: decimalString,
  totalValue: decimalString,
  costBasis: decimalString,
  /**
   * The cash held at that close by the cash-tracked accounts shown (issue 31), inside
   * `totalValue` beside the stocks and crypto; absent when none of them tracks its cash.
   */
  cashValue: decimalString.optional(),
  /**
   * With `benchmark=return` only: the time-weighted return from the range's start to this close
   * (0.1234 = 12.34%, cumulative, not annualised), as the returns compute it; its last is theirs
   * for the range. Null while nothing has been held since the start.
   */
  timeWeightedReturn: decimalString.nullable().optional(),
});
export type PortfolioHistoryPoint = z.infer<typeof portfolioHistoryPoint>;

export const portfolioHistory = z.object({
  /** From the first trade (ALL, or a range reaching back before it) or the range's first day. */
  points: z.array(portfolioHistoryPoint),
  /** While the history is recomputed: the points stop before `updating.from`. */
  updating: historyUpdating,
  /** Held symbols whose daily history could not be loaded; they are valued at their last trade. */
  unpricedSymbols: z.array(z.string()),
  /**
   * The benchmark (SPY) on the points' days, as `basis` says. "contributions": the money the
   * portfolio's own net contributions (buys at cost less sells' proceeds; its value at the start
   * when the range starts after the first trade) would be worth had each been put into SPY, or
   * taken out of it, at the close of its day, SPY's dividends reinvested: a 'what if I had bought
   * SPY' line, in cents. "return": SPY's cumulative total return (dividends reinvested) from the
   * close the range starts from (for ALL, and a range from before the first trade, the eve of the
   * first trade), a ratio; its last is the returns' benchmark figure for the range. Null when the
   * market has no bars for it.
   */
  benchmark: z
    .object({
      symbol: z.string(),
      basis: z.enum(benchmarkBases),
      points: z.array(z.object({ date: calendarDate, value: decimalString })),
    })
    .nullable(),
});
export type PortfolioHistory = z.infer<typeof portfolioHistory>;

/**
 * The returns over a period (issue 15). Amounts are exact decimal strings, ratios decimal strings
 * (0.1234 = 12.34%). The start is the value at the close of `startDate` (0 before the first
 * trade); flows are the money put in by buys (quantity x price + fee) less the proceeds of sells
 * (quantity x price - fee), after `startDate` up to `endDate` (today, at current prices). Over the
 * period:
 *   realizedGain   = sum over its sells of quantity x (sell price - average price at the time) - fee
 *                    for average-cost accounts; once an account counted uses another method, the
 *                    sum of each account's: proceeds less the cost of the lots its method sold
 *   unrealizedGain = the change of (market value - cost basis); over ALL, market value - cost basis
 *   totalReturn    = unrealizedGain + realizedGain + income = endValue - startValue - netFlows + income
 * timeWeightedReturn chain-links the returns between flows (not annualised); moneyWeightedReturn
 * is the XIRR of the start value, the flows, the dividends received and the end value
 * (annualised). A dividend is a distribution to the investor on its pay date: an outflow in the
 * time-weighted return, money received in the XIRR; one paid after everything was sold counts in
 * the time-weighted return on the day of that sale, beside its proceeds. Null when nothing was
 * held in the period, or no rate solves it.
 */
/** A range of returns (each holding's returns read it alone). */
export const performanceRangeInput = z.object({ range: z.enum(performanceRanges) });
/** The portfolio's returns: over a range, of one investment account or of all. */
export const portfolioPerformanceInput = performanceRangeInput.extend({
  accountId: accountIdFilter,
});
export type PortfolioPerformanceInput = z.output<typeof portfolioPerformanceInput>;

const ratioString = decimalString.nullable();
const datedAmount = z.object({ date: calendarDate, amount: decimalString });

/** The figures of a period, for the portfolio and for each holding. */
const periodFigures = {
  startValue: decimalString,
  endValue: decimalString,
  netFlows: decimalString,
  timeWeightedReturn: ratioString,
  moneyWeightedReturn: ratioString,
  /**
   * The money-weighted return over the period itself: (1 + moneyWeightedReturn)^(days from the
   * first cash flow to the end / 365) - 1. Periods under a year are shown with this one (issue 37).
   */
  moneyWeightedReturnCumulative: ratioString,
  realizedGain: decimalString,
  unrealizedGain: decimalString,
  income: decimalString,
  totalReturn: decimalString,
};

export const portfolioPerformance = z.object({
  range: z.enum(performanceRanges),
  startDate: calendarDate,
  endDate: calendarDate,
  updating: historyUpdating,
  ...periodFigures,
  benchmark: z.object({
    symbol: z.string(),
    /**
     * The benchmark's total return over the same days: close to close with its cash dividends
     * reinvested on their ex-dates. Null when it has no bars.
     */
    timeWeightedReturn: ratioString,
  }),
});
export type PortfolioPerformance = z.infer<typeof portfolioPerformance>;

/**
 * "cash": a cash-tracked account's deposits, withdrawals and cash transfers of a day; "holding":
 * holdings transferred into or out of one account at their cost, no money moving (issue 31).
 */
export const performanceFlowKinds = ["trades", "dividend", "cash", "holding"] as const;

/** How an account's returns count the money moving: by its trades, or by its cash (issue 31). */
export const flowBases = ["trades", "cash"] as const;
export type FlowBasis = (typeof flowBases)[number];

/** What the figures are computed from, so a user can check them by hand. */
export const performanceExplanation = z.object({
  /**
   * The time-weighted return's external flows: each day's trades (buys at cost less sells'
   * proceeds) and each dividend paid, negative: it leaves the portfolio for the investor.
   */
  flows: z.array(
    datedAmount.extend({
      kind: z.enum(performanceFlowKinds),
      /** The dividend's stock; null for a day's trades. */
      symbol: z.string().nullable(),
    }),
  ),
  /**
   * Whose money the flows are, and how it is counted (issue 31): `trades`, an account's buys and
   * sells (and its dividends paid out); `cash`, a cash-tracked account's deposits, withdrawals and
   * cash transfers (its trades and dividends stay inside it). `count`: the flows of that source in
   * `flows`.
   */
  flowSources: z.array(
    z.object({
      basis: z.enum(flowBases),
      accounts: z.array(z.object({ id: z.number().int(), name: z.string() })),
      count: z.number().int(),
    }),
  ),
  /**
   * How the realized gain costs what was sold (issue 32): each cost-basis method the accounts
   * counted use, with those accounts. Average-cost accounts keep the average-cost figures; the
   * others are their lots' (proceeds less the cost of the lots sold, wash-sale adjustments left
   * to the tax report). The unrealized gain is the rest of the total return, which no method changes.
   */
  realizedMethods: z.array(
    z.object({
      method: z.enum(costBasisMethods),
      accounts: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
  /** The time-weighted return's pieces between flows. */
  subPeriods: z.array(
    z.object({
      from: calendarDate,
      to: calendarDate,
      startValue: decimalString,
      endValue: decimalString,
      return: decimalString,
    }),
  ),
  /** The XIRR's cash flows as the investor sees them: paid in negative, received positive. */
  cashFlows: z.array(datedAmount),
  benchmark: z.object({
    startClose: decimalString.nullable(),
    endClose: decimalString.nullable(),
    /** Its dividends with an ex-date in the period, per share, and the closes around each. */
    dividends: z.array(
      z.object({
        exDate: calendarDate,
        amount: decimalString,
        previousClose: decimalString,
        exClose: decimalString,
      }),
    ),
  }),
});
export type PerformanceExplanation = z.infer<typeof performanceExplanation>;

/** The tRPC answer: the REST figures and their explanation. */
export const portfolioPerformanceDetail = portfolioPerformance.extend({
  explanation: performanceExplanation,
});
export type PortfolioPerformanceDetail = z.infer<typeof portfolioPerformanceDetail>;

/** The landing page's Quick Overview tiles. */
export const overviewCounts = z.object({
  savedStocks: z.number().int(),
  savedCrypto: z.number().int(),
  /** Distinct symbols held. */
  stocksOwned: z.number().int(),
  cryptoOwned: z.number().int(),
});
export type OverviewCounts = z.infer<typeof overviewCounts>;

/**
 * Each holding's returns over a period (issue 15), on the same definitions as the portfolio's:
 * its flows are its own buys (in) and sells (out) and its dividends paid (out, to the investor),
 * its values its quantity at each day's close. Listed: what was held at the start, traded or
 * paid a dividend in the period.
 */
export const holdingPerformance = z.object({
  assetType: z.enum(assetKinds),
  symbol: z.string(),
  ...periodFigures,
});
export type HoldingPerformance = z.infer<typeof holdingPerformance>;

export const holdingsPerformance = z.object({
  range: z.enum(performanceRanges),
  startDate: calendarDate,
  endDate: calendarDate,
  updating: historyUpdating,
  holdings: z.array(holdingPerformance),
});
export type HoldingsPerformance = z.infer<typeof holdingsPerformance>;

/**
 * Whether the user's daily history is being recomputed (a back-dated trade, an import, a
 * dividend restated it): `from` is the first day it restates, null once the history is current.
 * The value chart and the returns read the days before `from` as they were; from it on they
 * catch up when the recompute ends.
 */
export const historyUpdate = z.object({
  updating: z.boolean(),
  from: calendarDate.nullable(),
});
export type HistoryUpdate = z.infer<typeof historyUpdate>;
