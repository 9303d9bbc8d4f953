import { big, multiply, sum } from "@ledgerline/money";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { periodReturns, type PeriodDay } from "./period-returns";

const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Prices in cents, a quantity in hundredths, and dividends per share paid on some days. */
const heldStock = fc
  .record({
    cents: fc.array(fc.integer({ min: 100, max: 100_000 }), { minLength: 2, maxLength: 40 }),
    hundredths: fc.integer({ min: 1, max: 100_000 }),
    dividendCents: fc.array(fc.option(fc.integer({ min: 1, max: 500 }), { freq: 3 }), {
      minLength: 40,
      maxLength: 40,
    }),
  })
  .map(({ cents, hundredths, dividendCents }) => {
    const quantity = (hundredths / 100).toFixed(2);
    const prices = cents.map((c) => (c / 100).toFixed(2));
    // No dividend on the first day: the period starts at its close.
    const perShare = prices.map((_, index) =>
      index === 0 || dividendCents[index] == null ? null : (dividendCents[index] / 100).toFixed(2),
    );
    return { quantity, prices, perShare };
  });

describe("period returns", () => {
  it("give a stock held without trades its total return: the price move and each dividend reinvested on its pay date", () => {
    fc.assert(
      fc.property(heldStock, ({ quantity, prices, perShare }) => {
        const days: PeriodDay[] = prices.map((price, index) => ({
          date: dayAfter("2025-01-01", index),
          value: multiply(quantity, price),
          flow: "0",
          realized: "0",
        }));
        const dividends = perShare.flatMap((amount, index) =>
          amount === null
            ? []
            : [{ symbol: "KO", payDate: days[index]!.date, total: multiply(quantity, amount) }],
        );
        const returns = periodReturns(days, dividends);

        // The stock's own total return, per share: (P_end / P_start) x each (P_pay + D) / P_pay.
        let growth = big(prices.at(-1)!).div(prices[0]!);
        perShare.forEach((amount, index) => {
          if (amount !== null)
            growth = growth.times(big(prices[index]!).plus(amount).div(prices[index]!));
        });
        const expected = growth.minus(1);
        expect(big(returns.timeWeightedReturn!).minus(expected).abs().lte("0.00000001")).toBe(true);
        expect(returns.income).toBe(sum(dividends.map((dividend) => dividend.total)));
        expect(returns.netFlows).toBe("0");
        expect(returns.flows.every((flow) => flow.kind === "dividend")).toBe(true);
      }),
    );
  });

  it("counts a dividend as money received in the XIRR and as an outflow of the pieces", () => {
    const days: PeriodDay[] = [
      { date: "2025-01-01", value: "1000", flow: "0", realized: "0" },
      { date: "2025-07-02", value: "1000", flow: "0", realized: "0" },
      { date: "2026-01-01", value: "1000", flow: "0", realized: "0" },
    ];
    const returns = periodReturns(days, [{ symbol: "KO", payDate: "2025-07-02", total: "50" }]);
    // The price did not move; the dividend is the whole return: 1050 / 1000 - 1.
    expect(returns.timeWeightedReturn).toBe("0.05");
    expect(returns.subPeriods.map((piece) => piece.endValue)).toEqual(["1050", "1000"]);
    expect(returns.flows).toEqual([
      { date: "2025-07-02", amount: "-50", kind: "dividend", symbol: "KO" },
    ]);
    expect(returns.cashFlows).toEqual([
      { date: "2025-01-01", amount: "-1000" },
      { date: "2025-07-02", amount: "50" },
      { date: "2026-01-01", amount: "1000" },
    ]);
    // 50 received after 182 days, then 1000 back after 365: more than 5% a year, since half of
    // it came early. -1000 + 50 / 1.05126922^(182/365) + 1000 / 1.05126922 = 0.
    expect(returns.moneyWeightedReturn).toBe("0.05126922");
  });

  it("counts a dividend paid after everything was sold in the piece the sale ended", () => {
    // 10 shares worth 1000 at the start; all sold for 1100 on 10 February, after the ex-date of a
    // dividend of 0.50 a share paid on 1 March, when nothing is held any more.
    const days: PeriodDay[] = [
      { date: "2025-01-01", value: "1000", flow: "0", realized: "0" },
      { date: "2025-02-10", value: "0", flow: "-1100", realized: "100" },
      { date: "2025-03-01", value: "0", flow: "0", realized: "0" },
      { date: "2025-03-31", value: "0", flow: "0", realized: "0" },
    ];
    const dividend = { symbol: "KO", payDate: "2025-03-01", total: "5" };
    const returns = periodReturns(days, [dividend]);
    // Worked by hand: the one piece runs from the start to the sale and ends at the proceeds plus
    // the dividend it earned, (1100 + 5) / 1000 - 1 = 0.105. Without the dividend it would be
    // 1100 / 1000 - 1 = 0.1, as the income (5) and the XIRR both count it.
    expect(returns.timeWeightedReturn).toBe("0.105");
    expect(returns.subPeriods).toEqual([
      {
        from: "2025-01-01",
        to: "2025-02-10",
        startValue: "1000",
        endValue: "1105",
        return: "0.105",
      },
    ]);
    expect(returns.income).toBe("5");
    // The money moves on the days it does: the proceeds on the sale, the dividend when paid.
    expect(returns.flows).toEqual([
      { date: "2025-02-10", amount: "-1100", kind: "trades", symbol: null },
      { date: "2025-03-01", amount: "-5", kind: "dividend", symbol: "KO" },
    ]);
    expect(returns.cashFlows).toEqual([
      { date: "2025-01-01", amount: "-1000" },
      { date: "2025-02-10", amount: "1100" },
      { date: "2025-03-01", amount: "5" },
    ]);

    // Bought again on the pay date for 500, worth 520 at the end: the dividend still counts in
    // the sold piece, and the new one opens at the 500 put in: 1105 / 1000 x 520 / 500 - 1
    // = 1.105 x 1.04 - 1 = 0.1492.
    const rebought = periodReturns(
      [
        days[0]!,
        days[1]!,
        { date: "2025-03-01", value: "500", flow: "500", realized: "0" },
        { date: "2025-03-31", value: "520", flow: "0", realized: "0" },
      ],
      [dividend],
    );
    expect(rebought.subPeriods.map((piece) => [piece.startValue, piece.endValue])).toEqual([
      ["1000", "1105"],
      ["500", "520"],
    ]);
    expect(rebought.timeWeightedReturn).toBe("0.1492");
  });

  it("counts a dividend paid in the period on what was sold before it in income only", () => {
    // Sold out before the start: no piece of the period earned it. Bought again on its pay date.
    const returns = periodReturns(
      [
        { date: "2025-01-01", value: "0", flow: "0", realized: "0" },
        { date: "2025-02-01", value: "300", flow: "300", realized: "0" },
        { date: "2025-03-01", value: "330", flow: "0", realized: "0" },
      ],
      [{ symbol: "KO", payDate: "2025-02-01", total: "7" }],
    );
    expect(returns.income).toBe("7");
    // 330 / 300 - 1: the dividend does not shrink the money the buy put in (to 293).
    expect(returns.subPeriods.map((piece) => piece.startValue)).toEqual(["300"]);
    expect(returns.timeWeightedReturn).toBe("0.1");
  });
});
