import { describe, expect, it } from "vitest";
import { formatCurrency, formatRatio } from "../src/lib/format";
import { axisTicks, plotted } from "../src/routes/_app/portfolio-summary/-components/ValueChart";

/**
 * The value chart's tooltip and the crosshair's label on its price axis agree to the cent (issue
 * 37: $61,877.87 beside $61,877.86). The label is the library's price read back from a pixel, a
 * hair off the plotted value; a value plotted with sub-cent digits then rounds either way.
 */
describe("the value chart's plotted figures", () => {
  const hair = 1e-7;
  it("are the cents the tooltip shows, so a value a hair off rounds to the same cent", () => {
    for (const exact of ["61877.865", "10429.595", "0.125", "-1049.755", "9500.96"]) {
      const value = plotted(exact, "money");
      expect(formatCurrency(value)).toBe(formatCurrency(exact));
      expect(formatCurrency(value + hair)).toBe(formatCurrency(exact));
      expect(formatCurrency(value - hair)).toBe(formatCurrency(exact));
    }
    // Plotted as it was, the exact value's float: a hair below rounds down a cent.
    expect(formatCurrency(Number("61877.865") - hair)).not.toBe(formatCurrency("61877.865"));
  });

  it("are the hundredths of a percent the tooltip shows for returns", () => {
    for (const ratio of ["0.41523679", "-0.03712345", "0.000049"]) {
      const value = plotted(ratio, "percent");
      expect(formatRatio(String((value + hair) / 100))).toBe(formatRatio(ratio));
      expect(formatRatio(String((value - hair) / 100))).toBe(formatRatio(ratio));
    }
  });
});

describe("the value chart's price axis", () => {
  it("writes whole dollars and percents without '.00', so a phone's plot keeps its width", () => {
    expect(axisTicks([0, 10000, 70000], false)).toEqual(["$0", "$10,000", "$70,000"]);
    expect(axisTicks([-5, 0, 25], true)).toEqual(["-5%", "0%", "+25%"]);
  });

  it("keeps the cents, or hundredths of a percent, on every tick of a scale that needs them", () => {
    expect(axisTicks([100, 100.5, 101], false)).toEqual(["$100.00", "$100.50", "$101.00"]);
    expect(axisTicks([0.25, 0.5], true)).toEqual(["+0.25%", "+0.50%"]);
  });
});
