import { describe, expect, it } from "vitest";
import { directionOf } from "../src/components/assets/Change";
import { holdingValues } from "../src/components/assets/holding";
import { heldNotWatched } from "../src/components/assets/held-not-watched";
import { formatPrice, formatSignedPrice, priceDecimals } from "../src/lib/format";

describe("a holding means the same on every screen", () => {
  it("values the quantity at the current price and costs it at the average price", () => {
    const values = holdingValues({ quantity: "3", averagePurchasePrice: "60.5" }, "65");
    expect(values.marketValue).toBe("195");
    expect(values.costBasis).toBe("181.5");
    expect(values.gainLoss).toBe("13.5");
    expect(values.gainLossPercent).toBe(7.44);
  });

  it("computes sub-cent coins exactly and leaves the market figures out without a price", () => {
    const shib = holdingValues(
      { quantity: "1000000", averagePurchasePrice: "0.00001" },
      "0.0000095",
    );
    expect(shib.marketValue).toBe("9.5");
    expect(shib.gainLoss).toBe("-0.5");
    expect(shib.gainLossPercent).toBe(-5);
    const unpriced = holdingValues({ quantity: "2", averagePurchasePrice: "10" }, null);
    expect(unpriced).toMatchObject({ marketValue: null, costBasis: "20", gainLoss: null });
  });

  it("lists held symbols missing from the watchlist, once the watchlist is known", () => {
    const holdings = new Map([
      ["MSFT", 1],
      ["AAPL", 1],
      ["KO", 1],
    ]);
    expect(heldNotWatched(holdings, undefined)).toEqual([]);
    expect(heldNotWatched(holdings, [{ symbol: "KO" }])).toEqual(["AAPL", "MSFT"]);
  });
});

describe("prices below a dollar keep their significant digits", () => {
  it("gives a price the decimals it needs: 2 from $1, four significant digits below, 8 under a cent", () => {
    expect(priceDecimals("64000")).toBe(2);
    expect(priceDecimals("1")).toBe(2);
    expect(priceDecimals("0.6712")).toBe(4);
    expect(priceDecimals("0.05123")).toBe(5);
    expect(priceDecimals("0.00001234")).toBe(8);
    expect(priceDecimals("0")).toBe(2);
  });

  it("shows a coin's price and its change at one precision", () => {
    expect(formatPrice("0.67123")).toBe("$0.6712");
    expect(formatSignedPrice("0.0046", "0.67123")).toBe("+$0.0046");
    expect(formatSignedPrice("-0.0046", "0.67123")).toBe("-$0.0046");
    expect(formatPrice("0.66", "0.67123")).toBe("$0.6600");
    expect(formatPrice("0.00001234")).toBe("$0.00001234");
    expect(formatSignedPrice("1.5", "160.31")).toBe("+$1.50");
    expect(formatPrice(null)).toBe("N/A");
  });
});

describe("a change's colour follows what it reads", () => {
  it("is up or down by the amount shown, and flat when it reads as zero", () => {
    expect(directionOf("1.5", "+$1.50", 0.9)).toBe("up");
    expect(directionOf("-0.0046", "-$0.0046", -0.68)).toBe("down");
    expect(directionOf("0", "$0.00", 0)).toBe("flat");
    expect(directionOf("0.004", "$0.00", 0.001)).toBe("flat");
  });

  it("falls back to the percent when the amount reads as zero but the percent does not", () => {
    expect(directionOf("0.004", "$0.00", 0.4)).toBe("up");
    expect(directionOf(null, "", -0.004)).toBe("flat");
    expect(directionOf(null, "", -1.2)).toBe("down");
  });
});

describe("charts", () => {
  it("gives a nearly flat series a y-range of at least 2% of its level", async () => {
    const { atLeastShare } = await import("../src/components/charts/useLightweightChart");
    const flat = atLeastShare(0.02)(() => ({
      priceRange: { minValue: 10_000, maxValue: 10_001.77 },
    }));
    const range = flat!.priceRange!;
    expect(range.maxValue - range.minValue).toBeCloseTo(200.0177, 3);
    const moving = atLeastShare(0.02)(() => ({ priceRange: { minValue: 90, maxValue: 110 } }));
    expect(moving?.priceRange).toEqual({ minValue: 90, maxValue: 110 });
  });

  it("labels volumes as compact counts, never currency", async () => {
    const { formatCompactNumber } = await import("../src/lib/format");
    expect(formatCompactNumber(123_456_789)).toBe("123.46M");
    expect(formatCompactNumber(7_360_000_000_000)).toBe("7.36T");
    expect(formatCompactNumber(950)).toBe("950");
  });
});
