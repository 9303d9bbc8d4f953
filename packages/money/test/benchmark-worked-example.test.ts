import { describe, expect, it } from "vitest";
import {
  add,
  compoundedOver,
  dividendReinvestedReturns,
  investedAlong,
  timeWeightedReturn,
  timeWeightedReturns,
  type DailyValue,
} from "../src";

/**
 * The value chart's benchmark both ways (issue 37), worked by hand. A portfolio worth $1,000 at
 * the start's close; $500 put in on the 7th, $600 taken out by a sale on the 9th. SPY closes 400,
 * 410, 420, then goes ex an $8 dividend closing 412, then 453.20 and 430.54: with the dividend
 * reinvested it grows 1, 1.025, 1.05, 1.05 (412 + 8 = 420), 1.155 (x 453.2 / 412 = 1.1) and
 * 1.09725 (x 430.54 / 453.2 = 0.95).
 */
const portfolio: DailyValue[] = [
  { date: "2026-01-05", value: "1000", flow: "0" },
  { date: "2026-01-06", value: "1030", flow: "0" },
  { date: "2026-01-07", value: "1580", flow: "500" },
  { date: "2026-01-08", value: "1600", flow: "0" },
  { date: "2026-01-09", value: "1100", flow: "-600" },
  { date: "2026-01-12", value: "1045", flow: "0" },
];
const spyReturns = dividendReinvestedReturns(
  "400",
  [{ exDate: "2026-01-08", amount: "8", previousClose: "420", exClose: "412" }],
  [
    { close: "400", exGone: 0 },
    { close: "410", exGone: 0 },
    { close: "420", exGone: 0 },
    { close: "412", exGone: 1 },
    { close: "453.2", exGone: 1 },
    { close: "430.54", exGone: 1 },
  ],
);

describe("the benchmark as the portfolio's own contributions invested in SPY", () => {
  it("buys SPY with the $500 put in and sells it for the $600 taken out, on the same days", () => {
    expect(spyReturns).toEqual(["0", "0.025", "0.05", "0.05", "0.155", "0.09725"]);
    const days = portfolio.map((day, i) => ({
      date: day.date,
      growth: add("1", spyReturns[i]!),
      // The start's own value is the opening, not a flow.
      flow: i === 0 ? "0" : day.flow,
    }));
    // 1000 -> 1025; +500 at 1.05 (476.19... units more) -> 1550; unchanged through the dividend
    // (reinvested); x 1.1 = 1705, less the 600 taken out -> 1105; x 0.95 = 1049.75.
    expect(investedAlong("1000", days)).toEqual([
      "1000",
      "1025",
      "1550",
      "1550",
      "1105",
      "1049.75",
    ]);
    // The line 'from the same start' that ignores the flows would end at 1000 x 1.09725.
    expect(
      investedAlong(
        "1000",
        days.map((day) => ({ ...day, flow: "0" })),
      ).at(-1),
    ).toBe("1097.25");
  });

  it("starts from nothing on the eve of the first trade and rounds each day to the cent", () => {
    // $100 bought when SPY stands at 1.5 times its start: 66.666... units, worth 100 that day and
    // 66.67 once SPY is back where it started.
    expect(
      investedAlong("0", [
        { date: "2026-01-05", growth: "1.5", flow: "100" },
        { date: "2026-01-06", growth: "1", flow: "0" },
      ]),
    ).toEqual(["100", "66.67"]);
  });

  it("goes below zero when more is taken out than the SPY bought is worth", () => {
    expect(
      investedAlong("100", [
        { date: "2026-01-05", growth: "1", flow: "0" },
        { date: "2026-01-06", growth: "0.5", flow: "-80" },
      ]),
    ).toEqual(["100", "-30"]);
  });
});

describe("the benchmark as cumulative returns", () => {
  it("gives the portfolio's time-weighted return from the start to each day, as each period would", () => {
    const returns = timeWeightedReturns(portfolio);
    // 1030/1000; x 1080/1030 = 1.08; x 1600/1580; 1.08 x 1700/1580; x 1045/1100.
    expect(returns).toEqual(["0", "0.03", "0.08", "0.09367089", "0.16202532", "0.10392405"]);
    for (let i = 1; i < portfolio.length; i++) {
      expect(returns[i]).toBe(timeWeightedReturn(portfolio.slice(0, i + 1)).timeWeightedReturn);
    }
  });

  it("starts at the money first put in when the period starts empty, and is null before", () => {
    const days: DailyValue[] = [
      { date: "2026-01-04", value: "0", flow: "0" },
      { date: "2026-01-05", value: "1010", flow: "1000" },
      { date: "2026-01-06", value: "0", flow: "-1020" },
      { date: "2026-01-07", value: "0", flow: "0" },
    ];
    const returns = timeWeightedReturns(days);
    expect(returns).toEqual([null, "0.01", "0.02", "0.02"]);
    for (let i = 1; i < days.length; i++) {
      expect(returns[i]).toBe(timeWeightedReturn(days.slice(0, i + 1)).timeWeightedReturn);
    }
  });
});

describe("a yearly money-weighted rate over a shorter period", () => {
  it("compounds to the period's cumulative return", () => {
    // 21% a year over half a year (182.5 days) is 10%: 1.21^0.5 = 1.1.
    expect(compoundedOver("0.21", 182.5)).toBe("0.1");
    // -35.1% a year over 150 days: 0.649^(150/365) - 1.
    expect(compoundedOver("-0.351", 150)).toBe("-0.16277867");
    expect(compoundedOver(null, 30)).toBeNull();
  });
});

describe("the cumulative returns on a long line", () => {
  it("are each day's timeWeightedReturn, to the digit, across empty spells and odd scales", () => {
    // A seeded walk of 400 days: flows most days, sales that empty the portfolio, values and
    // flows of 0 to 6 places, one written with an exponent.
    let seed = 11;
    const random = () => ((seed = (seed * 48271) % 2147483647), seed / 2147483647);
    const days: DailyValue[] = [];
    let value = 0;
    for (let i = 0; i < 400; i++) {
      const places = Math.floor(random() * 7);
      const draw = random();
      let flow = 0;
      if (draw < 0.05 && value > 0) flow = -value * (1 + (random() - 0.5) / 50);
      else if (draw < 0.6) flow = Number((random() * 500 - 100).toFixed(places));
      value = draw < 0.05 ? 0 : Math.max(0, value * (1 + (random() - 0.5) / 20) + flow);
      days.push({
        date: `2026-${String(1 + Math.floor(i / 28)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
        value: i === 200 ? `${value.toFixed(places)}e0` : value.toFixed(places),
        flow: flow.toFixed(places),
      });
    }
    const returns = timeWeightedReturns(days);
    expect(returns[0]).toBeNull();
    expect(returns.filter((figure) => figure !== null).length).toBeGreaterThan(300);
    for (let i = 1; i < days.length; i++) {
      expect(returns[i]).toBe(timeWeightedReturn(days.slice(0, i + 1)).timeWeightedReturn);
    }
  });
});
