import { createRequire } from "node:module";
import type WebSocket from "ws";
import type { Clock, TimerHandle } from "@ledgerline/clock";
import { exactDecimal } from "@ledgerline/money";
import { toCryptoQuote } from "../service/crypto-market-service";
import { pollingTickSource } from "../stream/polling-tick-source";
import type { Instrument, PriceTick, TickSource } from "../stream/price-ticks";
import { feedErrorMessage, feedHeartbeatMessage, feedTickerMessage } from "./payloads";

export const COINBASE_FEED_URL = "wss://ws-feed.exchange.coinbase.com";

/**
 * ws is required by the first connection, not imported at start: a server on the simulated
 * market never opens one (issue 35). Synchronous, so a connection opens as it did.
 */
const requireHere = createRequire(import.meta.url);
let webSocketClass: typeof WebSocket | undefined;
const loadWebSocket = () => (webSocketClass ??= requireHere("ws") as typeof WebSocket);
/** `WebSocket.OPEN`, without loading ws to read it. */
const OPEN = 1;

export interface CoinbaseTickerFeedOptions {
  clock: Clock;
  /** Default the public Exchange feed. */
  url?: string;
  /** The quote by polling, used while the feed is not delivering (the existing REST path). */
  poll(symbol: string): Promise<PriceTick>;
  /** How often the polling fallback reads while the feed is down. Default 10 s. */
  pollIntervalMs?: number;
  /** No message at all for this long counts as a dead connection. Default 15 s. */
  silenceMs?: number;
  /** Reconnect back-off: doubles from `initialMs` up to `maxMs`. Default 1 s to 30 s. */
  backoff?: { initialMs: number; maxMs: number };
  /** Connection changes and refused frames, for logs and tests. */
  onEvent?(event: CoinbaseFeedEvent): void;
}

export type CoinbaseFeedEvent =
  | { type: "connected" }
  | { type: "disconnected"; reconnectInMs: number }
  | { type: "silent"; forMs: number }
  | { type: "garbage"; frame: string }
  | { type: "error"; message: string };

interface Product {
  symbol: string;
  emit: (tick: PriceTick) => void;
  /** Market-clock time of the last ticker or heartbeat for this product. */
  heardAt: number;
  closeFallback: () => void;
}

/**
 * Live crypto prices from the Coinbase Exchange WebSocket `ticker` channel: one connection for
 * the process, one channel subscription per coin in use. The connection reconnects with
 * exponential back-off, and a connection that goes silent (no ticker and no heartbeat) is torn
 * down and reopened. While a coin's feed is not delivering, its quote is polled through the
 * market service instead, so a dead feed means slower prices, never none.
 */
export class CoinbaseTickerFeed implements TickSource {
  private readonly clock: Clock;
  private readonly url: string;
  private readonly silenceMs: number;
  private readonly backoff: { initialMs: number; maxMs: number };
  private readonly products = new Map<string, Product>();
  private readonly fallback: TickSource;
  private socket: WebSocket | undefined;
  private reconnectTimer: TimerHandle = undefined;
  private watchdog: TimerHandle = undefined;
  private nextDelayMs: number;
  private heardAt = 0;

  constructor(private readonly options: CoinbaseTickerFeedOptions) {
    this.clock = options.clock;
    this.url = options.url ?? COINBASE_FEED_URL;
    this.silenceMs = options.silenceMs ?? 15_000;
    this.backoff = options.backoff ?? { initialMs: 1000, maxMs: 30_000 };
    this.nextDelayMs = this.backoff.initialMs;
    this.fallback = pollingTickSource({
      clock: this.clock,
      read: (instrument) => options.poll(instrument.symbol),
      intervalMs: () => options.pollIntervalMs ?? 10_000,
      paused: (instrument) => this.isLive(instrument.symbol),
    });
  }

  /** Whether the feed delivered for this coin recently (then polling stands aside). */
  isLive(symbol: string): boolean {
    const product = this.products.get(symbol);
    return (
      product !== undefined &&
      this.socket?.readyState === OPEN &&
      this.clock.now() - product.heardAt < this.silenceMs
    );
  }

  /** The coins with a channel subscription (one upstream per coin). */
  get subscribedSymbols(): string[] {
    return [...this.products.keys()];
  }

  open(instrument: Instrument, emit: (tick: PriceTick) => void): () => void {
    const { symbol } = instrument;
    const product: Product = { symbol, emit, heardAt: 0, closeFallback: () => {} };
    this.products.set(symbol, product);
    product.closeFallback = this.fallback.open(instrument, emit);
    if (this.socket?.readyState === OPEN) this.send("subscribe", [symbol]);
    else this.connect();
    return () => {
      if (this.products.get(symbol) !== product) return;
      this.products.delete(symbol);
      product.closeFallback();
      if (this.products.size === 0) this.disconnect();
      else if (this.socket?.readyState === OPEN) this.send("unsubscribe", [symbol]);
    };
  }

