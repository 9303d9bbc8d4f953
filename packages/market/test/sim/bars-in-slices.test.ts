import { describe, expect, it } from "vitest";
import { DURING_SESSION } from "../support/times";
import { cryptoAt, simAt } from "../support/sim";

/**
 * Runs `work` while a ticker takes every turn of the event loop it is given, and answers how many
 * it got and the longest stretch between two, in milliseconds.
 */
async function turnsDuring(work: () => Promise<unknown>) {
  let turns = 0;
  let last = performance.now();
  let longest = 0;
  let running = true;
  const tick = () => {
    const at = performance.now();
    longest = Math.max(longest, at - last);
    last = at;
    turns += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  await work();
  running = false;
  longest = Math.max(longest, performance.now() - last);
  return { turns, longest };
}

describe("the simulated market's years of bars", () => {
  it("builds six years of a stock's daily bars in slices, the event loop turning between them", async () => {
    // A fresh market: nothing of the range is cached, every day's bar is computed (about 250 ms).
    const market = simAt(DURING_SESSION);
    const range = { ticker: "AAPL", from: "2020-01-01", to: "2026-03-10" };
    const { turns } = await turnsDuring(() => market.getDailyBars(range));
    // Built in one go, the answer came before the event loop turned once.
    expect(turns).toBeGreaterThan(3);
    expect(await market.getDailyBars(range)).toEqual(
      await simAt(DURING_SESSION).getDailyBars(range),
    );
  });

  it("builds six years of a coin's daily candles in slices too", async () => {
    const market = cryptoAt(DURING_SESSION);
    const { turns } = await turnsDuring(() =>
      market.getDailyCandles({ symbol: "BTC", from: "2020-01-01", to: "2026-03-10" }),
    );
    expect(turns).toBeGreaterThan(3);
  });
});
