import type { FxRates, PortfolioHistory } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../src/lib/format";
import { axisTicks, plotted } from "../src/routes/_app/portfolio-summary/-components/ValueChart";
import {
  basisOption,
  valueChartDescription,
} from "../src/routes/_app/portfolio-summary/-components/value-chart-figures";
import {
  chartMoney,
  historyInCurrency,
  rateRow,
} from "../src/routes/_app/portfolio-summary/-components/value-chart-money";

const eur: FxRates = {
  currency: "EUR",
  latest: { date: "2026-11-30", rate: "0.9300" },
  days: [
    { date: "2026-11-25", rate: "0.9000" },
    { date: "2026-11-26", rate: "0.9100" },
    { date: "2026-11-27", rate: "0.9200" },
    { date: "2026-11-30", rate: "0.9300" },
  ],
};

const point = (date: string, totalValue: string, costBasis: string, cashValue?: string) => ({
  date,
  stockValue: totalValue,
  cryptoValue: "0",
  totalValue,
  costBasis,
  ...(cashValue === undefined ? {} : { cashValue }),
});

const history: PortfolioHistory = {
  points: [
    point("2026-11-25", "1000", "900"),
    point("2026-11-27", "1000", "900", "100"),
    // A Saturday: the Friday's rate.
    point("2026-11-28", "2000", "900"),
    point("2026-11-30", "1000.01", "900"),
  ],
  unpricedSymbols: [],
  benchmark: {
    symbol: "SPY",
    basis: "contributions",
    points: [
      { date: "2026-11-25", value: "950" },
      { date: "2026-11-28", value: "960" },
    ],
  },
};

describe("the value chart in the display currency", () => {
  it("converts each point at its own day's rate, a weekend's at the Friday's", () => {
    const shown = historyInCurrency(history, chartMoney(eur));
    expect(shown.points.map((p) => p.totalValue)).toEqual(["900", "920", "1840", "930.0093"]);
    expect(shown.points.map((p) => p.costBasis)).toEqual(["810", "828", "828", "837"]);
    expect(shown.points[1]?.cashValue).toBe("92");
    expect(shown.points[0]).not.toHaveProperty("cashValue");
    // The "same money in SPY" line is money too, at its own days' rates.
    expect(shown.benchmark?.points.map((p) => p.value)).toEqual(["855", "883.2"]);
  });

  it("leaves a return benchmark (a ratio) and USD histories as they are", () => {
    const returns: PortfolioHistory = {
      ...history,
      benchmark: { symbol: "SPY", basis: "return", points: [{ date: "2026-11-25", value: "0.1" }] },
    };
    expect(historyInCurrency(returns, chartMoney(eur)).benchmark).toBe(returns.benchmark);
    expect(historyInCurrency(history, chartMoney(undefined))).toBe(history);
    expect(
      historyInCurrency(history, chartMoney({ currency: "USD", latest: null, days: [] })),
    ).toBe(history);
  });

  it("says in the tooltip which rate a day's figures were converted at", () => {
    expect(rateRow(chartMoney(eur), "2026-11-29")).toEqual(["USD→EUR", "0.9200 on 2026-11-27"]);
    expect(rateRow(chartMoney(undefined), "2026-11-29")).toBeUndefined();
  });

  it("plots the shown cents, or yen, whatever the currency's sign", () => {
    expect(plotted("930.0093", "money", "EUR")).toBe(930.01);
    expect(plotted("-1049.755", "money", "CHF")).toBe(-1049.76);
    expect(plotted("12345.678", "money", "CAD")).toBe(12345.68);
    expect(plotted("149512.6", "money", "JPY")).toBe(149513);
    for (const currency of ["EUR", "GBP", "CHF", "JPY", "CAD", "AUD"]) {
      const value = plotted("61877.865", "money", currency);
      expect(formatMoney(value + 1e-7, currency)).toBe(formatMoney("61877.865", currency));
      expect(formatMoney(value - 1e-7, currency)).toBe(formatMoney("61877.865", currency));
    }
  });

  it("writes the axis and the description in the currency", () => {
    expect(axisTicks([0, 500, 1000], false, "EUR")).toEqual(["€0", "€500", "€1,000"]);
    expect(axisTicks([0, 500], false, "JPY")).toEqual(["¥0", "¥500"]);
    const shown = historyInCurrency(history, chartMoney(eur));
    expect(valueChartDescription(shown, "your portfolio's", "1M", false, "EUR")).toMatch(
      /^Line chart of your portfolio's value in EUR at each day's rate, .*: €900\.00 on .* and €930\.01 on /,
    );
  });

  it("names the display currency in the comparison toggle", () => {
    expect(basisOption("contributions")).toBe("$ in SPY");
    expect(basisOption("contributions", "EUR")).toBe("€ in SPY");
    expect(basisOption("contributions", "CHF")).toBe("CHF in SPY");
    expect(basisOption("contributions", "CAD")).toBe("CA$ in SPY");
    expect(basisOption("return", "EUR")).toBe("% return");
  });
});
