import { describe, expect, it } from "vitest";
import { sortInTurns, Turns } from "@ledgerline/api/platform/turns";

/** A fixed sequence of pseudo-random numbers (a linear congruential generator). */
function numbers(count: number, seed = 7): number[] {
  const out: number[] = [];
  let state = seed;
  for (let index = 0; index < count; index++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    out.push(state % 1000);
  }
  return out;
}

describe("sortInTurns", () => {
  it.each([
    ["random", numbers(20_000)],
    ["already in order", [...numbers(5000)].sort((a, b) => a - b)],
    ["in reverse order", [...numbers(5000)].sort((a, b) => b - a)],
    ["shorter than a run", numbers(100)],
    ["empty", []],
  ])(
    "orders %s items as Array.prototype.sort does, equal items in their order",
    async (_n, values) => {
      // Items with equal keys and distinct positions: a stable sort keeps the positions rising.
      const items = values.map((key, position) => ({ key, position }));
      const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
      const sorted = await sortInTurns(items, byKey);
      expect(sorted).toEqual([...items].sort(byKey));
      expect(items.map((item) => item.position)).toEqual(values.map((_, position) => position));
    },
  );

  it("hands the event loop over while it sorts a long list, whenever its turn is over", async () => {
    const items = numbers(300_000);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    // A clock that always says the turn is over: each merge step hands the loop over.
    const eager = new (class extends Turns {
      override due() {
        return true;
      }
    })();
    const sorted = await sortInTurns(items, (a, b) => a - b, eager);
    clearInterval(timer);
    expect(sorted).toEqual([...items].sort((a, b) => a - b));
    // Timers ran meanwhile: without the turns, none would until the sort is done.
    expect(ticks).toBeGreaterThan(10);
  });
});
