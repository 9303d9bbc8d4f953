import { describe, expect, it } from "vitest";
import { pageWindow } from "../src/components/ui/Pager";
import { isoToLocalInput, localInputToIso } from "../src/lib/datetime-local";
import { formatDateTime, orNA } from "../src/lib/format";
import { newPasswordProblem } from "../src/lib/password-rules";

describe("formatting", () => {
  it("shows dates as a short month with time, and N/A when missing", () => {
    expect(formatDateTime("2026-03-02T15:04:00Z")).toMatch(/^Mar 2, 2026, \d{1,2}:04 (AM|PM)$/);
    expect(formatDateTime(null)).toBe("N/A");
    expect(formatDateTime("garbage")).toBe("N/A");
  });

  it("reads empty values as N/A", () => {
    expect(orNA("")).toBe("N/A");
    expect(orNA(null)).toBe("N/A");
    expect(orNA("10.0.0.1")).toBe("10.0.0.1");
  });

  it("converts between datetime-local values and ISO instants both ways", () => {
    const iso = localInputToIso("2026-03-02T09:30");
    expect(iso).toBeDefined();
    expect(isoToLocalInput(iso)).toBe("2026-03-02T09:30");
    expect(localInputToIso("")).toBeUndefined();
  });
});

describe("password rules", () => {
  it("checks the match first, then the length, with the given mismatch message", () => {
    expect(newPasswordProblem("abc", "abd", "New passwords do not match")).toBe(
      "New passwords do not match",
    );
    expect(newPasswordProblem("abc", "abc", "x")).toBe(
      "Password must be at least 6 characters long",
    );
    expect(newPasswordProblem("abcdef", "abcdef", "x")).toBeNull();
  });
});

describe("pager", () => {
  it("shows up to five page numbers around the current page", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});
