import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  divide,
  dividendReinvestedReturn,
  dividendReinvestedReturns,
  moneyWeightedReturn,
  multiply,
  round,
  subtract,
  timeWeightedReturn,
  type DailyValue,
} from "../src";

describe("total return with dividends reinvested on their ex-dates", () => {
  it("chains (ex-date close + dividend) / previous close into the price return: a worked example", () => {
    // 100 at the start, 110 the day before the ex-date, 108 on it after a 2.00 dividend, 120 at
    // the end: 110/100 x (108 + 2)/110 x 120/108 - 1 = 1.1 x 1 x 1.11111... - 1. The price alone
    // returns 120/100 - 1 = 20%.
    expect(
      dividendReinvestedReturn("100", "120", [
        { exDate: "2025-03-21", amount: "2", previousClose: "110", exClose: "108" },
      ]),
    ).toBe("0.22222222");
    expect(dividendReinvestedReturn("100", "120", [])).toBe("0.2");
  });

  it("links two dividends through the closes between them", () => {
    // 400 -> 410 before the first (1.50), 409 on it; 420 before the second (1.60), 419 on it; 430:
    // 410/400 x 410.5/410 x 420/409 x 420.6/420 x 430/419 - 1.
    const answer = dividendReinvestedReturn("400", "430", [
      { exDate: "2025-03-21", amount: "1.5", previousClose: "410", exClose: "409" },
      { exDate: "2025-06-20", amount: "1.6", previousClose: "420", exClose: "419" },
    ]);
    const expected = (410.5 / 400) * (420.6 / 409) * (430 / 419) - 1;
    expect(answer).toBe(expected.toFixed(8));
  });

  it("has no answer without a start close", () => {
    expect(dividendReinvestedReturn("0", "120", [])).toBeNull();
  });

  it("gives each day of a line the return to it, the same as on its own with the dividends gone ex by then", () => {
    const cents = fc.integer({ min: 1, max: 100_000 }).map((c) => (c / 100).toFixed(2));
    const dividend = fc
      .record({ amount: cents, previousClose: cents, exClose: cents })
      .map((d) => ({ ...d, exDate: "2025-03-21" }));
    fc.assert(
      fc.property(
        cents,
        fc.array(dividend, { maxLength: 6 }),
        fc.array(fc.record({ close: cents, after: fc.nat() }), { minLength: 1, maxLength: 20 }),
        (startClose, dividends, days) => {
          const ends = days.map(({ close, after }) => ({
            close,
            exGone: after % (dividends.length + 1),
          }));
          expect(dividendReinvestedReturns(startClose, dividends, ends)).toEqual(
            ends.map(({ close, exGone }) =>
              dividendReinvestedReturn(startClose, close, dividends.slice(0, exGone)),
            ),
          );
        },
      ),
    );
    // The worked example above, on the day before its ex-date, on it and at the end.
    expect(
      dividendReinvestedReturns(
        "100",
        [{ exDate: "2025-03-21", amount: "2", previousClose: "110", exClose: "108" }],
        [
          { close: "110", exGone: 0 },
          { close: "108", exGone: 1 },
          { close: "120", exGone: 1 },
        ],
      ),
    ).toEqual(["0.1", "0.1", "0.22222222"]);
  });
});

describe("money-weighted return (XIRR)", () => {
  it("gives Microsoft's XIRR documentation example: 0.373362535, 37.34%", () => {
    // https://support.microsoft.com/en-us/office/xirr-function-de1242ec-6477-445b-b11b-a303ad9adc9d
    const rate = moneyWeightedReturn([
      { date: "2008-01-01", amount: "-10000" },
      { date: "2008-03-01", amount: "2750" },
      { date: "2008-10-30", amount: "4250" },
      { date: "2009-02-15", amount: "3250" },
      { date: "2009-04-01", amount: "2750" },
    ]);
    expect(rate).not.toBeNull();
    expect(round(rate!, 4)).toBe("0.3734");
    expect(Math.abs(Number(rate) - 0.373362535)).toBeLessThan(1e-8);
  });

  it("is the plain yearly rate for one year's growth, and sums flows of one day first", () => {
    expect(
      moneyWeightedReturn([
        { date: "2021-01-01", amount: "-600" },
        { date: "2021-01-01", amount: "-400" },
        { date: "2022-01-01", amount: "1100" },
      ]),
    ).toBe("0.1");
  });

  it("finds a deep loss that Newton's first step overshoots, by bisection", () => {
    const rate = moneyWeightedReturn([
      { date: "2021-01-01", amount: "-1000" },
      { date: "2021-01-31", amount: "500" },
    ]);
    // Half lost in 30 days: 0.5^(365/30) - 1 a year.
    expect(Number(rate)).toBeCloseTo(Math.pow(0.5, 365 / 30) - 1, 8);
  });

  it("has no answer when the flows never change sign", () => {
    expect(moneyWeightedReturn([{ date: "2021-01-01", amount: "-10" }])).toBeNull();
    expect(
      moneyWeightedReturn([
        { date: "2021-01-01", amount: "10" },
        { date: "2021-02-01", amount: "5" },
      ]),
    ).toBeNull();
    expect(moneyWeightedReturn([])).toBeNull();
  });
});

