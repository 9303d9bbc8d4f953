import type { CorporateAction } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { dividendSchedule } from "./dividend-schedule";
import {
  byPayDate,
  dividendsWithin,
  forecastEnd,
  forecastFrom,
  pricedDividends,
  type ForecastStock,
} from "./income-forecast-figures";

const dividend = (
  symbol: string,
  exDate: string,
  payDate: string,
  cashAmount: string,
): CorporateAction => ({ symbol, type: "dividend", exDate, payDate, cashAmount });

/**
 * A known calendar, worked by hand. Today is 2026-03-11; the forecast runs to 2027-02-28.
 * - KO pays quarterly: 0.50 three times, then 0.55 declared for ex 2026-05-14 (paid 06-01), so
 *   0.55 is expected on ex 08-14, 11-14 and 2027-02-14 (paid 09-01, 12-01, 2027-03-01). 100 held.
 * - O pays monthly at 0.25: its last, ex 2026-02-27, is paid 2026-03-13, after today, on the 40
 *   shares held at that ex-date (50 now); then 0.25 on the 27th, paid on the 13th, each month.
 * - BRK.B never paid.
 */
const today = "2026-03-11";
const calendars: Record<string, CorporateAction[]> = {
  KO: [
    dividend("KO", "2025-08-14", "2025-09-02", "0.5"),
    dividend("KO", "2025-11-13", "2025-12-01", "0.5"),
    dividend("KO", "2026-02-12", "2026-03-02", "0.5"),
    dividend("KO", "2026-05-14", "2026-06-01", "0.55"),
  ],
  O: [
    dividend("O", "2025-12-31", "2026-01-15", "0.25"),
    dividend("O", "2026-01-30", "2026-02-13", "0.25"),
    dividend("O", "2026-02-27", "2026-03-13", "0.25"),
  ],
  "BRK.B": [],
};
const held = {
  KO: { quantity: "100", costBasis: "5000", marketValue: "5500", atExDate: new Map() },
  O: {
    quantity: "50",
    costBasis: "600",
    marketValue: "750",
    atExDate: new Map([["2026-02-27", "40"]]),
  },
  "BRK.B": { quantity: "2", costBasis: "800", marketValue: "1000", atExDate: new Map() },
};

function worked() {
  const window = { from: today, to: forecastEnd(today) };
  const stocks: ForecastStock[] = [];
  const expected = Object.entries(held).flatMap(([symbol, stock]) => {
    const schedule = dividendSchedule(calendars[symbol]!, window.to);
    stocks.push({
      symbol,
      quantity: stock.quantity,
      costBasis: stock.costBasis,
      marketValue: stock.marketValue,
      frequency: schedule.frequency,
      scheduled: schedule.dividends,
    });
    const inWindow = dividendsWithin(schedule.dividends, window);
    return pricedDividends(symbol, inWindow, today, stock.quantity, stock.atExDate);
  });
  return { window, stocks, expected: byPayDate(expected) };
}

describe("the income forecast from a known calendar", () => {
  it("lists each dividend of the window on the shares held at its ex-date", () => {
    const { window, expected } = worked();
    expect(window).toEqual({ from: "2026-03-11", to: "2027-02-28" });
    const entry = (
      symbol: string,
      exDate: string,
      payDate: string,
      declared: boolean,
      amountPerShare: string,
      quantity: string,
      amount: string,
    ) => ({ symbol, exDate, payDate, declared, amountPerShare, quantity, amount });
    const o = (month: string, year = "2026") =>
      entry("O", `${year}-${month}-27`, `${addMonth(year, month)}-13`, false, "0.25", "50", "12.5");
    expect(expected).toEqual([
      // Paid after today, its ex-date before: the 40 shares held then, not the 50 now.
      entry("O", "2026-02-27", "2026-03-13", true, "0.25", "40", "10"),
      o("03"),
      o("04"),
      // KO's declared 0.55 on 100 shares.
      entry("KO", "2026-05-14", "2026-06-01", true, "0.55", "100", "55"),
      o("05"),
      o("06"),
      o("07"),
      entry("KO", "2026-08-14", "2026-09-01", false, "0.55", "100", "55"),
      o("08"),
      o("09"),
      o("10"),
      entry("KO", "2026-11-14", "2026-12-01", false, "0.55", "100", "55"),
      o("11"),
      o("12"),
      o("01", "2027"),
      // Its ex-date in the window, its pay date after: listed, not counted in a month.
      entry("KO", "2027-02-14", "2027-03-01", false, "0.55", "100", "55"),
      entry("O", "2027-02-27", "2027-03-13", false, "0.25", "50", "12.5"),
    ]);
  });

  it("adds each month's pay dates, and each holding's year at its rhythm", () => {
    const { stocks, expected } = worked();
    const forecast = forecastFrom(today, stocks, expected);
    expect(forecast.from).toBe("2026-03-11");
    expect(forecast.to).toBe("2027-02-28");
    // March: O's 10 on the 40 shares; June, September, December: KO's 55 and O's 12.50.
    expect(forecast.months.map((month) => [month.month, month.amount])).toEqual([
      ["2026-03", "10"],
      ["2026-04", "12.5"],
      ["2026-05", "12.5"],
      ["2026-06", "67.5"],
      ["2026-07", "12.5"],
      ["2026-08", "12.5"],
      ["2026-09", "67.5"],
      ["2026-10", "12.5"],
      ["2026-11", "12.5"],
      ["2026-12", "67.5"],
      ["2027-01", "12.5"],
      ["2027-02", "12.5"],
    ]);
    // 10 + 11 x 12.50 + 3 x 55.
    expect(forecast.total).toBe("312.5");
    // KO: 0.55 x 100 x 4 = 220, on 5,000 cost 4.4%, on 5,500 value 4%. O: 0.25 x 50 x 12 = 150,
    // on 600 cost 25%, on 750 value 20%. BRK.B: nothing.
    expect(forecast.holdings).toEqual([
      {
        symbol: "KO",
        frequency: "quarterly",
        amountPerShare: "0.55",
        quantity: "100",
        annualIncome: "220",
        costBasis: "5000",
        marketValue: "5500",
        yieldOnCost: "0.044",
        currentYield: "0.04",
      },
      {
        symbol: "O",
        frequency: "monthly",
        amountPerShare: "0.25",
        quantity: "50",
        annualIncome: "150",
        costBasis: "600",
        marketValue: "750",
        yieldOnCost: "0.25",
        currentYield: "0.2",
      },
      {
        symbol: "BRK.B",
        frequency: null,
        amountPerShare: null,
        quantity: "2",
        annualIncome: "0",
        costBasis: "800",
        marketValue: "1000",
        yieldOnCost: "0",
        currentYield: "0",
      },
    ]);
    expect(forecast.annualIncome).toBe("370");
  });

  it("gives no entry for a passed ex-date when no shares were held at it", () => {
    const { dividends } = dividendSchedule(calendars.O!, "2026-03-31");
    expect(
      pricedDividends(
        "O",
        dividendsWithin(dividends, { from: today, to: "2026-03-31" }),
        today,
        "50",
        new Map(),
      ),
    ).toEqual([
      {
        symbol: "O",
        exDate: "2026-03-27",
        payDate: "2026-04-13",
        declared: false,
        amountPerShare: "0.25",
        quantity: "50",
        amount: "12.5",
      },
    ]);
  });
});

/** The month after `month` of `year`, as YYYY-MM. */
function addMonth(year: string, month: string): string {
  const next = Number(month) + 1;
  return next > 12 ? `${Number(year) + 1}-01` : `${year}-${String(next).padStart(2, "0")}`;
}
