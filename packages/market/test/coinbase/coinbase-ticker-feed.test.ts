import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocketServer, type WebSocket } from "ws";
import { systemClock } from "@ledgerline/clock";
import {
  CoinbaseTickerFeed,
  type CoinbaseFeedEvent,
} from "../../src/coinbase/coinbase-ticker-feed";
import type { PriceTick } from "../../src/stream/price-ticks";

/** Messages in the shape the Exchange feed sends (subscriptions, heartbeat, two tickers). */
const recorded = JSON.parse(
  readFileSync(new URL("../fixtures/coinbase/ws-feed-BTC-USD.json", import.meta.url), "utf8"),
) as Record<string, unknown>[];

const BTC = { assetType: "CRYPTO", symbol: "BTC" } as const;

/** A local stand-in for ws-feed.exchange.coinbase.com that the test scripts. */
function feedServer() {
  const server = new WebSocketServer({ port: 0 });
  const sockets: WebSocket[] = [];
  const received: Record<string, unknown>[] = [];
  const connections: ((socket: WebSocket) => void)[] = [];
  server.on("connection", (socket) => {
    sockets.push(socket);
    socket.on("message", (data: Buffer) =>
      received.push(JSON.parse(data.toString("utf8")) as never),
    );
    connections.shift()?.(socket);
  });
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sockets,
    received,
    nextConnection: () => new Promise<WebSocket>((resolve) => connections.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.terminate();
        server.close(() => resolve());
      }),
  };
}

