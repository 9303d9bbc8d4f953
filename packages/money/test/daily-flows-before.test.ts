import { describe, expect, it } from "vitest";
import { DailyFlowsBefore, rateOfDailyFlows, type CashFlow } from "../src";

/**
 * A kept period's flows before its last day, closed with a new last day per read: the rate must be
 * rateOfDailyFlows of all the flows, whichever last days came before it.
 */
describe("DailyFlowsBefore", () => {
  const before: CashFlow[] = [
    { date: "2021-03-01", amount: "-1000" },
    { date: "2021-09-15", amount: "-250.5" },
    { date: "2022-02-01", amount: "120" },
    { date: "2023-06-30", amount: "-3000" },
    { date: "2024-01-02", amount: "45.25" },
  ];
  const today = (amount: string): CashFlow[] => [{ date: "2026-03-11", amount }];

  it("answers rateOfDailyFlows of the flows and the last day's, read after read", () => {
    const kept = new DailyFlowsBefore(before);
    // Below the largest flow, then above it (every term divided by another), then below again.
    for (const amount of ["4800", "4812.37", "250000", "4799.99", "3000", "0.01"]) {
      const all = [...before, ...today(amount)];
      expect(kept.rateWith(today(amount))).toBe(rateOfDailyFlows(all));
      expect(kept.rateWith(today(amount))).not.toBeNull();
    }
  });

  it("has no rate while every flow goes one way, as rateOfDailyFlows", () => {
    const paidOnly = new DailyFlowsBefore(before.filter((flow) => flow.amount.startsWith("-")));
    expect(paidOnly.rateWith([])).toBeNull();
    expect(paidOnly.rateWith(today("-5"))).toBeNull();
    expect(paidOnly.rateWith(today("4300"))).toBe(
      rateOfDailyFlows([...before.filter((flow) => flow.amount.startsWith("-")), ...today("4300")]),
    );
    expect(new DailyFlowsBefore([]).rateWith(today("10"))).toBeNull();
  });
});
