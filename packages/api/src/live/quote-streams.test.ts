import { PriceTicks, type Instrument, type PriceTick, type TickSource } from "@ledgerline/market";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QuoteStreams, type EventSink } from "./quote-streams";

/** A stand-in upstream whose ticks the test emits by hand. */
function manualSource() {
  const emitters = new Map<string, (tick: PriceTick) => void>();
  const source: TickSource = {
    open(instrument: Instrument, emit) {
      emitters.set(instrument.symbol, emit);
      return () => emitters.delete(instrument.symbol);
    },
  };
  const tick = (symbol: string, price: number, at: number) =>
    emitters.get(symbol)!({
      assetType: "CRYPTO",
      symbol,
      price: String(price),
      at,
      quote: {
        symbol,
        price: String(price),
        currency: "USD",
        open: "100",
        change: String(price - 100),
        changePercent: 0,
        volume: 1,
        high24h: String(price),
        low24h: "100",
      },
    });
  return { source, tick, open: () => [...emitters.keys()] };
}

/** A client's socket: what was written, and whether its buffer is full. */
class RecordingSink implements EventSink {
  chunks: Buffer[] = [];
  full = false;
  ended = false;
  destroyed = false;
  private drainListener: (() => void) | undefined;
  write(chunk: Buffer) {
    this.chunks.push(chunk);
    return !this.full;
  }
  once(event: "drain" | "close", listener: () => void) {
    if (event === "drain") this.drainListener = listener;
  }
  end() {
    this.ended = true;
  }
  drain() {
    this.full = false;
    this.drainListener?.();
  }
  get text() {
    return this.chunks.map(String).join("");
  }
  /** The prices of the quote events received, in order. */
  get prices() {
    return [...this.text.matchAll(/"price":"([^"]+)"/g)].map((match) => match[1]);
  }
}

const coin = (symbol: string): Instrument => ({ assetType: "CRYPTO", symbol });
const released: string[] = [];
let streams: QuoteStreams | undefined;
afterEach(() => {
  streams?.closeAll();
  released.length = 0;
  vi.useRealTimers();
});

function setup(heartbeatMs = 60_000) {
  const market = manualSource();
  const priceTicks = new PriceTicks(market.source);
  streams = new QuoteStreams(priceTicks, heartbeatMs);
  return { market, priceTicks, streams };
}

describe("the REST door's live-price streams", () => {
  it("writes one tick to every stream of its symbol as the same bytes, serialized once", () => {
    const { market, streams } = setup();
    const sinks = [new RecordingSink(), new RecordingSink(), new RecordingSink()];
    for (const sink of sinks) streams.open(sink, [coin("BTC")], { after: undefined, release() {} });
    market.tick("BTC", 101, 1_000);
    const frames = sinks.map((sink) => sink.chunks.at(-1)!);
    expect(String(frames[0])).toBe(
      'id: 1000\nevent: quote\ndata: {"assetType":"CRYPTO","symbol":"BTC","price":"101",' +
        '"currency":"USD","open":"100","change":"1","changePercent":0,"volume":1,' +
        '"high24h":"101","low24h":"100"}\n\n',
    );
    expect(frames[1]).toBe(frames[0]);
    expect(frames[2]).toBe(frames[0]);
    expect(sinks[0]!.text.startsWith(": connected\n\n")).toBe(true);
  });

  it("holds one listener per symbol on the live prices, released with the symbol's last stream", () => {
    const { market, priceTicks, streams } = setup();
    const ends = Array.from({ length: 50 }, (_, index) =>
      streams.open(new RecordingSink(), [coin("BTC"), coin(index % 2 ? "ETH" : "SOL")], {
        after: undefined,
        release: () => released.push(String(index)),
      }),
    );
    expect(priceTicks.upstreamCount).toBe(3);
    expect(priceTicks.listenerCount).toBe(3);
    for (const end of ends.slice(0, 49)) end();
    expect(market.open().sort()).toEqual(["BTC", "ETH"]);
    ends[49]!();
    ends[49]!();
    expect(market.open()).toEqual([]);
    expect(released).toHaveLength(50);
    expect(streams.size).toBe(0);
  });

  it("starts a joining stream with the latest quote, unless its Last-Event-ID has seen it", () => {
    const { market, streams } = setup();
    streams.open(new RecordingSink(), [coin("BTC")], { after: undefined, release() {} });
    market.tick("BTC", 105, 2_000);
    const fresh = new RecordingSink();
    streams.open(fresh, [coin("BTC")], { after: undefined, release() {} });
    expect(fresh.prices).toEqual(["105"]);
    const resumed = new RecordingSink();
    streams.open(resumed, [coin("BTC")], { after: 2_000, release() {} });
    expect(resumed.prices).toEqual([]);
    market.tick("BTC", 106, 3_000);
    expect(resumed.prices).toEqual(["106"]);
  });

  it("sends a slow client only the newest quote per symbol once its socket drains", () => {
    const { market, streams } = setup();
    const slow = new RecordingSink();
    const quick = new RecordingSink();
    streams.open(slow, [coin("BTC"), coin("ETH")], { after: undefined, release() {} });
    streams.open(quick, [coin("BTC"), coin("ETH")], { after: undefined, release() {} });
    slow.full = true;
    market.tick("BTC", 101, 1_000);
    market.tick("BTC", 102, 2_000);
    market.tick("ETH", 201, 2_500);
    market.tick("BTC", 103, 3_000);
    expect(slow.prices).toEqual(["101"]);
    expect(quick.prices).toEqual(["101", "102", "201", "103"]);
    slow.drain();
    expect(slow.prices).toEqual(["101", "201", "103"]);
    market.tick("ETH", 202, 4_000);
    expect(slow.prices.at(-1)).toBe("202");
  });

  // The test's clock, not the machine's: a pause on a busy machine ran the interval once for
  // a 70 ms wait (timers due during a pause fire once).
  it("sends every open stream a heartbeat comment from one timer", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { streams } = setup(20);
    const sinks = [new RecordingSink(), new RecordingSink()];
    for (const sink of sinks) streams.open(sink, [coin("BTC")], { after: undefined, release() {} });
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(70);
    for (const sink of sinks) {
      expect(sink.text).toBe(`: connected\n\n${": heartbeat\n\n".repeat(3)}`);
    }
  });

  it("ends every stream at shutdown", () => {
    const { market, streams } = setup();
    const sink = new RecordingSink();
    streams.open(sink, [coin("BTC")], { after: undefined, release: () => released.push("BTC") });
    streams.closeAll();
    expect(sink.ended).toBe(true);
    expect(released).toEqual(["BTC"]);
    expect(market.open()).toEqual([]);
  });
});
