import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { moneyWeightedReturn, rateOf, searchRate, type RateTerm } from "../src";

/** The present value of the terms at an annual rate. */
const presentValue = (terms: readonly RateTerm[], rate: number) =>
  terms.reduce((total, term) => total + term.amount * Math.pow(1 + rate, -term.years), 0);

/** Scaled by the largest, as moneyWeightedReturn hands them over. */
function scaled(flows: readonly { day: number; amount: number }[]): RateTerm[] {
  const largest = Math.max(...flows.map((flow) => Math.abs(flow.amount)));
  return flows.map((flow) => ({ years: flow.day / 365, amount: flow.amount / largest }));
}

/**
 * A heavy trader's holding: one share bought every 3.65 days for five years at prices from 50 to
 * 250, then valued at `close` a share. Below the average price paid, plain Newton from 10% runs
 * off towards infinite rates on these, and the old search fell back on bisection.
 */
function boughtFor5Years(close: number): RateTerm[] {
  let seed = 42;
  const flows: { day: number; amount: number }[] = [];
  for (let share = 0; share < 500; share++) {
    seed = (seed * 48271) % 2147483647;
    flows.push({
      day: Math.floor(share * 3.65),
      amount: -(50 + Math.floor((seed / 2147483647) * 20000) / 100),
    });
  }
  flows.push({ day: 1826, amount: 500 * close });
  return scaled(flows);
}

/** The rate is the root to the 8 places shown: the present value changes sign across it. */
function expectRootAt(terms: readonly RateTerm[], rate: string) {
  const below = presentValue(terms, Number(rate) - 1e-8);
  const above = presentValue(terms, Number(rate) + 1e-8);
  expect(Math.sign(below)).not.toBe(Math.sign(above));
}

describe("the rate search", () => {
  it("finds a loss over many flows, where Newton from 10% diverges, in a few dozen valuations", () => {
    // The answers the old search gave there after a hundred Newton steps and its bisection.
    const losses = [
      { close: 40, rate: "-0.53140081" },
      { close: 80, rate: "-0.25568279" },
    ];
    for (const { close, rate } of losses) {
      const terms = boughtFor5Years(close);
      expect(rateOf(terms)).toBe(rate);
      expectRootAt(terms, rate);
      expect(searchRate(terms).evaluations).toBeLessThanOrEqual(40);
    }
  });

  it("gives what Newton from 10% gives where it converges", () => {
    expect(rateOf(boughtFor5Years(120))).toBe("-0.0944053");
    expect(rateOf(boughtFor5Years(200))).toBe("0.1126312");
    // Paid 100, received 230 a year later, paid 132 a year after that: 10% and 20% are both
    // roots; Newton from 10% stops at once.
    expect(
      rateOf(
        scaled([
          { day: 0, amount: -100 },
          { day: 365, amount: 230 },
          { day: 730, amount: -132 },
        ]),
      ),
    ).toBe("0.1");
  });

  it("reaches the edges of the range: a 99% loss and a 3,100% gain", () => {
    expect(
      rateOf(
        scaled([
          { day: 0, amount: -100 },
          { day: 365, amount: 1 },
        ]),
      ),
    ).toBe("-0.99");
    // Doubled in 73 days: 2^5 a year.
    expect(
      rateOf(
        scaled([
          { day: 0, amount: -1 },
          { day: 73, amount: 2 },
        ]),
      ),
    ).toBe("31");
  });

  it("has no answer when the present value changes sign nowhere", () => {
    expect(
      searchRate(
        scaled([
          { day: 0, amount: -1 },
          { day: 30, amount: -1 },
        ]),
      ).rate,
    ).toBeNull();
    // Paid 100, received 10 a year later, paid 1 a year after that: below zero at every rate.
    expect(
      rateOf(
        scaled([
          { day: 0, amount: -100 },
          { day: 365, amount: 10 },
          { day: 730, amount: -1 },
        ]),
      ),
    ).toBeNull();
  });

  it("lands on a root for any investor's flows: paid in first, holding a value at the end", () => {
    const flow = fc.record({
      gap: fc.integer({ min: 1, max: 120 }),
      amount: fc.double({ min: -1000, max: 1000, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1000, noNaN: true }),
        fc.array(flow, { maxLength: 60 }),
        fc.double({ min: 0.01, max: 5000, noNaN: true }),
        (first, between, last) => {
          const flows = [{ day: 0, amount: -first }];
          for (const { gap, amount } of between) {
            flows.push({ day: flows.at(-1)!.day + gap, amount });
          }
          flows.push({ day: flows.at(-1)!.day + 1, amount: last });
          const terms = scaled(flows.filter((each) => each.amount !== 0));
          const rate = rateOf(terms);
          if (rate !== null && Math.abs(Number(rate)) < 1e4) expectRootAt(terms, rate);
        },
      ),
    );
  });

  it("answers moneyWeightedReturn through it: a deep loss on exact decimals", () => {
    const rate = moneyWeightedReturn([
      { date: "2021-01-01", amount: "-1000" },
      { date: "2021-07-01", amount: "-1000" },
      { date: "2026-01-01", amount: "100.5" },
    ]);
    expect(rate).not.toBeNull();
    const terms = scaled([
      { day: 0, amount: -1000 },
      { day: 181, amount: -1000 },
      { day: 1826, amount: 100.5 },
    ]);
    expectRootAt(terms, rate!);
  });
});
