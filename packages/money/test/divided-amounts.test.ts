import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DailyFlowsBefore, dividedAmounts, divide, rateOfDailyFlows, type CashFlow } from "../src";
import { fixedToNumber, formatFixed } from "../src/fixed-point";

/**
 * A kept holding whose value today is its largest flow divides its flows before today again on
 * every read with a moved price: the doubles it makes must be bit for bit those rateOfDailyFlows
 * makes with divide, or its rate could differ in the places shown.
 */
describe("fixedToNumber", () => {
  const text = (units: bigint, scale: number) => Number(formatFixed(units, scale));

  it("reads units at a scale as the double nearest them, as the text's Number does", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n }),
        fc.integer({ min: 0, max: 22 }),
        (units, scale) => {
          expect(Object.is(fixedToNumber(units, scale), text(units, scale))).toBe(true);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("rounds a tie between two doubles to the even one, and a hair above it up", () => {
    const fives = 5n ** 20n;
    const cases: bigint[] = [0n, 1n, 2n ** 53n, 2n ** 53n + 1n, 10n ** 20n, -(10n ** 20n)];
    // (2^53 + odd) * 2^-20 lies halfway between two doubles; as units at 20 places, times 5^20.
    for (const odd of [1n, 3n, 5n, 7n, 2n ** 52n - 1n]) {
      for (const sign of [1n, -1n]) {
        const tie = sign * (2n ** 53n + odd) * fives;
        cases.push(tie, tie + 1n, tie - 1n, tie * 4n, tie * 4n + 1n);
      }
    }
    for (const units of cases) {
      expect(Object.is(fixedToNumber(units, 20), text(units, 20))).toBe(true);
    }
    // The tie itself: 2^53 + 1 (times 2^-20) goes down to the even 2^53, 2^53 + 3 up to 2^53 + 4.
    expect(fixedToNumber((2n ** 53n + 1n) * fives, 20)).toBe(2 ** 53 * 2 ** -20);
    expect(fixedToNumber((2n ** 53n + 3n) * fives, 20)).toBe((2 ** 53 + 4) * 2 ** -20);
  });
});

describe("dividedAmounts", () => {
  const amount = fc
    .tuple(fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }), fc.integer({ min: 0, max: 10 }))
    .map(([units, scale]) => formatFixed(units, scale));

  it("is each flow's Number(divide(amount, largest, 20)), bit for bit", () => {
    fc.assert(
      fc.property(fc.array(amount, { minLength: 1, maxLength: 40 }), amount, (amounts, extra) => {
        const flows = amounts.map((value, i) => ({
          date: `2021-01-${10 + (i % 20)}`,
          amount: value,
        }));
        const largest = [...amounts, extra]
          .map((value) => value.replace("-", ""))
          .reduce((max, value) => (Number(value) > Number(max) ? value : max));
        if (Number(largest) === 0) return;
        const expected = flows.map((flow) => Number(divide(flow.amount, largest, 20)));
        const divided = [...dividedAmounts(flows, largest)];
        divided.forEach((value, i) => expect(Object.is(value, expected[i])).toBe(true));
      }),
      { numRuns: 1000 },
    );
  });

  it("is divide's double where the quotient lies near a rounding boundary or is exact", () => {
    // Small integers: quotients like 1/3, 5/8, 7/7 and their neighbours, at any scale apart.
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: -2_000_000, max: 2_000_000 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        (by, units, scale, byScale) => {
          const largest = formatFixed(BigInt(by), byScale);
          const flows = [{ date: "2021-01-04", amount: formatFixed(BigInt(units), scale) }];
          const [divided] = dividedAmounts(flows, largest);
          expect(Object.is(divided, Number(divide(flows[0]!.amount, largest, 20)))).toBe(true);
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it("divides text that is not plain decimal as divide does", () => {
    const flows = [
      { date: "2021-01-04", amount: "-1.5e3" },
      { date: "2021-02-04", amount: "250.25" },
    ];
    for (const largest of ["1500", "1.5e3", "1234.5678"]) {
      expect([...dividedAmounts(flows, largest)]).toEqual(
        flows.map((flow) => Number(divide(flow.amount, largest, 20))),
      );
    }
  });
});

describe("DailyFlowsBefore closed by a growing holding's moving value", () => {
  it("answers rateOfDailyFlows while today's value is the largest flow and moves every read", () => {
    const day = (i: number) => new Date(Date.UTC(2021, 0, 4) + i * 9 * 86_400_000).toISOString();
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -500_000, max: 200_000 }), { minLength: 2, maxLength: 120 }),
        fc.array(fc.integer({ min: -300, max: 300 }), { minLength: 1, maxLength: 8 }),
        (cents, moves) => {
          const before: CashFlow[] = cents
            .filter((c) => c !== 0)
            .map((c, i) => ({ date: day(i).slice(0, 10), amount: formatFixed(BigInt(c), 2) }));
          if (before.length === 0) return;
          const kept = new DailyFlowsBefore(before);
          const paidIn = cents.reduce((total, c) => total + Math.abs(c), 0);
          for (const move of moves) {
            // Above every flow before today, a little different each read.
            const today = [
              { date: "2026-03-11", amount: formatFixed(BigInt(paidIn + move + 301), 2) },
            ];
            expect(kept.rateWith(today)).toBe(rateOfDailyFlows([...before, ...today]));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