describe("time-weighted return", () => {
  it("chain-links the sub-periods of the textbook example: 16.25% then -5.56%, 9.79% in all", () => {
    // Investopedia, "Time-Weighted Rate of Return": $1,000,000 grows to $1,162,484 by 15 August,
    // $100,000 is deposited, and the year ends at $1,192,328.
    const result = timeWeightedReturn([
      { date: "2020-12-31", value: "1000000", flow: "0" },
      { date: "2021-08-15", value: "1262484", flow: "100000" },
      { date: "2021-12-31", value: "1192328", flow: "0" },
    ]);
    expect(result.subPeriods).toEqual([
      {
        from: "2020-12-31",
        to: "2021-08-15",
        startValue: "1000000",
        endValue: "1162484",
        return: "0.162484",
      },
      {
        from: "2021-08-15",
        to: "2021-12-31",
        startValue: "1262484",
        endValue: "1192328",
        return: "-0.05556981",
      },
    ]);
    expect(round(result.timeWeightedReturn!, 4)).toBe("0.0979");
  });

  it("starts an empty portfolio's piece at the money put in, and skips the time nothing is held", () => {
    const result = timeWeightedReturn([
      { date: "2021-01-01", value: "0", flow: "0" },
      { date: "2021-01-02", value: "0", flow: "0" },
      // Bought 10 at 10, closed at 11.
      { date: "2021-01-03", value: "110", flow: "100" },
      { date: "2021-01-04", value: "121", flow: "0" },
      // Sold everything at 12.1.
      { date: "2021-01-05", value: "0", flow: "-121" },
      { date: "2021-01-06", value: "0", flow: "0" },
    ]);
    expect(result.subPeriods.map((period) => period.return)).toEqual(["0.21"]);
    expect(result.timeWeightedReturn).toBe("0.21");
  });

  it("has no answer when nothing was ever held", () => {
    expect(timeWeightedReturn([]).timeWeightedReturn).toBeNull();
    expect(
      timeWeightedReturn([
        { date: "2021-01-01", value: "0", flow: "0" },
        { date: "2021-01-02", value: "0", flow: "0" },
      ]).timeWeightedReturn,
    ).toBeNull();
  });
});

const amount = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 4 }))
  .map(([units, scale]) => divide(units.toString(), String(10 ** scale), scale));
const dates = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    new Date(Date.UTC(2021, 0, 1 + index * 9)).toISOString().slice(0, 10),
  );

/** Days of a portfolio: a positive start, then days with buys (+), sells (-) or no flow. */
const portfolioDays = fc
  .array(fc.tuple(amount, fc.option(fc.tuple(amount, fc.boolean()), { nil: null })), {
    minLength: 2,
    maxLength: 12,
  })
  .map((entries) => {
    const days = dates(entries.length);
    return entries.map(([value, flow], index): DailyValue => ({
      date: days[index]!,
      value,
      flow: index === 0 || flow === null ? "0" : flow[1] ? flow[0] : `-${flow[0]}`,
    }));
  })
  // A sell cannot take out more than was there before it.
  .filter((days) => days.every((day) => Number(subtract(day.value, day.flow)) >= 0));

describe("return properties", () => {
  it("without flows, the time-weighted return is the price return", () => {
    fc.assert(
      fc.property(fc.array(amount, { minLength: 2, maxLength: 12 }), (values) => {
        const days = dates(values.length).map((date, index) => ({
          date,
          value: values[index]!,
          flow: "0",
        }));
        const priceReturn = subtract(divide(values.at(-1)!, values[0]!, 20), "1");
        expect(timeWeightedReturn(days).timeWeightedReturn).toBe(round(priceReturn, 8));
      }),
    );
  });

  it("scaling every value and flow (every quantity, or every price) leaves the ratios unchanged", () => {
    fc.assert(
      fc.property(portfolioDays, amount, (days, factor) => {
        const scaled = days.map((day) => ({
          ...day,
          value: multiply(day.value, factor),
          flow: multiply(day.flow, factor),
        }));
        const before = timeWeightedReturn(days);
        const after = timeWeightedReturn(scaled);
        expect(after.timeWeightedReturn).toBe(before.timeWeightedReturn);
        expect(after.subPeriods.map((p) => p.return)).toEqual(
          before.subPeriods.map((p) => p.return),
        );

        const cashFlows = (list: DailyValue[]) => [
          { date: list[0]!.date, amount: `-${list[0]!.value}` },
          ...list.slice(1).map((day) => ({ date: day.date, amount: multiply(day.flow, "-1") })),
          { date: list.at(-1)!.date, amount: list.at(-1)!.value },
        ];
        expect(moneyWeightedReturn(cashFlows(scaled))).toBe(moneyWeightedReturn(cashFlows(days)));
      }),
    );
  });
});
