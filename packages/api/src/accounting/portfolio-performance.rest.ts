import {
  historyUpdate,
  holdingsPerformance,
  portfolioHistory,
  portfolioHistoryQuery,
  portfolioPerformance,
  portfolioPerformanceInput,
} from "@ledgerline/contracts";
import { restRoute } from "../platform/rest/route";

export const portfolioPerformanceRoutes = [
  restRoute({
    method: "GET",
    url: "/portfolio/performance",
    operationId: "getPortfolioPerformance",
    tag: "Portfolio",
    summary:
      "The signed-in user's returns over a range (1M, 3M, 6M, YTD, 1Y, ALL): time-weighted and money-weighted (XIRR) return, realized and unrealized gain, income and total return, with the S&P 500 (SPY) total return over the same days",
    description:
      "Amounts are exact decimal strings and ratios decimal strings (0.1234 = 12.34%). The period starts at the close of `startDate` and ends today at current prices. `netFlows` is the buys' cost (fees included) less the sells' proceeds (net of fees) after the start; `unrealizedGain` is the change of market value less cost basis over the period (over ALL, market value less cost basis), so `totalReturn` = `unrealizedGain` + `realizedGain` + `income` = `endValue` - `startValue` - `netFlows` + `income`. The time-weighted return is cumulative over the period, not annualised; the money-weighted return is the annual XIRR, and `moneyWeightedReturnCumulative` the same over the period (from its first cash flow to its last; the one to show for a period under a year). Dividends paid count in both returns: as money leaving the portfolio for the investor on the pay date in the time-weighted return (one paid after everything was sold on the day of that sale, beside its proceeds), as money received in the XIRR. The benchmark's return is its total return, close to close with its cash dividends reinvested on their ex-dates. A return is null when nothing was held, or no rate solves it. With `accountId`, the figures are that investment account's alone: its own trades (replayed) and dividends. The realized gain follows each account's cost-basis method: at average cost while every account counted is `average`; otherwise the sum of each account's, proceeds less the cost of the lots its method sold (wash-sale adjustments are left to the tax report), the unrealized gain being the rest of the same total return. An account that tracks its cash holds it in its value, and its deposits, withdrawals and cash transfers are its flows, not its trades. All accounts together, when one or more track cash: each account under its own basis, added up day by day, so a cash transfer between two tracked accounts is no flow.",
    access: "user",
    query: portfolioPerformanceInput,
    response: portfolioPerformance,
    call: (caller, { query }) => caller.portfolioSummary.performance(query),
  }),
  restRoute({
    method: "GET",
    url: "/portfolio/performance/holdings",
    operationId: "getPortfolioHoldingsPerformance",
    tag: "Portfolio",
    summary:
      "Each holding's returns over a range (1M, 3M, 6M, YTD, 1Y, ALL): time-weighted and money-weighted (XIRR) return, realized and unrealized gain, income and total return",
    description:
      "The portfolio's definitions applied to each holding alone: its flows are its own buys (in) and sells (out) after `startDate`, and its dividends paid (out to the investor in the time-weighted return, received in the XIRR); its values are its quantity at each day's close, and today at the current price. With `accountId`, that investment account's holdings alone (its own trades and dividends). Listed: every holding held at the start, traded or paid a dividend in the period, stocks first, by symbol.",
    access: "user",
    query: portfolioPerformanceInput,
    response: holdingsPerformance,
    call: (caller, { query }) => caller.portfolioSummary.holdingPerformance(query),
  }),
  restRoute({
    method: "GET",
    url: "/portfolio/history",
    operationId: "getPortfolioHistory",
    tag: "Portfolio",
    summary:
      "The signed-in user's portfolio value at each day's close over a range (1M, 3M, 6M, YTD, 1Y, ALL), with its cost basis, beside the S&P 500 (SPY) compared like with like: the value chart's data",
    description:
      "Amounts are exact decimal strings, ratios decimal strings (0.1234 = 12.34%). Each point is a calendar day (UTC) at its close, the last one today at current prices; ALL starts at the first trade, as the returns' ALL does. `benchmark` says how SPY is compared (`benchmark.basis`): with `contributions` (the default), each of its points is the money the portfolio's own net contributions would be worth had they gone into SPY on the same days: the value at the start when the range starts after the first trade, then each day's buys at cost less its sells' proceeds put in or taken out at that day's close, SPY's cash dividends reinvested on their ex-dates, in cents (below zero when more was taken out than that SPY was worth). The portfolio's own dividends are paid out to the investor, not into its value. With `return`, each point also carries `timeWeightedReturn`, the portfolio's cumulative time-weighted return from the close the range starts from (for ALL, and a range reaching back before the first trade, the eve of the first trade), and SPY's points are its cumulative total return from the same close; the last of each is the `timeWeightedReturn` and `benchmark.timeWeightedReturn` of `GET /api/portfolio/performance` for the same range. Neither is annualised. With `accountId`, the values, returns and dividends are that investment account's alone, and ALL starts at its first trade.",
    access: "user",
    query: portfolioHistoryQuery,
    response: portfolioHistory,
    call: (caller, { query }) => caller.portfolioSummary.history(query),
  }),
  restRoute({
    method: "GET",
    url: "/portfolio/history/update",
    operationId: "getPortfolioHistoryUpdate",
    tag: "Portfolio",
    summary:
      "Whether the signed-in user's daily history is being recomputed after a back-dated change, and from which day",
    description:
      "`updating` is true from the moment a trade, import, split or account move dated before today is saved until the recompute of the daily history it restates has stored its days; `from` is the first day restated (a calendar date, UTC), null when nothing is being recomputed. Meanwhile the summary answers with its figures replayed on the spot, and `GET /api/portfolio/history`, the returns, risk and monthly returns answer at once from the history stored before the change, with `updating.from` (the chart's points stop before that day; the figures over a period are not final); before any history is stored (the first recompute) they wait for it. Ask again every second or so to know when it has ended, then read them again.",
    access: "user",
    response: historyUpdate,
    call: (caller) => caller.portfolioSummary.historyUpdate(),
  }),
];
