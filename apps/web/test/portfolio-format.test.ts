import { describe, expect, it } from "vitest";
import { formatShare } from "../src/lib/format";

describe("allocation shares", () => {
  it("shows a share of the whole unsigned, with 2 decimals", () => {
    expect(formatShare(8.7001)).toBe("8.70%");
    expect(formatShare(90.1572)).toBe("90.16%");
    expect(formatShare(0.0235)).toBe("0.02%");
    expect(formatShare(100)).toBe("100.00%");
  });

  it("reads a missing share as N/A", () => {
    expect(formatShare(null)).toBe("N/A");
    expect(formatShare(undefined)).toBe("N/A");
  });
});
