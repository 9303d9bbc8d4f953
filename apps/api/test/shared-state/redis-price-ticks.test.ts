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
  let opened: (() => void) | undefined;
  let price = 100;
  const source: TickSource = {
    open(instrument: Instrument, emit) {
      open.set(instrument.symbol, (open.get(instrument.symbol) ?? 0) + 1);
      opened?.();
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
  return {
    source,
    openCount: (symbol: string) => open.get(symbol) ?? 0,
    /** Resolves when this upstream next opens a stream. */
    nextOpen: () => new Promise<void>((resolve) => (opened = resolve)),
  };
}

/** The ticks one viewer saw, and promises of the ticks it is waiting for. */
function viewer() {
  const seen: PriceTick[] = [];
  let waiting: { until: () => boolean; arrived: () => void }[] = [];
  const wait = (until: () => boolean) =>
    new Promise<void>((arrived) => {
      if (until()) arrived();
      else waiting.push({ until, arrived });
    });
  return {
    seen,
    onTick: (tick: PriceTick) => {
      seen.push(tick);
      const due = waiting.filter((entry) => entry.until());
      waiting = waiting.filter((entry) => !due.includes(entry));
      for (const entry of due) entry.arrived();
    },
    /** Resolves once `count` more ticks have arrived. */
    more(count: number) {
      const target = seen.length + count;
      return wait(() => seen.length >= target);
    },
    /** Resolves once a tick at `price` has arrived. */
    sees: (price: string) => wait(() => seen.some((tick) => tick.price === price)),
  };
}

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
    const a = viewer();
    const b = viewer();
    const stopA = ticksA.subscribe([BTC], a.onTick);
    const stopB = ticksB.subscribe([BTC], b.onTick);
    await Promise.all([a.more(4), b.more(4)]);
    expect(upstreamA.openCount("BTC") + upstreamB.openCount("BTC")).toBe(1);
    // Both see the newest tick either has seen (the one upstream's prices only rise).
    const newest = [a.seen.at(-1)!.price, b.seen.at(-1)!.price].sort((x, y) => +y - +x)[0]!;
    await Promise.all([a.sees(newest), b.sees(newest)]);

    // The holder's viewers leave: the other process takes the upstream over.
    const holderIsA = upstreamA.openCount("BTC") === 1;
    const takesOver = (holderIsA ? upstreamB : upstreamA).nextOpen();
    (holderIsA ? stopA : stopB)();
    const survivor = holderIsA ? b : a;
    await takesOver;
    expect(upstreamA.openCount("BTC") + upstreamB.openCount("BTC")).toBe(1);
    await survivor.more(4);

    // The last viewer leaves: no upstream anywhere.
    (holderIsA ? stopB : stopA)();
    expect(upstreamA.openCount("BTC") + upstreamB.openCount("BTC")).toBe(0);
    expect(ticksA.upstreamCount + ticksB.upstreamCount).toBe(0);
  });
});
