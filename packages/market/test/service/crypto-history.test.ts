import { createRepositories } from "@ledgerline/db";
import { openTestDatabase } from "@ledgerline/db/testing";
import { historicalBar, marketMessages } from "@ledgerline/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { extendCryptoCoverage } from "../../src/service/crypto-bars";
import { createMarketService } from "../../src/service/create-market-service";
import { SimulatedCryptoMarket } from "../../src/sim/crypto/simulated-crypto-market";
import { InMemoryMarketStore } from "../../src/store/in-memory-market-store";
import type { MarketStore } from "../../src/store/market-store";
import { createManualClock } from "../../src/testing";
import { MarketDataError } from "../../src/errors";
import { controllable } from "../support/controllable-provider";
import { DURING_SESSION, SATURDAY } from "../support/times";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A service on its own cache over a shared store: what a restarted server looks like. */
function serviceOver(store: MarketStore, at: Date) {
  const clock = createManualClock(at);
  const crypto = controllable(new SimulatedCryptoMarket({ clock }));
  const market = createMarketService({ clock, store, crypto: { provider: crypto.provider } });
  const candleCalls = () =>
    crypto.calls.filter((call) => call.method === "getDailyCandles").map((call) => call.argument);
  return { market, crypto, candleCalls, clock };
}

describe("crypto price history", () => {
  it("answers every UTC day of the range, weekends included, ending with today at the quote's price", async () => {
    const { market } = serviceOver(new InMemoryMarketStore(), SATURDAY);
    const bars = await market.crypto.getHistoricalBars("btc", "1M");
    expect(bars[0]!.date).toBe("2026-02-14");
    expect(bars.at(-1)!.date).toBe("2026-03-14");
    expect(bars).toHaveLength(29);
    for (const bar of bars) expect(historicalBar.safeParse(bar).success).toBe(true);
    const quote = await market.crypto.getQuote("BTC");
    expect(bars.at(-1)!.c).toBe(quote.price);
    expect(bars.map((bar) => bar.t)).toEqual([...bars.map((bar) => bar.t)].sort((a, b) => a - b));
  });

  it("has the same ranges as the stock chart", async () => {
    const { market } = serviceOver(new InMemoryMarketStore(), DURING_SESSION);
    const first = async (range: "1W" | "3M" | "6M" | "1Y") =>
      (await market.crypto.getHistoricalBars("ETH", range))[0]!.date;
    expect(await first("1W")).toBe("2026-03-04");
    expect(await first("3M")).toBe("2025-12-11");
    expect(await first("6M")).toBe("2025-09-11");
    expect(await first("1Y")).toBe("2025-03-11");
  });

  it("never refetches finished days it has persisted, even after a restart", async () => {
    const handle = await openTestDatabase();
    cleanups.push(() => void handle.close());
    const store = createRepositories(handle).marketData;

    const first = serviceOver(store, DURING_SESSION);
    const bars = await first.market.crypto.getHistoricalBars("SOL", "1M");
    expect(first.candleCalls()).toEqual([
      { symbol: "SOL", from: "2026-02-11", to: "2026-03-10" },
      { symbol: "SOL", from: "2026-03-11", to: "2026-03-11" },
    ]);

    const restarted = serviceOver(store, DURING_SESSION);
    expect(await restarted.market.crypto.getHistoricalBars("SOL", "1M")).toEqual(bars);
    // Only today's running candle is asked for again.
    expect(restarted.candleCalls()).toEqual([
      { symbol: "SOL", from: "2026-03-11", to: "2026-03-11" },
    ]);
  });

  it("keeps crypto bars apart from stock bars of the same provider id", async () => {
    const store = new InMemoryMarketStore();
    const { market } = serviceOver(store, DURING_SESSION);
    await market.crypto.getHistoricalBars("LINK", "1W");
    expect(await store.getBarCoverage("sim-v2:ledgerline", "LINK")).toBeUndefined();
    expect(await store.getBarCoverage("crypto:sim-v2:ledgerline", "LINK")).toEqual({
      from: "2026-03-04",
      to: "2026-03-10",
    });
  });

  it("fetches only the days it does not have yet", async () => {
    const store = new InMemoryMarketStore();
    const first = serviceOver(store, DURING_SESSION);
    await first.market.crypto.getHistoricalBars("ADA", "1W");
    await first.market.crypto.getHistoricalBars("ADA", "1M");
    const nextWeek = serviceOver(store, new Date("2026-03-18T15:00:00Z"));
    await nextWeek.market.crypto.getHistoricalBars("ADA", "1W");
    expect(
      [...first.candleCalls(), ...nextWeek.candleCalls()].filter(
        (call) => (call as { from: string; to: string }).from !== (call as { to: string }).to,
      ),
    ).toEqual([
      { symbol: "ADA", from: "2026-03-04", to: "2026-03-10" },
      { symbol: "ADA", from: "2026-02-11", to: "2026-03-03" },
      { symbol: "ADA", from: "2026-03-11", to: "2026-03-17" },
    ]);
  });

  it("serves repeated requests from the cache", async () => {
    const { market, candleCalls } = serviceOver(new InMemoryMarketStore(), DURING_SESSION);
    await Promise.all([
      market.crypto.getHistoricalBars("DOT", "3M"),
      market.crypto.getHistoricalBars("DOT", "3M"),
    ]);
    await market.crypto.getHistoricalBars("DOT", "3M");
    expect(candleCalls()).toHaveLength(2);
  });

  it("still answers the finished days when today's candle fails", async () => {
    const store = new InMemoryMarketStore();
    const { market, crypto } = serviceOver(store, DURING_SESSION);
    await market.crypto.getDailyBars("AVAX", "2026-03-01", "2026-03-10");
    crypto.failWith = new MarketDataError("bars", "unavailable");
    const bars = await market.crypto.getDailyBars("AVAX", "2026-03-01", "2026-03-11");
    expect(bars.at(-1)!.date).toBe("2026-03-10");
  });

  it("refuses an invalid symbol and reports an unknown coin with the historical-data message", async () => {
    const { market } = serviceOver(new InMemoryMarketStore(), DURING_SESSION);
    await expect(market.crypto.getHistoricalBars("not a coin", "1M")).rejects.toMatchObject({
      kind: "invalid_symbol",
      message: marketMessages.invalidCryptoSymbol,
    });
    await expect(market.crypto.getHistoricalBars("NOPE", "1M")).rejects.toMatchObject({
      kind: "not_found",
      message: marketMessages.failedToFetchHistoricalData,
    });
  });
});

describe("crypto bar coverage", () => {
  const bar = (date: string) => ({ date, t: 0, o: "1", h: "1", l: "1", c: "1", v: 1 });

  it("covers the wanted days, joined to what was covered", () => {
    expect(
      extendCryptoCoverage(
        { from: "2026-03-01", to: "2026-03-05" },
        { from: "2026-03-06", to: "2026-03-08" },
        [bar("2026-03-06"), bar("2026-03-07"), bar("2026-03-08")],
      ),
    ).toEqual({ from: "2026-03-01", to: "2026-03-08" });
  });

  it("leaves a newly ended day without a candle uncovered, to ask again later", () => {
    expect(
      extendCryptoCoverage(undefined, { from: "2026-03-06", to: "2026-03-08" }, [
        bar("2026-03-06"),
        bar("2026-03-07"),
      ]),
    ).toEqual({ from: "2026-03-06", to: "2026-03-07" });
    expect(extendCryptoCoverage(undefined, { from: "2026-03-06", to: "2026-03-08" }, [])).toBe(
      undefined,
    );
  });
});
