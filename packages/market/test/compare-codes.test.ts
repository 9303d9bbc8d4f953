import { describe, expect, it } from "vitest";
import { compareCodes } from "../src/compare-codes";

const sign = (n: number) => Math.sign(n);

/** Every string of up to two of `chars`, and `count` random ones of up to eight. */
function samples(chars: string, count: number): string[] {
  const all = [...chars];
  const strings = [""];
  for (const first of all) {
    strings.push(first);
    for (const second of all) strings.push(first + second);
  }
  let seed = 35;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < count; i++) {
    const length = 1 + Math.floor(random() * 8);
    // Half the characters from the first six, so that long common prefixes occur.
    strings.push(
      Array.from(
        { length },
        () => all[Math.floor(random() * (random() < 0.5 ? 6 : all.length))],
      ).join(""),
    );
  }
  return strings;
}

describe("compareCodes", () => {
  it.each([
    ["upper-case codes", "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-"],
    ["lower-case codes", "abcdefghijklmnopqrstuvwxyz0123456789.-"],
  ])("orders %s as the collator does", (_name, chars) => {
    const strings = samples(chars, 2000);
    let differ = 0;
    for (const a of strings) {
      for (const b of strings) {
        if (sign(compareCodes(a, b)) !== sign(a.localeCompare(b))) differ++;
      }
    }
    expect(differ).toBe(0);
  });

  it("leaves anything else to the collator", () => {
    for (const [a, b] of [
      ["a", "B"],
      ["AAPL", "aapl"],
      ["^GSPC", "AAPL"],
      ["BRK/B", "BRK.B"],
      ["Énergie", "Energy"],
      ["2024-01-02T10:00:00Z", "2024-01-02T09:00:00Z"],
    ] as const) {
      expect(compareCodes(a, b)).toBe(a.localeCompare(b));
      expect(compareCodes(b, a)).toBe(b.localeCompare(a));
    }
  });

  it("orders ISO dates and tickers as before", () => {
    expect(["2024-05-10", "2023-12-31", "2024-05-09"].sort(compareCodes)).toEqual([
      "2023-12-31",
      "2024-05-09",
      "2024-05-10",
    ]);
    expect(["BRK.B", "BRKB", "BF-B", "A", "AA"].sort(compareCodes)).toEqual(
      ["BRK.B", "BRKB", "BF-B", "A", "AA"].sort((a, b) => a.localeCompare(b)),
    );
  });
});
