import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { tickBatches } from "../src/components/assets/tick-batches";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("live ticks reach the screen in batches", () => {
  it("writes at most once a second, all symbols together, the newest tick of each", () => {
    const writes: string[][] = [];
    const queue = tickBatches<{ symbol: string; price: string }>(
      (tick) => tick.symbol,
      (ticks) => writes.push(ticks.map((tick) => `${tick.symbol}@${tick.price}`)),
      1000,
    );
    queue({ symbol: "BTC", price: "1" });
    vi.advanceTimersByTime(0);
    expect(writes).toEqual([["BTC@1"]]);

    // Ten symbols ticking through the next second: one write at its end.
    for (let step = 0; step < 10; step += 1) {
      vi.advanceTimersByTime(90);
      queue({ symbol: `S${step % 3}`, price: String(step) });
    }
    expect(writes).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(writes).toEqual([["BTC@1"], ["S1@7", "S2@8", "S0@9"]]);

    // After a quiet spell the next tick is written at once.
    vi.advanceTimersByTime(5000);
    queue({ symbol: "ETH", price: "2" });
    vi.advanceTimersByTime(0);
    expect(writes.at(-1)).toEqual(["ETH@2"]);
  });
});
