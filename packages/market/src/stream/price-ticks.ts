import type { CryptoQuote, StockSnapshot } from "@ledgerline/contracts";
import type { Decimal } from "@ledgerline/money";

export type AssetType = "STOCK" | "CRYPTO";

/** One stock or coin whose price can be watched. */
export interface Instrument {
  assetType: AssetType;
  symbol: string;
}

/**
 * A new price for one instrument, carrying the whole quote the screens show (so a client can
 * replace its cached quote with it). `at` is the market clock's time of the tick, in Unix ms;
 * it is the same on every process, so it doubles as a resume position for SSE clients.
 */
export type PriceTick =
  | { assetType: "STOCK"; symbol: string; price: Decimal; at: number; quote: StockSnapshot }
  | { assetType: "CRYPTO"; symbol: string; price: Decimal; at: number; quote: CryptoQuote };

/**
 * Where ticks come from: `open` starts one upstream stream for one instrument and returns the
 * function that stops it. PriceTicks opens at most one per instrument, however many listen.
 */
export interface TickSource {
  open(instrument: Instrument, emit: (tick: PriceTick) => void): () => void;
}

export type TickListener = (tick: PriceTick) => void;

export function instrumentKey(instrument: Instrument): string {
  return `${instrument.assetType}:${instrument.symbol}`;
}

interface Upstream {
  instrument: Instrument;
  listeners: Set<TickListener>;
  close: () => void;
  latest: PriceTick | undefined;
}

/**
 * The server's live prices: any number of listeners (SSE clients, tRPC subscriptions, alert
 * evaluation) over one upstream stream per instrument in use. The upstream is opened by the
 * first listener and closed when the last one leaves, so the cost grows with the number of
 * distinct symbols watched, not with the number of viewers.
 */
export class PriceTicks {
  private readonly upstreams = new Map<string, Upstream>();

  constructor(
    private readonly source: TickSource,
    private readonly onListenerError: (error: unknown) => void = () => {},
  ) {}

  /**
   * Calls `onTick` with every tick of these instruments, starting with the latest one already
   * known (delivered asynchronously, never inside this call). Returns the unsubscribe function;
   * calling it more than once is harmless.
   */
  subscribe(instruments: readonly Instrument[], onTick: TickListener): () => void {
    const distinct = new Map(
      instruments.map((instrument) => [instrumentKey(instrument), instrument]),
    );
    const joined: Upstream[] = [];
    for (const [key, instrument] of distinct) {
      const upstream = this.upstreams.get(key) ?? this.openUpstream(key, instrument);
      upstream.listeners.add(onTick);
      joined.push(upstream);
    }
    const known = joined.flatMap((upstream) => (upstream.latest ? [upstream.latest] : []));
    let subscribed = true;
    if (known.length > 0) {
      queueMicrotask(() => {
        for (const tick of known) if (subscribed) this.deliver(onTick, tick);
      });
    }
    return () => {
      if (!subscribed) return;
      subscribed = false;
      for (const upstream of joined) {
        upstream.listeners.delete(onTick);
        if (upstream.listeners.size === 0) this.closeUpstream(upstream);
      }
    };
  }

  /** The latest tick of an instrument that is being watched. */
  latest(instrument: Instrument): PriceTick | undefined {
    return this.upstreams.get(instrumentKey(instrument))?.latest;
  }

  /** How many upstream streams are open: one per distinct instrument with listeners. */
  get upstreamCount(): number {
    return this.upstreams.size;
  }

  /** How many listeners there are across every instrument (one subscriber counts per symbol). */
  get listenerCount(): number {
    let count = 0;
    for (const upstream of this.upstreams.values()) count += upstream.listeners.size;
    return count;
  }

  /** Stops every upstream (server shutdown). */
  close(): void {
    for (const upstream of [...this.upstreams.values()]) this.closeUpstream(upstream);
  }

  private openUpstream(key: string, instrument: Instrument): Upstream {
    const upstream: Upstream = {
      instrument: { assetType: instrument.assetType, symbol: instrument.symbol },
      listeners: new Set(),
      close: () => {},
      latest: undefined,
    };
    this.upstreams.set(key, upstream);
    upstream.close = this.source.open(upstream.instrument, (tick) => {
      if (this.upstreams.get(key) !== upstream) return;
      upstream.latest = tick;
      for (const listener of [...upstream.listeners]) this.deliver(listener, tick);
    });
    return upstream;
  }

  private closeUpstream(upstream: Upstream): void {
    const key = instrumentKey(upstream.instrument);
    if (this.upstreams.get(key) !== upstream) return;
    this.upstreams.delete(key);
    upstream.close();
  }

  private deliver(listener: TickListener, tick: PriceTick): void {
    try {
      listener(tick);
    } catch (error) {
      this.onListenerError(error);
    }
  }
}