async function until(condition: () => boolean, timeoutMs = 5000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const polledTick = (price: string): PriceTick => ({
  assetType: "CRYPTO",
  symbol: "BTC",
  price,
  at: Date.now(),
  quote: {
    symbol: "BTC",
    price,
    currency: "USD",
    open: "80000",
    change: "0",
    changePercent: 0,
    volume: 1,
    high24h: price,
    low24h: price,
  },
});

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function feedAgainst(
  url: string,
  options: { silenceMs?: number; pollPrice?: () => string; pollIntervalMs?: number } = {},
) {
  const events: CoinbaseFeedEvent[] = [];
  let polls = 0;
  const feed = new CoinbaseTickerFeed({
    clock: systemClock,
    url,
    silenceMs: options.silenceMs ?? 5000,
    backoff: { initialMs: 20, maxMs: 100 },
    pollIntervalMs: options.pollIntervalMs ?? 50,
    poll: async () => {
      polls += 1;
      return polledTick(options.pollPrice?.() ?? "80000");
    },
    onEvent: (event) => events.push(event),
  });
  return { feed, events, polls: () => polls };
}

describe("the Coinbase Exchange ticker feed", () => {
  it("subscribes to the ticker channel and turns ticker messages into exact quotes", async () => {
    const server = feedServer();
    cleanup.push(server.close);
    const { feed } = feedAgainst(server.url);
    const ticks: PriceTick[] = [];
    const connection = server.nextConnection();
    const stop = feed.open(BTC, (tick) => ticks.push(tick));
    cleanup.push(stop);
    const socket = await connection;
    await until(() => server.received.length > 0);
    expect(server.received[0]).toEqual({
      type: "subscribe",
      product_ids: ["BTC-USD"],
      channels: ["ticker", "heartbeat"],
    });
    for (const message of recorded) socket.send(JSON.stringify(message));
    await until(() => ticks.filter((tick) => tick.price.startsWith("843")).length === 2);
    const fromFeed = ticks.filter((tick) => tick.price.startsWith("843"));
    expect(fromFeed.map((tick) => tick.price)).toEqual(["84312.57", "84313.1"]);
    expect(fromFeed[1]!.quote).toMatchObject({
      symbol: "BTC",
      price: "84313.1",
      open: "82914.01",
      change: "1399.09",
      high24h: "84999.99",
      low24h: "82001.5",
      currency: "USD",
    });
    expect(feed.isLive("BTC")).toBe(true);
  });

  it("skips garbage frames and keeps reading the good ones", async () => {
    const server = feedServer();
    cleanup.push(server.close);
    const { feed, events } = feedAgainst(server.url);
    const ticks: PriceTick[] = [];
    const connection = server.nextConnection();
    cleanup.push(feed.open(BTC, (tick) => ticks.push(tick)));
    const socket = await connection;
    socket.send("not json {");
    socket.send(JSON.stringify({ type: "ticker", product_id: "BTC-USD", price: "NaN?" }));
    socket.send(JSON.stringify([1, 2, 3]));
    socket.send(JSON.stringify(recorded[2]));
    await until(() => ticks.some((tick) => tick.price === "84312.57"));
    expect(events.filter((event) => event.type === "garbage")).toHaveLength(2);
  });

  it("reconnects with back-off after a disconnect and subscribes again", async () => {
    const server = feedServer();
    cleanup.push(server.close);
    const { feed, events } = feedAgainst(server.url);
    const ticks: PriceTick[] = [];
    const first = server.nextConnection();
    cleanup.push(feed.open(BTC, (tick) => ticks.push(tick)));
    const dropped = await first;
    await until(() => server.received.length === 1);
    const reconnected = server.nextConnection();
    dropped.terminate();
    const second = await reconnected;
    await until(() => server.received.length === 2);
    expect(server.received[1]).toMatchObject({ type: "subscribe", product_ids: ["BTC-USD"] });
    expect(events.some((event) => event.type === "disconnected")).toBe(true);
    second.send(JSON.stringify(recorded[3]));
    await until(() => ticks.some((tick) => tick.price === "84313.1"));
  });

  it("treats a silent connection as dead: drops it and connects again", async () => {
    const server = feedServer();
    cleanup.push(server.close);
    const { feed, events } = feedAgainst(server.url, { silenceMs: 150 });
    const first = server.nextConnection();
    const reconnected = server.nextConnection();
    cleanup.push(feed.open(BTC, () => {}));
    await first;
    // The server never says a word.
    await reconnected;
    expect(events.some((event) => event.type === "silent")).toBe(true);
  });

  it("polls while the feed is down and stands polling aside while the feed delivers", async () => {
    // Nothing listens at this address: the feed never connects.
    const deadServer = feedServer();
    const deadUrl = deadServer.url;
    await deadServer.close();
    let price = 80_000;
    const { feed, polls } = feedAgainst(deadUrl, { pollPrice: () => String((price += 1)) });
    const ticks: PriceTick[] = [];
    cleanup.push(feed.open(BTC, (tick) => ticks.push(tick)));
    await until(() => ticks.length >= 3);
    expect(ticks.map((tick) => tick.price).slice(0, 3)).toEqual(["80001", "80002", "80003"]);

    const server = feedServer();
    cleanup.push(server.close);
    const { feed: liveFeed, polls: livePolls } = feedAgainst(server.url);
    const connection = server.nextConnection();
    cleanup.push(liveFeed.open(BTC, () => {}));
    const socket = await connection;
    socket.send(JSON.stringify(recorded[1]));
    await until(() => liveFeed.isLive("BTC"));
    const pollsWhileLive = livePolls();
    const heartbeat = setInterval(() => socket.send(JSON.stringify(recorded[1])), 20);
    cleanup.push(() => clearInterval(heartbeat));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(livePolls()).toBe(pollsWhileLive);
    expect(polls()).toBeGreaterThanOrEqual(3);
  });

  it("opens one channel subscription per coin and unsubscribes a coin no one watches", async () => {
    const server = feedServer();
    cleanup.push(server.close);
    const { feed } = feedAgainst(server.url);
    const connection = server.nextConnection();
    const stopBtc = feed.open(BTC, () => {});
    await connection;
    await until(() => server.received.length === 1);
    const stopEth = feed.open({ assetType: "CRYPTO", symbol: "ETH" }, () => {});
    await until(() => server.received.length === 2);
    expect(feed.subscribedSymbols).toEqual(["BTC", "ETH"]);
    stopEth();
    await until(() => server.received.length === 3);
    expect(server.received[2]).toMatchObject({ type: "unsubscribe", product_ids: ["ETH-USD"] });
    stopBtc();
    await until(() => server.sockets[0]!.readyState >= 2);
    expect(feed.subscribedSymbols).toEqual([]);
  });
});
