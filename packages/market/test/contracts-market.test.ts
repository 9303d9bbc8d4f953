import {
  companyDetails,
  cryptoSymbol,
  decimalString,
  marketMessages,
  stockSymbol,
  timeRange,
  timeRangeDates,
} from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";

describe("market contracts", () => {
  it("trims and upper-cases stock symbols and rejects anything outside the conservative charset", () => {
    expect(stockSymbol.parse(" brk.b ")).toBe("BRK.B");
    expect(stockSymbol.parse("aapl")).toBe("AAPL");
    for (const bad of ["", "   ", "TOOLONGSYMB", "1ABC", "AA PL", "A/B", "A;DROP", "ÄPPLE"]) {
      const result = stockSymbol.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(marketMessages.invalidStockSymbol);
    }
    expect(cryptoSymbol.parse("shib")).toBe("SHIB");
    expect(cryptoSymbol.safeParse("BTC-USD").success).toBe(false);
  });

  it("accepts only canonical decimal strings", () => {
    for (const good of ["0", "160.31", "-3.65", "0.00001234", "64090"])
      expect(decimalString.safeParse(good).success, good).toBe(true);
    for (const bad of ["160.310", "1e-8", "-0", "01.5", ".5", "12.", "NaN", ""])
      expect(decimalString.safeParse(bad).success, bad).toBe(false);
  });

  it("treats an unknown time range as 1M", () => {
    expect(timeRange.parse("3M")).toBe("3M");
    expect(timeRange.parse("5Y")).toBe("1M");
    expect(timeRange.parse(undefined)).toBe("1M");
  });

  it("maps each time range to a start date and today's New York date", () => {
    const now = new Date("2026-03-31T02:00:00Z"); // still 30 March in New York
    expect(timeRangeDates("1W", now)).toEqual({ from: "2026-03-23", to: "2026-03-30" });
    expect(timeRangeDates("1M", now)).toEqual({ from: "2026-02-28", to: "2026-03-30" });
    expect(timeRangeDates("3M", now)).toEqual({ from: "2025-12-30", to: "2026-03-30" });
    expect(timeRangeDates("6M", now)).toEqual({ from: "2025-09-30", to: "2026-03-30" });
    expect(timeRangeDates("1Y", now)).toEqual({ from: "2025-03-30", to: "2026-03-30" });
    expect(timeRangeDates("1M", new Date("2026-03-31T12:00:00Z"))).toEqual({
      from: "2026-02-28",
      to: "2026-03-31",
    });
  });

  it("describes company details with the provider's field names", () => {
    const keys = Object.keys(companyDetails.shape);
    expect(keys).toEqual(
      expect.arrayContaining([
        "market_cap",
        "total_employees",
        "list_date",
        "primary_exchange",
        "sic_description",
        "weighted_shares_outstanding",
        "homepage_url",
        "phone_number",
      ]),
    );
  });
});
