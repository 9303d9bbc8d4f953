import { systemClock, type Instrument, type PriceTick, type TickSource } from "@ledgerline/market";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createPriceTicks } from "../../src/market/price-ticks";
import { createSharedState, type SharedState } from "../../src/shared-state";
import { dropKeys, redisForTests, testRedisUrl, uniqueRedisPrefix } from "../support/services";

const available = await redisForTests("the live-price relay suite");
const prefix = uniqueRedisPrefix("price-ticks");
const opened: SharedState[] = [];
const LEASE_MS = 400;

async function process() {
  const state = await createSharedState({
    redisUrl: testRedisUrl,
    redisKeyPrefix: prefix,
    marketClock: systemClock,
    onError: (error) => {
      throw error;
    },
    lease: { leaseMs: LEASE_MS, renewMs: LEASE_MS / 4 },
  });
  opened.push(state);
  return state;
}

/** A stand-in upstream: counts the streams open and ticks each of them every 20 ms. */
function countingUpstream() {
  const open = new Map<string, number>();
  let price = 100;
  const source: TickSource = {
    open(instrument: Instrument, emit) {
      open.set(instrument.symbol, (open.get(instrument.symbol) ?? 0) + 1);
      const timer = setInterval(() => {
        price += 1;
        emit({
          assetType: "CRYPTO",
          symbol: instrument.symbol,
          price: String(price),
          at: Date.now(),
          quote: {
            symbol: instrument.symbol,
            price: String(price),
            currency: "USD",
            open: "100",
            change: String(price - 100),
            changePercent: 1,
            volume: 1,
            high24h: String(price),
            low24h: "100",
          },
        });
      }, 20);
      return () => {
        clearInterval(timer);
        open.set(instrument.symbol, open.get(instrument.symbol)! - 1);
      };
    },
  };
  return { source, openCount: (symbol: string) => open.get(symbol) ?? 0 };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const BTC = { assetType: "CRYPTO", symbol: "BTC" } as const;

afterEach(async () => {
  await Promise.all(opened.splice(0).map((state) => state.close()));
});
afterAll(async () => {
  if (available) await dropKeys(prefix);
});

describe.skipIf(!available)("live prices across API processes (Redis)", () => {
  it("runs one upstream per symbol for the whole deployment and fans its ticks out to every process", async () => {
    // Each process has its own upstream factory; counting both shows the deployment's total.
    const upstreamA = countingUpstream();
    const upstreamB = countingUpstream();
    const ticksA = createPriceTicks(await process(), upstreamA.source, (error) => {
      throw error;
    });
    const ticksB = createPriceTicks(await process(), upstreamB.source, (error) => {
      throw error;
    });
    const seenA: PriceTick[] = [];
    const seenB: PriceTick[] = [];
    const stopA = ticksA.subscribe([BTC], (tick) => seenA.push(tick));
    const stopB = ticksB.subscribe([BTC], (tick) => seenB.push(tick));
    await settle(300);
    expect(upstreamA.openCount("BTC") + upstreamB.openCount("BTC")).toBe(1);
    expect(seenA.length).toBeGreaterThan(3);
    expect(seenB.length).toBeGreaterThan(3);
    expect(seenB.at(-1)!.price).toBe(seenA.at(-1)!.price);

    // The holder's viewers leave: the other process takes the upstream over.
    const holderIsA = upstreamA.openCount("BTC") === 1;
    (holderIsA ? stopA : stopB)();
    const survivor = holderIsA ? seenB : seenA;
    await settle(LEASE_MS * 2);
    expect(upstreamA.openCount("BTC") + upstreamB.openCount("BTC")).toBe(1);
    const before = survivor.length;
    await settle(200);
    expect(survivor.length).toBeGreaterThan(before);

    // The last viewer leaves: no upstream anywhere.
    (holderIsA ? stopB : stopA)();
    await settle(100);
    expect(upstreamA.openCount("BTC") + upstreamB.openCount("BTC")).toBe(0);
    expect(ticksA.upstreamCount + ticksB.upstreamCount).toBe(0);
  });
});
