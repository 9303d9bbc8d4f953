import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  hasOneRoot,
  moneyWeightedReturn,
  rateNear,
  rateOf,
  searchRate,
  searchRateOf,
  type RateColumns,
  type RateTerm,
} from "../src";

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

/**
 * Paid 100, received 230 a year later, paid 132 a year after that: 10% and 20% are both roots;
 * Newton from 10% stops at once.
 */
const twoRoots = scaled([
  { day: 0, amount: -100 },
  { day: 365, amount: 230 },
  { day: 730, amount: -132 },
]);

/** Terms as the columns a search from a nearby rate reads. */
const columnsOf = (terms: readonly RateTerm[]): RateColumns => ({
  amounts: Float64Array.from(terms, (term) => term.amount),
  years: Float64Array.from(terms, (term) => term.years),
  count: terms.length,
});

/** An investor's flows: paid in first, then anything, then a value held at the end. */
const investorsFlows = fc
  .tuple(
    fc.double({ min: 1, max: 1000, noNaN: true }),
    fc.array(
      fc.record({
        gap: fc.integer({ min: 1, max: 120 }),
        amount: fc.double({ min: -1000, max: 1000, noNaN: true }),
      }),
      { maxLength: 60 },
    ),
    fc.double({ min: 0.01, max: 5000, noNaN: true }),
  )
  .map(([first, between, last]) => {
    const flows = [{ day: 0, amount: -first }];
    for (const { gap, amount } of between) flows.push({ day: flows.at(-1)!.day + gap, amount });
    flows.push({ day: flows.at(-1)!.day + 1, amount: last });
    return scaled(flows.filter((each) => each.amount !== 0));
  });

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
    expect(rateOf(twoRoots)).toBe("0.1");
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
    fc.assert(
      fc.property(investorsFlows, (terms) => {
        const rate = rateOf(terms);
        if (rate !== null && Math.abs(Number(rate)) < 1e4) expectRootAt(terms, rate);
      }),
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

describe("the rate search from a nearby rate (the last read's, before a price moved)", () => {
  /** rateNear's answer from `near`. */
  const fromNear = (terms: readonly RateTerm[], near: number | null) =>
    rateNear(columnsOf(terms), near).shown;

  it("finds a heavy trader's rate in a few valuations, where the search from 10% takes up to dozens", () => {
    for (const [close, moved] of [
      [40, 40.1],
      [80, 79.5],
      [120, 121],
      [200, 199],
    ] as const) {
      const before = searchRate(boughtFor5Years(close)).rate!;
      const terms = boughtFor5Years(moved);
      const near = searchRateOf(columnsOf(terms), before);
      expect(near.evaluations).toBeLessThanOrEqual(5);
      // Below the average price paid, Newton from 10% runs off and the bracketed search takes over.
      if (moved < 100) expect(searchRate(terms).evaluations).toBeGreaterThan(20);
      expect(fromNear(terms, before)).toBe(rateOf(terms));
    }
  });

  it("gives what the search from 10% gives for any investor's flows, from any rate", () => {
    fc.assert(
      fc.property(
        investorsFlows,
        fc.double({ min: -0.99, max: 50, noNaN: true }),
        (terms, near) => {
          expect(fromNear(terms, near)).toBe(rateOf(terms));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("keeps to the root Newton from 10% meets where there are two, whatever rate it is handed", () => {
    expect(hasOneRoot(columnsOf(twoRoots))).toBe(false);
    for (const near of [0.2, 0.19, 0.5, 3]) expect(fromNear(twoRoots, near)).toBe("0.1");
  });

  it("has no answer where the flows never change sign or the value is below zero at every rate", () => {
    const paidOnly = scaled([
      { day: 0, amount: -1 },
      { day: 30, amount: -1 },
    ]);
    const belowZero = scaled([
      { day: 0, amount: -100 },
      { day: 365, amount: 10 },
      { day: 730, amount: -1 },
    ]);
    for (const near of [-0.5, 0.1, 2]) {
      expect(fromNear(paidOnly, near)).toBeNull();
      expect(fromNear(belowZero, near)).toBeNull();
    }
  });

  it("reaches the edges of the range from anywhere: near -100%, and 3,100% a year", () => {
    const lostAlmostAll = scaled([
      { day: 0, amount: -100 },
      { day: 365, amount: 1 },
    ]);
    // Lost a third in 10 days: (2/3)^36.5 - 1, -99.99996% a year, beyond where a nearby rate
    // is trusted: the search from 10% answers.
    const lostFast = scaled([
      { day: 0, amount: -3 },
      { day: 10, amount: 2 },
    ]);
    const doubledIn73Days = scaled([
      { day: 0, amount: -1 },
      { day: 73, amount: 2 },
    ]);
    for (const near of [-0.999999, -0.99, -0.5, 0.1, 30, 1e5, 1e7]) {
      expect(fromNear(lostAlmostAll, near)).toBe("-0.99");
      expect(fromNear(lostFast, near)).toBe(rateOf(lostFast));
      expect(fromNear(doubledIn73Days, near)).toBe("31");
    }
    expect(Number(rateOf(lostFast))).toBeCloseTo(Math.pow(2 / 3, 36.5) - 1, 8);
  });

  it("answers the rate a search from 10% finds for any near value, on five years of flows", () => {
    const terms = boughtFor5Years(80);
    for (const near of [-0.9, -0.5, -0.2557, 0, 0.1, 1, 10]) {
      expect(fromNear(terms, near)).toBe("-0.25568279");
    }
  });
});

describe("Laguerre's rule: at most one root", () => {
  /** The number of sign changes of the present value on a fine grid of x = ln(1 + rate). */
  function signChanges(terms: readonly RateTerm[]): number {
    let changes = 0;
    let previous = 0;
    for (let x = -6; x <= 6; x += 0.002) {
      const value = terms.reduce(
        (total, term) => total + term.amount * Math.exp(-term.years * x),
        0,
      );
      const sign = Math.sign(value);
      if (previous !== 0 && sign !== 0 && sign !== previous) changes += 1;
      if (sign !== 0) previous = sign;
    }
    return changes;
  }

  it("is claimed only where the present value changes sign once", () => {
    let claimed = 0;
    fc.assert(
      fc.property(investorsFlows, (terms) => {
        if (!hasOneRoot(columnsOf(terms))) return;
        claimed += 1;
        expect(signChanges(terms)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
    expect(claimed).toBeGreaterThan(30);
  });

  it("is not claimed for two roots, for flows that never change sign, or for years out of order", () => {
    expect(hasOneRoot(columnsOf(twoRoots))).toBe(false);
    expect(
      hasOneRoot(
        columnsOf(
          scaled([
            { day: 0, amount: -1 },
            { day: 30, amount: -1 },
          ]),
        ),
      ),
    ).toBe(false);
    const ordered = scaled([
      { day: 0, amount: -1 },
      { day: 30, amount: 2 },
    ]);
    expect(hasOneRoot(columnsOf(ordered))).toBe(true);
    expect(hasOneRoot(columnsOf([...ordered].reverse()))).toBe(false);
  });
});