  private connect() {
    if (this.socket || this.reconnectTimer !== undefined || this.products.size === 0) return;
    const socket = new (loadWebSocket())(this.url, {
      headers: { "user-agent": "ledgerline-market/1.0" },
    });
    this.socket = socket;
    socket.on("open", () => {
      this.heardAt = this.clock.now();
      this.armWatchdog();
      this.send("subscribe", [...this.products.keys()]);
      this.options.onEvent?.({ type: "connected" });
    });
    socket.on("message", (data: WebSocket.RawData) => this.receive(frameText(data)));
    socket.on("error", (error) =>
      this.options.onEvent?.({ type: "error", message: error.message }),
    );
    socket.on("close", () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.scheduleReconnect();
    });
  }

  private scheduleReconnect() {
    this.clearWatchdog();
    if (this.products.size === 0) return;
    const delay = this.nextDelayMs;
    this.nextDelayMs = Math.min(this.backoff.maxMs, this.nextDelayMs * 2);
    this.options.onEvent?.({ type: "disconnected", reconnectInMs: delay });
    this.reconnectTimer = this.clock.setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delay);
  }

  private disconnect() {
    this.clearWatchdog();
    if (this.reconnectTimer !== undefined) this.clock.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    socket?.removeAllListeners();
    socket?.on("error", () => {});
    socket?.terminate();
    this.nextDelayMs = this.backoff.initialMs;
  }

  private send(type: "subscribe" | "unsubscribe", symbols: string[]) {
    if (symbols.length === 0) return;
    this.socket?.send(
      JSON.stringify({
        type,
        product_ids: symbols.map((symbol) => `${symbol}-USD`),
        channels: ["ticker", "heartbeat"],
      }),
    );
  }

  private armWatchdog() {
    this.clearWatchdog();
    this.watchdog = this.clock.setTimeout(() => {
      this.watchdog = undefined;
      const quietMs = this.clock.now() - this.heardAt;
      if (quietMs >= this.silenceMs) {
        this.options.onEvent?.({ type: "silent", forMs: quietMs });
        // terminate() fires "close", which schedules the reconnect.
        this.socket?.terminate();
      } else {
        this.armWatchdog();
      }
    }, this.silenceMs / 3);
  }

  private clearWatchdog() {
    if (this.watchdog !== undefined) this.clock.clearTimeout(this.watchdog);
    this.watchdog = undefined;
  }

  private receive(frame: string) {
    let message: unknown;
    try {
      message = JSON.parse(frame);
    } catch {
      this.options.onEvent?.({ type: "garbage", frame: frame.slice(0, 200) });
      return;
    }
    const now = this.clock.now();
    const ticker = feedTickerMessage.safeParse(message);
    if (ticker.success) {
      const product = this.heard(ticker.data.product_id, now);
      if (!product) return;
      let tick: PriceTick;
      try {
        const price = exactDecimal(ticker.data.price);
        const quote = toCryptoQuote(product.symbol, price, {
          open: exactDecimal(ticker.data.open_24h),
          high: exactDecimal(ticker.data.high_24h),
          low: exactDecimal(ticker.data.low_24h),
          last: price,
          volume: Number(ticker.data.volume_24h),
        });
        tick = { assetType: "CRYPTO", symbol: product.symbol, price, at: now, quote };
      } catch {
        this.options.onEvent?.({ type: "garbage", frame: frame.slice(0, 200) });
        return;
      }
      product.emit(tick);
      return;
    }
    const heartbeat = feedHeartbeatMessage.safeParse(message);
    if (heartbeat.success) {
      this.heard(heartbeat.data.product_id, now);
      return;
    }
    const error = feedErrorMessage.safeParse(message);
    if (error.success) {
      this.options.onEvent?.({
        type: "error",
        message: [error.data.message, error.data.reason].filter(Boolean).join(": "),
      });
      return;
    }
    // Other well-formed messages (`subscriptions`) only prove the connection is alive.
    if (typeof message === "object" && message !== null && "type" in message) {
      this.heardAt = now;
      return;
    }
    this.options.onEvent?.({ type: "garbage", frame: frame.slice(0, 200) });
  }

  /** Marks the connection and one product as alive; the product, if we still want it. */
  private heard(productId: string, now: number): Product | undefined {
    this.heardAt = now;
    // A good message proves the connection works: the next outage starts the back-off afresh.
    this.nextDelayMs = this.backoff.initialMs;
    const product = this.products.get(productId.replace(/-USD$/, ""));
    if (product) product.heardAt = now;
    return product;
  }
}

function frameText(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.isBuffer(data) ? data.toString("utf8") : Buffer.from(data).toString("utf8");
}
