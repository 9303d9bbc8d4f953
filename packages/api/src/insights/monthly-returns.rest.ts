import { monthlyReturns, monthlyReturnsInput } from "@ledgerline/contracts";
import { restRoute } from "../platform/rest/route";

export const monthlyReturnsRoutes = [
  restRoute({
    method: "GET",
    url: "/portfolio/returns/monthly",
    operationId: "getMonthlyReturns",
    tag: "Portfolio",
    summary:
      "The signed-in user's time-weighted return for each month and each year since the first trade, beside the S&P 500's (SPY) total return for each year",
    description: [
      "Worked from the value chart's return line over everything held (`GET /api/portfolio/history?range=ALL&benchmark=return`), so deposits, withdrawals and buys paid from outside are not returns. Each close is read as a growth index (1 + its time-weighted return).",
      "",
      "- A month's return is its last close's growth over the last close before the month (1 before the first), less 1; null for a month with no close (nothing held).",
      "- A year's `total` is the same from the last close before the year, so its months compound to it; `benchmarkTotal` is SPY's total return over the same closes, null without its prices.",
      "",
      "Ratios are exact decimal strings to eight places (0.0123 = 1.23%). Years run oldest first. With `accountId`, that investment account's alone; 404 for an `accountId` not the user's.",
    ].join("\n"),
    access: "user",
    refusals: { 404: "No investment account of the user has this id" },
    query: monthlyReturnsInput,
    response: monthlyReturns,
    call: (caller, { query }) => caller.insights.monthlyReturns(query),
  }),
];
