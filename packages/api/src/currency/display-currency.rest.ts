import * as contracts from "@ledgerline/contracts";
import { marketRefusals, restRoute } from "../platform/rest/route";

export const displayCurrencyRoutes = [
  restRoute({
    method: "GET",
    url: "/users/display-currency",
    operationId: "getDisplayCurrency",
    tag: "Account settings",
    summary: "The currency the signed-in user's figures are shown in",
    access: "user",
    response: contracts.displayCurrencySetting,
    call: (caller) => caller.displayCurrency.get(),
  }),
  restRoute({
    method: "PUT",
    url: "/users/display-currency",
    operationId: "setDisplayCurrency",
    tag: "Account settings",
    summary: "Show the signed-in user's figures in USD, EUR, GBP, CHF, JPY, CAD or AUD",
    description: "Amounts stay stored in USD; an unknown currency is a 400 and changes nothing.",
    access: "user",
    body: contracts.displayCurrencySetting,
    response: contracts.displayCurrencySetting,
    call: (caller, { body }) => caller.displayCurrency.set(body),
  }),
  restRoute({
    method: "GET",
    url: "/fx/rates",
    operationId: "getDisplayCurrencyRates",
    tag: "Account settings",
    summary: "USD→display-currency rates of the days from..to, and the latest",
    description:
      "`days` holds each rate published in the range and the last one before it: a figure of a weekend or a holiday is converted at the previous published day's rate. In USD nothing is converted and no rates are answered.",
    access: "user",
    refusals: marketRefusals,
    query: contracts.fxRatesInput,
    response: contracts.fxRates,
    call: (caller, { query }) => caller.displayCurrency.rates(query),
  }),
];
