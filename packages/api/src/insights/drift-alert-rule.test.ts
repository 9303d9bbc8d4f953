import type { RebalanceDrift } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { driftAlertDue, driftAlertMessage, furthestDrift } from "./drift-alert-rule";

const slice = (label: string, target: string, actual: string, difference: string) =>
  ({ key: label.toLowerCase(), label, target, actual, difference }) satisfies RebalanceDrift;
const armed = (points: string) => ({ points, state: "armed", repeat: "rearm" }) as const;
const triggered = (points: string, repeat: "once" | "rearm" = "rearm") =>
  ({ points, state: "triggered", repeat }) as const;

describe("a drift alert", () => {
  it("watches the slice furthest off its target, over or under", () => {
    const drift = [
      slice("Stocks", "0.5", "0.56", "0.06"),
      slice("ETFs", "0.3", "0.23", "-0.07"),
      slice("Cash", "0.2", "0.21", "0.01"),
    ];
    expect(furthestDrift(drift)?.label).toBe("ETFs");
    expect(furthestDrift([])).toBeUndefined();
  });

  it("fires only when a weight is more than N points off, not at exactly N", () => {
    expect(driftAlertDue(armed("5"), slice("A", "0.5", "0.55", "0.05"))).toBe(false);
    expect(driftAlertDue(armed("5"), slice("A", "0.5", "0.550001", "0.050001"))).toBe(true);
    expect(driftAlertDue(armed("5"), slice("A", "0.5", "0.44", "-0.06"))).toBe(true);
    expect(driftAlertDue(armed("5"), undefined)).toBe(false);
  });

  it("re-arms once back within N less 1% of N, and a one-time alert never does", () => {
    // 5 points: re-arms at 4.95 points or less, so a weight hovering at 5 fires once.
    expect(driftAlertDue(triggered("5"), slice("A", "0.5", "0.4996", "-0.0496"))).toBe(false);
    expect(driftAlertDue(triggered("5"), slice("A", "0.5", "0.4505", "-0.0495"))).toBe(true);
    expect(driftAlertDue(triggered("5", "once"), slice("A", "0.5", "0.5", "0"))).toBe(false);
    expect(driftAlertDue(triggered("5"), undefined)).toBe(true);
  });

  it("says which slice is off, by how many points and which way", () => {
    expect(
      driftAlertMessage(
        { by: "sector", points: "5" },
        slice("Information Technology", "0.5", "0.625", "0.125"),
      ),
    ).toBe(
      "Your sector mix has drifted: Information Technology is at 62.50% against its 50.00% target, 12.5 points over, beyond your alert at 5 points",
    );
    expect(
      driftAlertMessage({ by: "assetClass", points: "2.5" }, slice("ETFs", "0.4", "0.3", "-0.1")),
    ).toContain(
      "asset-class mix has drifted: ETFs is at 30.00% against its 40.00% target, 10 points under",
    );
  });
});
