import { describe, expect, it } from "vitest";
import { serviceAt } from "../support/service";
import { DURING_SESSION, SATURDAY } from "../support/times";

const watched = { stocks: ["AAPL", "MSFT", "KO"], crypto: ["BTC", "ETH"] };

describe("the market refresher", () => {
  it("keeps watched symbols fresh so that client polling never reaches the provider", async () => {
    const { market, stocks, crypto, clock } = serviceAt(DURING_SESSION);
    const cycles = { stocks: 0, crypto: 0 };
    const refresher = market.createRefresher({
      watched: () => watched,
      recentlyRequestedMs: 0,
      onCycle: (cycle) => (cycles[cycle.kind] += 1),
    });
    refresher.start();
    await clock.advance(1);

    // 50 clients polling every 5 seconds for 10 minutes: no call is theirs.
    let polls = 0;
    for (let second = 0; second < 600; second += 5) {
      for (let client = 0; client < 50; client++) {
        await market.stocks.getSnapshots(watched.stocks);
        await market.crypto.getQuotes(watched.crypto);
        polls += 1;
      }
      await clock.advance(5000);
    }
    await refresher.stop();
    expect(polls).toBe(6000);
    // Every upstream call belongs to a refresher cycle: per stock cycle (every 30 s) one batched
    // snapshot call and the two movers calls; per crypto cycle (every 10 s) spot and stats per coin.
    expect(cycles.stocks).toBeGreaterThanOrEqual(20);
    expect(stocks.calls.map((call) => call.method).sort()).toEqual(
      [
        ...Array<string>(cycles.stocks).fill("getSnapshots"),
        ...Array<string>(2 * cycles.stocks).fill("getMovers"),
      ].sort(),
    );
    expect(crypto.calls).toHaveLength(cycles.crypto * 2 * watched.crypto.length);
  });

  it("slows down while the market is closed", async () => {
    const { market, stocks, clock } = serviceAt(SATURDAY);
    const refresher = market.createRefresher({
      watched: () => ({ stocks: ["AAPL"], crypto: [] }),
      recentlyRequestedMs: 0,
      refreshMovers: false,
    });
    refresher.start();
    await clock.advance(30 * 60_000);
    await refresher.stop();
    // Every 5 minutes instead of every 30 seconds.
    expect(stocks.calls.length).toBeLessThanOrEqual(7);
  });

  it("also refreshes what users asked for recently, and stops cleanly", async () => {
    const { market, stocks, clock } = serviceAt(DURING_SESSION);
    await market.stocks.getSnapshot("NVDA");
    const refresher = market.createRefresher({
      watched: () => ({ stocks: [], crypto: [] }),
      refreshMovers: false,
    });
    refresher.start();
    await clock.advance(31_000);
    await refresher.stop();
    const refreshedNvda = stocks.calls.filter(
      (call) =>
        call.argument === "NVDA" ||
        (Array.isArray(call.argument) && call.argument.includes("NVDA")),
    );
    expect(refreshedNvda.length).toBeGreaterThanOrEqual(3);
    const before = stocks.calls.length;
    await clock.advance(120_000);
    expect(stocks.calls.length).toBe(before);
    expect(refresher.isRunning).toBe(false);
  });

  it("reports a failing cycle and keeps going", async () => {
    const { market, stocks, clock } = serviceAt(DURING_SESSION);
    const errors: unknown[] = [];
    let fail = true;
    const refresher = market.createRefresher({
      watched: () => {
        if (fail) throw new Error("database unavailable");
        return { stocks: ["AAPL"], crypto: [] };
      },
      recentlyRequestedMs: 0,
      refreshMovers: false,
      onError: (error) => errors.push(error),
    });
    refresher.start();
    await clock.advance(1);
    fail = false;
    await clock.advance(30_000);
    await refresher.stop();
    expect(errors.length).toBeGreaterThan(0);
    expect(stocks.calls.length).toBeGreaterThan(0);
  });
});
