import { big, multiply, sum } from "@ledgerline/money";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { periodReturns, type PeriodDay } from "../src/services/period-returns";

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
});
