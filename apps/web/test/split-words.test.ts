import { setFormatLocale } from "@ledgerline/money/format";
import { formatSplitChange, formatSplit as apiSplit } from "@ledgerline/money/format";
import { afterEach, describe, expect, it } from "vitest";
import { formatSplit, splitChangeText } from "../src/lib/split-words";

afterEach(() => setFormatLocale("en-US"));

describe("a split in the reader's words", () => {
  it("reads in English word for word as the API writes it", () => {
    for (const [from, to, change] of [
      ["1", "4", "60"],
      ["10", "1", "-90"],
      ["2", "3", "1"],
      ["1", "1000", "999000"],
    ] as const) {
      const notes = formatSplitChange(from, to, change);
      expect(splitChangeText(notes)).toBe(notes);
      expect(formatSplit(from, to)).toBe(apiSplit(from, to));
    }
  });

  it("writes the figures in the reader's locale", () => {
    setFormatLocale("de-DE");
    // The words are the build's language (English in these tests); the figures the locale's.
    expect(splitChangeText("1-for-1,000 reverse split, -999,000 shares")).toBe(
      "1-for-1.000 reverse split, -999.000 shares",
    );
  });

  it("leaves notes of another form as they are", () => {
    expect(splitChangeText("Split applied by hand")).toBe("Split applied by hand");
  });
});
