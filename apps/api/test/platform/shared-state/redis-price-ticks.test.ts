import { systemClock, type Instrument, type PriceTick, type TickSource } from "@ledgerline/market";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { until } from "../../support/live-client";
import { createPriceTicks, PRICE_FEED_LEASE } from "@ledgerline/api/live/price-ticks";
import { createSharedState, type SharedState } from "@ledgerline/api/platform/shared-state/index";
import { dropKeys, redisForTests, testRedisUrl, uniqueRedisPrefix } from "../../support/services";

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

/** A coin's tick at this price, now. */
function quoteTick(symbol: string, price: string): PriceTick {
  return {
    assetType: "CRYPTO",
    symbol,
    price,
    at: Date.now(),
    quote: {
      symbol,
      price,
      currency: "USD",
      open: "100",
      change: String(Number(price) - 100),
      changePercent: 1,
      volume: 1,
      high24h: price,
      low24h: "100",
    },
  };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stand-in upstream: counts the streams open and ticks each of them every 20 ms. */
function countingUpstream(firstPrice = 100) {
  const open = new Map<string, number>();
  let opened: (() => void) | undefined;
  let price = firstPrice;
  let frozen = false;
  const source: TickSource = {
    open(instrument: Instrument, emit) {
      open.set(instrument.symbol, (open.get(instrument.symbol) ?? 0) + 1);
      opened?.();
      const timer = setInterval(() => {
        if (frozen) return;
        price += 1;
        emit(quoteTick(instrument.symbol, String(price)));
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
    /** Ticks no more (its process died). */
    freeze: () => (frozen = true),
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

  it(`hands a dead holder's feed over within 3 s (its lease: ${PRICE_FEED_LEASE.leaseMs} ms)`, async () => {
    const upstreamA = countingUpstream(100);
    const upstreamB = countingUpstream(10_000);
    const stateA = await process();
    const fail = (error: unknown) => {
      throw error;
    };
    const ticksA = createPriceTicks(stateA, upstreamA.source, fail);
    const ticksB = createPriceTicks(await process(), upstreamB.source, fail);
    const a = viewer();
    const b = viewer();
    // A starts first and holds the feed; B's viewer gets A's ticks through Redis.
    const stopA = ticksA.subscribe([BTC], a.onTick);
    await a.more(2);
    const stopB = ticksB.subscribe([BTC], b.onTick);
    await b.more(2);
    expect([upstreamA.openCount("BTC"), upstreamB.openCount("BTC")]).toEqual([1, 0]);

    // A dies: its upstream stops and nothing it asks of Redis is answered any more, so its
    // lease is neither renewed nor given back.
    let revive!: () => void;
    const dead = new Promise<never>((_, reject) => (revive = () => reject(new Error("revived"))));
    dead.catch(() => {});
    const redisA = stateA.redis!;
    vi.spyOn(redisA, "eval").mockReturnValue(dead);
    vi.spyOn(redisA, "set").mockReturnValue(dead);
    upstreamA.freeze();
    const died = Date.now();
    try {
      await b.sees("10001");
      expect(Date.now() - died).toBeLessThan(3000);
      expect(upstreamB.openCount("BTC")).toBe(1);
    } finally {
      revive();
      vi.restoreAllMocks();
      stopA();
      stopB();
    }
  });

  it("hands the holder's ticks to its own viewers at once, not after a round trip through Redis", async () => {
    let emit: ((tick: PriceTick) => void) | undefined;
    const upstream: TickSource = {
      open(_instrument, emitTick) {
        emit = emitTick;
        return () => (emit = undefined);
      },
    };
    const ticks = createPriceTicks(await process(), upstream, (error) => {
      throw error;
    });
    const own = viewer();
    const stop = ticks.subscribe([BTC], own.onTick);
    await until(() => emit !== undefined);
    const tick = quoteTick("BTC", "123");
    emit!(tick);
    // Seen within the upstream's own call.
    expect(own.seen).toEqual([tick]);
    // And only once: its echo from Redis is its own.
    await settle(100);
    expect(own.seen).toEqual([tick]);
    stop();
  });
});
