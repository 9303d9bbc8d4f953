import type { MethodPreview } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import {
  gainChangeText,
  methodSwitchedText,
  methodSwitchHeadings,
  methodSwitchRows,
} from "../src/routes/_app/accounts/-components/method-switch";

/** Two years of sales, as the server writes figures: exact decimals to 16 places. */
const preview: MethodPreview = {
  accountId: 3,
  from: "fifo",
  to: "lifo",
  years: [
    {
      year: 2025,
      before: "40.0000000000000000",
      after: "40.0000000000000000",
      change: "0.0000000000000000",
    },
    {
      year: 2026,
      before: "250.0000000000000000",
      after: "150.0000000000000000",
      change: "-100.0000000000000000",
    },
  ],
  total: {
    before: "290.0000000000000000",
    after: "190.0000000000000000",
    change: "-100.0000000000000000",
  },
};

describe("the method switch's differences", () => {
  it("signs a difference and says when there is none", () => {
    expect(gainChangeText("-100.0000000000000000")).toBe("-$100.00");
    expect(gainChangeText("1234.5")).toBe("+$1,234.50");
    expect(gainChangeText("0.0000000000000000")).toBe("No change");
    expect(gainChangeText("-0")).toBe("No change");
  });

  it("keeps a difference under a cent visible rather than rounding it to nothing", () => {
    expect(gainChangeText("0.004")).toBe("+$0.00400000");
  });

  it("lists each tax year oldest first, then the total over every year", () => {
    expect(methodSwitchRows(preview)).toEqual({
      years: [
        { label: "2025", before: "+$40.00", after: "+$40.00", change: "No change" },
        { label: "2026", before: "+$250.00", after: "+$150.00", change: "-$100.00" },
      ],
      total: { label: "All years", before: "+$290.00", after: "+$190.00", change: "-$100.00" },
    });
  });

  it("leaves the total out when there is one year: it would repeat it", () => {
    const oneYear = { ...preview, years: preview.years.slice(1) };
    expect(methodSwitchRows(oneYear).total).toBeNull();
  });

  it("heads the figures with the method each is under", () => {
    expect(methodSwitchHeadings("average", "specific")).toEqual({
      before: "Now (Average cost)",
      after: "With Specific lots",
    });
  });
});

describe("the toast once a switch is saved", () => {
  it("names the method, the total difference and the one year it changed", () => {
    expect(methodSwitchedText("Brokerage", preview)).toBe(
      "Brokerage now uses LIFO. Realized gain recomputed from the first sale: -$100.00 (2026).",
    );
  });

  it("says so when the methods agree or there were no sales", () => {
    const same = {
      ...preview,
      years: preview.years.slice(0, 1),
      total: preview.years[0]!,
    };
    expect(methodSwitchedText("Brokerage", same)).toBe(
      "Brokerage now uses LIFO. Realized gain recomputed from the first sale: no change.",
    );
    expect(methodSwitchedText("Brokerage", { ...preview, years: [] })).toBe(
      "Brokerage now uses LIFO. It has no sales yet, so no realized gain changed.",
    );
  });
});
