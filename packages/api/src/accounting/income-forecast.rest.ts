import {
  INCOME_CALENDAR_DEFAULT_DAYS,
  INCOME_CALENDAR_MAX_DAYS,
  incomeCalendar,
  incomeCalendarInput,
  incomeForecast,
  incomeForecastInput,
} from "@ledgerline/contracts";
import { restRoute } from "../platform/rest/route";

const accountRefusal = { 404: "No investment account of the user has this id" };

export const incomeForecastRoutes = [
  restRoute({
    method: "GET",
    url: "/income/calendar",
    operationId: "getIncomeCalendar",
    tag: "Portfolio",
    summary:
      "The dividends ahead of the stocks the signed-in user holds, with what each should pay",
    description: [
      `Every dividend of a held stock whose ex-date or pay date falls between \`from\` and \`to\` (YYYY-MM-DD; default from today for ${INCOME_CALENDAR_DEFAULT_DAYS} days), by pay date. \`declared: true\` for the market's declared dividends; \`false\` for the ones expected after them at the stock's rhythm (monthly, quarterly, semiannual or annual, from its latest ex-dates) and last amount.`,
      "",
      "`amount` is the shares held at the ex-date (those held now for an ex-date ahead) × `amountPerShare`, an exact decimal string; `total` adds the dividends paid in the window. With `accountId`, that investment account's holdings alone.",
      "",
      `400 when \`to\` is before \`from\` or the window is longer than ${INCOME_CALENDAR_MAX_DAYS} days, or for a date not YYYY-MM-DD; 404 for an \`accountId\` not the user's.`,
    ].join("\n"),
    access: "user",
    refusals: accountRefusal,
    query: incomeCalendarInput,
    response: incomeCalendar,
    call: (caller, { query }) => caller.income.calendar(query),
  }),
  restRoute({
    method: "GET",
    url: "/income/forecast",
    operationId: "getIncomeForecast",
    tag: "Portfolio",
    summary:
      "What the signed-in user's stocks should pay over this month and the next eleven, with each holding's yield on cost and current yield",
    description: [
      "`months`: each month's expected dividends by pay date (from today on), declared or expected at each stock's rhythm, as the calendar gives them. `holdings`: each stock held with its inferred `frequency`, the declared (or last) `amountPerShare`, and `annualIncome` = shares held × amount × payments a year; `yieldOnCost` = annual income / cost basis and `currentYield` = annual income / market value, ratios to six decimals (null when the base is zero).",
      "",
      "All amounts are exact decimal strings. With `accountId`, that investment account's holdings alone; 404 for an `accountId` not the user's.",
    ].join("\n"),
    access: "user",
    refusals: accountRefusal,
    query: incomeForecastInput,
    response: incomeForecast,
    call: (caller, { query }) => caller.income.forecast(query),
  }),
];
