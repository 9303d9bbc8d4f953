import {
  instrumentKey,
  type Instrument,
  type PriceTick,
  type PriceTicks,
} from "@ledgerline/market";

/**
 * Where one client's event stream is written: the connection's socket once the head is sent (or
 * an HTTP response kept open).
 */
export interface EventSink {
  /** False when the socket's buffer is full; `drain` follows once it has emptied. */
  write(chunk: Buffer): boolean;
  once(event: "drain" | "close", listener: () => void): unknown;
  end(): void;
  /** True once the client has gone. */
  readonly destroyed: boolean;
}

// Sent at once, so a client knows the stream is open before the first price changes.
const CONNECTED = Buffer.from(": connected\n\n");
const HEARTBEAT = Buffer.from(": heartbeat\n\n");

/** A tick as its `quote` event: the quote's fields (exact decimal strings) and its kind. */
export function quoteEventFrame(tick: PriceTick): Buffer {
  const data = JSON.stringify({ assetType: tick.assetType, ...tick.quote });
  return Buffer.from(`id: ${tick.at}\nevent: quote\ndata: ${data}\n\n`);
}

/** One open stream. Kept to plain fields: there may be tens of thousands of them. */
interface QuoteStream {
  sink: EventSink;
  keys: string[];
  /** Ticks at or before this market time were seen before a reconnect and are not sent again. */
  after: number | undefined;
  /** Events held back while the client's socket is full, the newest per symbol only. */
  held: Map<string, Buffer> | undefined;
  release: () => void;
}

/** The streams watching one symbol, and its latest event for a stream that joins. */
interface SymbolFeed {
  streams: Set<QuoteStream>;
  latest: { at: number; frame: Buffer } | undefined;
  unsubscribe: () => void;
}

export interface QuoteStreamOptions {
  after: number | undefined;
  /** Called once when the stream ends (releases the user's claim on the symbols). */
  release: () => void;
}

/**
 * The REST door's live-price event streams on this process. Each symbol has one listener on the
 * live prices however many streams watch it, and each tick is serialized once into the bytes
 * every one of those streams is sent; one timer sends every stream's heartbeat. A client whose
 * socket is full is sent nothing more until it drains, then only the newest event per symbol:
 * it skips prices it had no time to read instead of making the server queue them.
 */
export class QuoteStreams {
  private readonly feeds = new Map<string, SymbolFeed>();
  private readonly streams = new Set<QuoteStream>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly priceTicks: PriceTicks,
    private readonly heartbeatMs: number,
  ) {}

  /**
   * Streams these instruments' quote events to the sink, starting with the latest known ones.
   * Returns the function that ends the stream (the client went away); calling it twice is
   * harmless.
   */
  open(sink: EventSink, instruments: readonly Instrument[], options: QuoteStreamOptions) {
    const keys = [...new Set(instruments.map(instrumentKey))];
    const stream: QuoteStream = {
      sink,
      keys,
      after: options.after,
      held: undefined,
      release: options.release,
    };
    this.streams.add(stream);
    sink.write(CONNECTED);
    for (const instrument of instruments) {
      const key = instrumentKey(instrument);
      const feed = this.feeds.get(key) ?? this.openFeed(key, instrument);
      if (feed.streams.has(stream)) continue;
      feed.streams.add(stream);
      if (feed.latest) this.send(stream, key, feed.latest.at, feed.latest.frame);
    }
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
      this.heartbeat.unref();
    }
    return () => this.close(stream);
  }

  /** How many streams are open. */
  get size(): number {
    return this.streams.size;
  }

  /** Ends every stream (server shutdown). */
  closeAll(): void {
    for (const stream of [...this.streams]) {
      this.close(stream);
      stream.sink.end();
    }
  }

  private openFeed(key: string, instrument: Instrument): SymbolFeed {
    const feed: SymbolFeed = { streams: new Set(), latest: undefined, unsubscribe: () => {} };
    this.feeds.set(key, feed);
    feed.unsubscribe = this.priceTicks.subscribe([instrument], (tick) => {
      const frame = quoteEventFrame(tick);
      feed.latest = { at: tick.at, frame };
      for (const stream of feed.streams) this.send(stream, key, tick.at, frame);
    });
    return feed;
  }

  private send(stream: QuoteStream, key: string, at: number, frame: Buffer): void {
    if (stream.after === undefined || at > stream.after) this.write(stream, key, frame);
  }

  private write(stream: QuoteStream, key: string, frame: Buffer): void {
    if (stream.held) {
      stream.held.delete(key);
      stream.held.set(key, frame);
      return;
    }
    if (stream.sink.write(frame)) return;
    stream.held = new Map();
    stream.sink.once("drain", () => this.flush(stream));
  }

  private flush(stream: QuoteStream): void {
    const held = stream.held;
    stream.held = undefined;
    if (!held || !this.streams.has(stream)) return;
    // A write that fills the socket again holds the rest (send sees `held` set again).
    for (const [key, frame] of held) this.write(stream, key, frame);
  }

  private beat(): void {
    for (const stream of this.streams) if (!stream.held) stream.sink.write(HEARTBEAT);
  }

  private close(stream: QuoteStream): void {
    if (!this.streams.delete(stream)) return;
    for (const key of stream.keys) {
      const feed = this.feeds.get(key);
      if (!feed) continue;
      feed.streams.delete(stream);
      if (feed.streams.size === 0) {
        this.feeds.delete(key);
        feed.unsubscribe();
      }
    }
    stream.release();
    if (this.streams.size === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }
}
