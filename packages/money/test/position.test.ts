import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  add,
  applyBuy,
  applySell,
  applySplit,
  buyCost,
  costBasis,
  multiply,
  realizedGain,
  sellProceeds,
  subtract,
  type Holding,
} from "../src";

/** An exact model: quantities and costs as fractions of BigInts, no rounding anywhere. */
interface Fraction {
  n: bigint;
  d: bigint;
}
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const frac = (n: bigint, d = 1n): Fraction => {
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
};
const fromDecimal = (text: string): Fraction => {
  const [integer = "0", fraction = ""] = text.split(".");
  return frac(BigInt(integer + fraction), 10n ** BigInt(fraction.length));
};
const addF = (a: Fraction, b: Fraction) => frac(a.n * b.d + b.n * a.d, a.d * b.d);
const subF = (a: Fraction, b: Fraction) => frac(a.n * b.d - b.n * a.d, a.d * b.d);
const mulF = (a: Fraction, b: Fraction) => frac(a.n * b.n, a.d * b.d);
const cmpF = (a: Fraction, b: Fraction) => Math.sign(Number(a.n * b.d - b.n * a.d));

/** An amount with up to 8 decimals, as the API accepts. */
const amount = (maxUnits: number) =>
  fc
    .integer({ min: 1, max: maxUnits })
    .chain((units) =>
      fc
        .integer({ min: 0, max: 99_999_999 })
        .map(
          (fraction) =>
            `${units - 1}.${String(fraction).padStart(8, "0")}`.replace(/\.?0+$/, "") || "0",
        ),
    )
    .filter((text) => text !== "0");

type Step = { kind: "buy"; quantity: string; price: string } | { kind: "sell"; quantity: string };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("buy" as const), quantity: amount(5000), price: amount(100_000) }),
  fc.record({ kind: fc.constant("sell" as const), quantity: amount(5000) }),
);

describe("average-cost positions", () => {
  it("keep quantity exact and cost basis within a millionth of a cent of the exact model", () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        let holding: Holding | null = null;
        let model = { quantity: frac(0n), cost: frac(0n) };
        for (const s of steps) {
          if (s.kind === "buy") {
            holding = applyBuy(holding, s.quantity, s.price);
            model = {
              quantity: addF(model.quantity, fromDecimal(s.quantity)),
              cost: addF(model.cost, mulF(fromDecimal(s.quantity), fromDecimal(s.price))),
            };
          } else {
            const sold = fromDecimal(s.quantity);
            if (!holding || cmpF(sold, model.quantity) > 0) {
              if (holding)
                expect(applySell(holding, s.quantity)).toEqual({
                  ok: false,
                  reason: "exceeds_holding",
                });
              continue;
            }
            const outcome = applySell(holding, s.quantity);
            expect(outcome.ok).toBe(true);
            if (!outcome.ok) return;
            holding = outcome.holding;
            // Average cost: what remains keeps the average it had.
            const remaining = subF(model.quantity, sold);
            model = {
              quantity: remaining,
              cost:
                model.quantity.n === 0n
                  ? frac(0n)
                  : frac(
                      model.cost.n * remaining.n * model.quantity.d,
                      model.cost.d * remaining.d * model.quantity.n,
                    ),
            };
          }
          if (!holding) continue;
          expect(cmpF(fromDecimal(holding.quantity), model.quantity)).toBe(0);
          const error = subF(fromDecimal(costBasis(holding)), model.cost);
          const absError = error.n < 0n ? frac(-error.n, error.d) : error;
          expect(cmpF(absError, frac(1n, 100_000_000n))).toBeLessThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("averages two buys at different prices", () => {
    const holding = applyBuy(applyBuy(null, "10", "100"), "30", "120");
    expect(holding).toEqual({ quantity: "40", averagePrice: "115" });
  });

  it("keeps the average when selling part and refuses selling more than held", () => {
    const holding = applyBuy(null, "0.5", "60000");
    expect(applySell(holding, "0.25")).toEqual({
      ok: true,
      holding: { quantity: "0.25", averagePrice: "60000" },
    });
    expect(applySell(holding, "0.50000001")).toEqual({ ok: false, reason: "exceeds_holding" });
  });

  it("starts a fresh average after selling everything", () => {
    const sold = applySell(applyBuy(null, "2", "10"), "2");
    expect(sold.ok && sold.holding.quantity).toBe("0");
    expect(applyBuy(sold.ok ? sold.holding : null, "1", "30")).toEqual({
      quantity: "1",
      averagePrice: "30",
    });
  });
});

describe("realized gain under average cost", () => {
  it("is the quantity sold times the sell price less the average price at the time", () => {
    const held = applyBuy(applyBuy(null, "10", "100"), "10", "110");
    expect(held.averagePrice).toBe("105");
    expect(realizedGain(held, "4", "120")).toBe("60");
    expect(realizedGain(held, "2", "100.5")).toBe("-9");
  });
});

describe("applySplit", () => {
  it("multiplies the quantity and divides the average price, keeping the cost basis", () => {
    const split = applySplit({ quantity: "10", averagePrice: "30" }, "1", "3", 8);
    expect(split).toEqual({ quantity: "30", averagePrice: "10" });
    expect(costBasis(split)).toBe("300");
  });

  it("keeps a reverse split's exact fraction", () => {
    const split = applySplit({ quantity: "7", averagePrice: "2.5" }, "2", "1", 8);
    expect(split).toEqual({ quantity: "3.5", averagePrice: "5" });
  });

  it("rounds a quantity that does not fit to the quantity precision, the cost basis within it", () => {
    const split = applySplit({ quantity: "10", averagePrice: "30" }, "35", "1", 8);
    expect(split.quantity).toBe("0.28571429");
    expect(Math.abs(Number(costBasis(split)) - 300)).toBeLessThan(1e-6);
  });

  it("keeps the cost basis through any forward split, and the opposite split restores the quantity", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 20 }),
        (units, cents, ratio) => {
          const holding: Holding = { quantity: String(units), averagePrice: String(cents / 100) };
          const forward = applySplit(holding, "1", String(ratio), 8);
          // Exact while the average divides evenly; otherwise within 16 decimals of a share.
          const drift = Math.abs(Number(costBasis(forward)) - Number(costBasis(holding)));
          expect(drift).toBeLessThan(1e-6);
          expect(applySplit(forward, String(ratio), "1", 8).quantity).toBe(holding.quantity);
        },
      ),
    );
  });
});

