import { describe, expect, it } from "vitest";
import { holdingFigures, todayFigures } from "../src/figures";

describe("a holding's change today", () => {
  it("is quantity x the change per unit, against the value before the change", () => {
    // 25 shares at 258.79, down 0.84 today: -21 against 6490.75 before.
    expect(todayFigures("25", "258.79", "-0.84")).toEqual({
      todayChange: "-21",
      todayChangePercent: -0.3235,
    });
    // Exact with a coin's eight decimals.
    expect(todayFigures("1000000", "0.00002229", "0.00000113")).toEqual({
      todayChange: "1.13",
      todayChangePercent: 5.3403,
    });
  });

  it("is unknown, not zero, without the market's change", () => {
    expect(todayFigures("4", "60", null)).toEqual({ todayChange: null, todayChangePercent: null });
  });
});

describe("a holding's figures at a price", () => {
  it("are its value against its cost and its change today, together", () => {
    // 25 shares at 258.79 (6469.75) bought for 6000, down 0.84 today.
    expect(holdingFigures("25", "258.79", "6000", "-0.84")).toEqual({
      currentValue: "6469.75",
      costBasis: "6000",
      gainLoss: "469.75",
      gainLossPercent: 7.8292,
      todayChange: "-21",
      todayChangePercent: -0.3235,
    });
  });
});
