import { describe, expect, it, vi } from "vitest";
import { compareSymbols } from "../src/lib/compare-symbols";

const sign = (n: number) => Math.sign(n);

describe("compareSymbols", () => {
  // Capitals, digits and the punctuation and case a name may carry, whose collation order is
  // not their code-point order ('-' and '.' after ':' in ASCII; 'a' after 'B').
  const alphabet = ["A", "B", "Z", "0", "9", ".", "-", ":", "a", "z", "É", " "];
  const words: string[] = [""];
  for (const x of alphabet) {
    words.push(x);
    for (const y of alphabet) words.push(x + y, `BR${x}${y}`);
  }
  words.push("AAPL", "BRK.B", "BRK-B", "X:BTCUSD", "X1", "Bitcoin", "bitcoin", "ÉCLAIR");

  it("orders every pair as localeCompare does", () => {
    // One assertion over all 84,000 pairs: an expect per pair took seconds on a loaded machine.
    const differing: string[] = [];
    for (const a of words)
      for (const b of words)
        if (sign(compareSymbols(a, b)) !== sign(a.localeCompare(b))) differing.push(`${a} ${b}`);
    expect(differing).toEqual([]);
  });

  it("sorts a list into localeCompare's order", () => {
    const shuffled = [...words].reverse();
    expect(shuffled.sort(compareSymbols)).toEqual([...words].sort((a, b) => a.localeCompare(b)));
  });

  it("compares tickers without building a collator", async () => {
    vi.resetModules();
    const Real = Intl.Collator;
    let made = 0;
    Intl.Collator = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made += 1;
      }
    } as typeof Real;
    try {
      const { compareSymbols: fresh } = await import("../src/lib/compare-symbols");
      expect(["MSFT", "AAPL", "BRK2"].sort(fresh)).toEqual(["AAPL", "BRK2", "MSFT"]);
      expect(made).toBe(0);
      fresh("BRK.B", "BRKA");
      fresh("a", "B");
      expect(made).toBe(1);
    } finally {
      Intl.Collator = Real;
    }
  });
});
