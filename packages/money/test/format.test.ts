import { describe, expect, it } from "vitest";
import { formatPrice, formatSignedQuantity, formatSplit, formatSplitChange } from "../src/format";

describe("the one formatting module", () => {
  it("writes a price with its sign, separators and cents", () => {
    expect(formatPrice("86733.97")).toBe("$86,733.97");
    expect(formatPrice("56776.7")).toBe("$56,776.70");
    expect(formatPrice("0.6712")).toBe("$0.6712");
  });

  it("writes a change of quantity with its sign, exact to 8 decimals", () => {
    expect(formatSignedQuantity("60")).toBe("+60");
    expect(formatSignedQuantity("-97.14285714")).toBe("-97.14285714");
    expect(formatSignedQuantity("1200")).toBe("+1,200");
  });
});

describe("a split in words", () => {
  it("says the ratio as people say it, forward and reverse", () => {
    expect(formatSplit("1", "4")).toBe("4-for-1 split");
    expect(formatSplit("2", "3")).toBe("3-for-2 split");
    expect(formatSplit("35", "1")).toBe("1-for-35 reverse split");
  });

  it("says what it did to a holding, without any cash", () => {
    expect(formatSplitChange("1", "4", "60")).toBe("4-for-1 split, +60 shares");
    expect(formatSplitChange("10", "1", "-90")).toBe("1-for-10 reverse split, -90 shares");
    expect(formatSplitChange("2", "3", "1")).toBe("3-for-2 split, +1 share");
    expect(formatSplitChange("1", "4", "3000")).toBe("4-for-1 split, +3,000 shares");
  });
});