describe("a trade's fee", () => {
  it("is in a buy's cost basis and out of a sell's proceeds: buy 10 at 100 fee 5, sell 10 at 110 fee 5", () => {
    const bought = applyBuy(null, "10", "100", "5");
    expect(bought).toEqual({ quantity: "10", averagePrice: "100.5" });
    expect(costBasis(bought)).toBe("1005");
    expect(buyCost("10", "100", "5")).toBe("1005");
    expect(sellProceeds("10", "110", "5")).toBe("1095");
    expect(realizedGain(bought, "10", "110", "5")).toBe("90");
  });

  it("costs and brings in what the product's text with the fee added or taken gives", () => {
    const decimal = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.nat({ max: 10 }))
      .map(([units, scale]) => {
        const digits = units.toString().padStart(scale + 1, "0");
        return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
      });
    fc.assert(
      fc.property(decimal, decimal, decimal, (quantity, price, fee) => {
        expect(buyCost(quantity, price, fee)).toBe(add(multiply(quantity, price), fee));
        expect(sellProceeds(quantity, price, fee)).toBe(subtract(multiply(quantity, price), fee));
      }),
    );
    expect(buyCost("1e2", "3")).toBe("300");
    expect(sellProceeds("2", "0.50", "1.00")).toBe("0");
  });

  it("adds to the cost of what is already held", () => {
    const held: Holding = { quantity: "10", averagePrice: "100" };
    const more = applyBuy(held, "10", "120", "4");
    expect(costBasis(more)).toBe("2204");
    expect(more.averagePrice).toBe("110.2");
  });

  it("changes nothing when it is 0: a first buy's average is its price exactly", () => {
    expect(applyBuy(null, "3", "7.1", "0")).toEqual({ quantity: "3", averagePrice: "7.1" });
    expect(realizedGain({ quantity: "3", averagePrice: "7.1" }, "1", "8", "0")).toBe("0.9");
  });

  it("keeps the cost basis within a 16-decimal average when the fee does not divide evenly", () => {
    const bought = applyBuy(null, "3", "10", "1");
    expect(bought.averagePrice).toBe("10.3333333333333333");
    expect(Math.abs(Number(costBasis(bought)) - 31)).toBeLessThan(1e-12);
  });

  it("can make a sell at the average price a loss of exactly the fee", () => {
    expect(realizedGain({ quantity: "5", averagePrice: "20" }, "2", "20", "1.25")).toBe("-1.25");
  });
});
