import { describe, expect, it } from "vitest";
import { formatMoney, formatUsdCode } from "../src/format";

describe("an amount in a display currency", () => {
  it("is written as en-US Intl writes each currency", () => {
    const amount = "-1234.565";
    for (const currency of ["USD", "EUR", "GBP", "CHF", "JPY", "CAD", "AUD"]) {
      const intl = new Intl.NumberFormat("en-US", { style: "currency", currency });
      expect(formatMoney(amount, currency)).toBe(intl.format(amount as unknown as number));
      expect(formatMoney("1234.5", currency)).toBe(intl.format(1234.5));
    }
  });

  it("writes a gain's sign when asked, and N/A for a missing value", () => {
    expect(formatMoney("12.3", "EUR", true)).toBe("+€12.30");
    expect(formatMoney("-12.3", "GBP", true)).toBe("-£12.30");
    expect(formatMoney(null, "EUR")).toBe("N/A");
  });

  it("names the USD amount for the hover", () => {
    expect(formatUsdCode("1234.56")).toBe("USD 1,234.56");
    expect(formatUsdCode("-5", true)).toBe("USD -5.00");
  });
});
