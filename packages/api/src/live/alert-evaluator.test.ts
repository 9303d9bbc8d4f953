import { describe, expect, it } from "vitest";
import { alertCrossed, alertMessage, alertRearms } from "./alert-evaluator";

describe("alert rules", () => {
  it("crosses at or beyond the level, in the alert's direction", () => {
    expect(alertCrossed({ condition: "above", value: "100" }, "100", 0)).toBe(true);
    expect(alertCrossed({ condition: "above", value: "100" }, "99.99", 0)).toBe(false);
    expect(alertCrossed({ condition: "below", value: "100" }, "100", 0)).toBe(true);
    expect(alertCrossed({ condition: "below", value: "100" }, "100.01", 0)).toBe(false);
    expect(alertCrossed({ condition: "move", value: "5" }, "1", -5)).toBe(true);
    expect(alertCrossed({ condition: "move", value: "5" }, "1", 4.99)).toBe(false);
  });

  it("compares exact decimals, not floats", () => {
    expect(alertCrossed({ condition: "above", value: "0.3" }, "0.30000000000000001", 0)).toBe(true);
    expect(alertCrossed({ condition: "below", value: "0.00001234" }, "0.00001235", 0)).toBe(false);
  });

  it("re-arms only once the price is back past the level by 1% of it", () => {
    expect(alertRearms({ condition: "above", value: "200" }, "198.01", 0)).toBe(false);
    expect(alertRearms({ condition: "above", value: "200" }, "198", 0)).toBe(true);
    expect(alertRearms({ condition: "below", value: "200" }, "201.99", 0)).toBe(false);
    expect(alertRearms({ condition: "below", value: "200" }, "202", 0)).toBe(true);
    expect(alertRearms({ condition: "move", value: "10" }, "1", -9.91)).toBe(false);
    expect(alertRearms({ condition: "move", value: "10" }, "1", 9.9)).toBe(true);
  });

  it("says what crossed, at what price, with the note, in the app's money format", () => {
    expect(
      alertMessage(
        { condition: "below", value: "50", symbol: "ETH", note: "buy more" },
        "49.5",
        -3,
      ),
    ).toBe("ETH is at $49.50, at or below your alert at $50.00. Note: buy more");
    // A level ending in a zero keeps it (the CI saw "56776.7" where the user typed 56776.70).
    expect(
      alertMessage({ condition: "above", value: "56776.7", symbol: "BTC", note: null }, "57000", 1),
    ).toBe("BTC is at $57,000.00, at or above your alert at $56,776.70");
    expect(
      alertMessage(
        { condition: "above", value: "85000", symbol: "BTC", note: null },
        "86733.97",
        1,
      ),
    ).toBe("BTC is at $86,733.97, at or above your alert at $85,000.00");
    expect(
      alertMessage(
        { condition: "below", value: "0.00001234", symbol: "SHIB", note: null },
        "0.0000123",
        -1,
      ),
    ).toBe("SHIB is at $0.00001230, at or below your alert at $0.00001234");
    expect(
      alertMessage({ condition: "move", value: "5", symbol: "NVDA", note: null }, "1234.5", -6.234),
    ).toBe("NVDA moved -6.23% today (price $1,234.50), beyond your alert at ±5.00%");
  });
});
