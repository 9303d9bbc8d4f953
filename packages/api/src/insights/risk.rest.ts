import { portfolioPerformanceInput, portfolioRisk } from "@ledgerline/contracts";
import { restRoute } from "../platform/rest/route";

export const riskRoutes = [
  restRoute({
    method: "GET",
    url: "/portfolio/risk",
    operationId: "getPortfolioRisk",
    tag: "Portfolio",
    summary:
      "How risky the signed-in user's portfolio has been over a range (1M, 3M, 6M, YTD, 1Y, ALL): annualized volatility, maximum drawdown with its peak, trough and recovery, Sharpe ratio, and beta and correlation against the S&P 500 (SPY)",
    description: [
      "Worked from the value chart's return line (`GET /api/portfolio/history?benchmark=return`): each close's time-weighted return from the range's start, so deposits, withdrawals and buys paid from outside are not returns. Ratios are exact decimal strings to eight places (0.1234 = 12.34%), worked in integers (square roots too): no float touches a return.",
      "",
      "- The daily returns are from one weekday close to the next (a weekend's moves fall into Monday's). `volatility` is their sample standard deviation x the square root of `tradingDaysPerYear` (252).",
      "- `sharpeRatio` is (the mean daily return x 252 - `riskFreeRate`) / `volatility`; the rate is the server's `RISK_FREE_RATE`, 0 by default.",
      "- `beta` is the covariance of the daily returns with SPY's total return on the same days / SPY's variance; `correlation` the covariance / both standard deviations.",
      "- `maxDrawdown` is the deepest fall of the growth index (1 + the time-weighted return) from a high over every close of the chart, at or below 0; `recoveryDate` the first close back at the peak, null while it has not come back; the dates are null when it never fell.",
      "",
      "A figure that cannot be worked (nothing held, fewer than 2 daily returns, nothing varied, no SPY prices) is null with a `reason`. With `accountId`, that investment account's alone. 400 for a `range` not in the list; 404 for an `accountId` not the user's.",
    ].join("\n"),
    access: "user",
    refusals: { 404: "No investment account of the user has this id" },
    query: portfolioPerformanceInput,
    response: portfolioRisk,
    call: (caller, { query }) => caller.insights.risk(query),
  }),
];
