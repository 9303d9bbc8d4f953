import { describe, expect, it } from "vitest";
import { PriceTicks, type PriceTick } from "../../src/stream/price-ticks";
import { serviceAt } from "../support/service";
import { DURING_SESSION, SATURDAY } from "../support/times";

const BTC = { assetType: "CRYPTO", symbol: "BTC" } as const;
const ETH = { assetType: "CRYPTO", symbol: "ETH" } as const;
const AAPL = { assetType: "STOCK", symbol: "AAPL" } as const;

function collect() {
  const ticks: PriceTick[] = [];
  return { ticks, listener: (tick: PriceTick) => ticks.push(tick) };
}

describe("live prices over the simulated market", () => {
  it("ticks a coin every second, with the whole quote as exact decimal strings", async () => {
    const { market, clock } = serviceAt(SATURDAY);
    const ticks = new PriceTicks(market.ticks);
    const seen = collect();
    const stop = ticks.subscribe([BTC], seen.listener);
    await clock.advance(10_000);
    stop();
    expect(seen.ticks.length).toBeGreaterThanOrEqual(10);
    expect(new Set(seen.ticks.map((tick) => tick.price)).size).toBeGreaterThan(5);
    const last = seen.ticks.at(-1)!;
    expect(last).toMatchObject({ assetType: "CRYPTO", symbol: "BTC" });
    expect(last.price).toMatch(/^\d+(\.\d+)?$/);
    expect(last.quote.price).toBe(last.price);
  });

  it("ticks stocks during the NYSE session and stands still outside it", async () => {
    const open = serviceAt(DURING_SESSION);
    const during = collect();
    const stopDuring = new PriceTicks(open.market.ticks).subscribe([AAPL], during.listener);
    await open.clock.advance(120_000);
    stopDuring();
    expect(during.ticks.length).toBeGreaterThan(1);
    expect(new Set(during.ticks.map((tick) => tick.price)).size).toBeGreaterThan(1);

    const closed = serviceAt(SATURDAY);
    const weekend = collect();
    const stopWeekend = new PriceTicks(closed.market.ticks).subscribe([AAPL], weekend.listener);
    await closed.clock.advance(120_000);
    stopWeekend();
    // The current (last session's) quote once, then nothing: the market is closed.
    expect(weekend.ticks).toHaveLength(1);
    expect(weekend.ticks[0]!.quote).toMatchObject({ symbol: "AAPL" });
  });

  it("opens one upstream per symbol however many listen, and releases it with the last", async () => {
    const { market, clock, crypto } = serviceAt(SATURDAY);
    const ticks = new PriceTicks(market.ticks);
    const first = collect();
    const second = collect();
    const stopFirst = ticks.subscribe([BTC], first.listener);
    const stopSecond = ticks.subscribe([BTC, ETH], second.listener);
    expect(ticks.upstreamCount).toBe(2);
    await clock.advance(5000);
    // Both listeners saw the same BTC ticks: one read per second, not one per listener.
    const btcOf = (seen: PriceTick[]) => seen.filter((tick) => tick.symbol === "BTC");
    expect(btcOf(second.ticks)).toEqual(first.ticks);
    const readsPerSecond = crypto.calls.filter((call) => call.argument === "BTC").length / 5;
    expect(readsPerSecond).toBeLessThanOrEqual(2 * 1.25); // spot + 24 h stats, once a second

    stopFirst();
    expect(ticks.upstreamCount).toBe(2);
    stopSecond();
    stopSecond();
    expect(ticks.upstreamCount).toBe(0);
    const callsAfterRelease = crypto.calls.length;
    await clock.advance(5000);
    expect(crypto.calls.length).toBe(callsAfterRelease);
  });

  it("gives a new listener the latest known tick straight away", async () => {
    const { market, clock } = serviceAt(SATURDAY);
    const ticks = new PriceTicks(market.ticks);
    const stop = ticks.subscribe([BTC], () => {});
    await clock.advance(2000);
    const late = collect();
    const stopLate = ticks.subscribe([BTC], late.listener);
    await Promise.resolve();
    expect(late.ticks).toEqual([ticks.latest(BTC)]);
    stop();
    stopLate();
  });

  it("keeps delivering to the others when one listener throws", async () => {
    const { market, clock } = serviceAt(SATURDAY);
    const errors: unknown[] = [];
    const ticks = new PriceTicks(market.ticks, (error) => errors.push(error));
    const stopFaulty = ticks.subscribe([BTC], () => {
      throw new Error("listener bug");
    });
    const healthy = collect();
    const stopHealthy = ticks.subscribe([BTC], healthy.listener);
    await clock.advance(3000);
    stopFaulty();
    stopHealthy();
    expect(healthy.ticks.length).toBeGreaterThanOrEqual(3);
    expect(errors.length).toBeGreaterThanOrEqual(3);
  });
});
