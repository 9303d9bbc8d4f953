import { TRPCClientError } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppRouter } from "@ledgerline/api/router";
import {
  countedMarket,
  quoteEvents,
  readStream,
  subscribeLive,
  until,
} from "../support/live-client";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let base: string;
let token: string;
let upstream: ReturnType<typeof countedMarket>;

beforeAll(async () => {
  upstream = countedMarket();
  t = await startTestApp({ market: upstream.market });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  token = (await t.registerUser()).token;
});
afterAll(() => t.close());

const subscribe = (bearer: string | undefined, input: { stocks?: string[]; crypto?: string[] }) =>
  subscribeLive(base, bearer, input);

describe("live prices over tRPC subscriptions (SSE)", () => {
  it("pushes a coin's ticks to a subscribed user as they happen", async () => {
    const one = subscribe(token, { crypto: ["BTC"] });
    await until(() => new Set(one.ticks.map((tick) => tick.price)).size >= 2);
    one.stop();
    const last = one.ticks.at(-1)!;
    expect(last).toMatchObject({ assetType: "CRYPTO", symbol: "BTC" });
    expect(last.quote.price).toMatch(/^\d+(\.\d+)?$/);
    expect(one.errors).toEqual([]);
  });

  it("opens one upstream for two clients on one symbol and releases it with the last", async () => {
    await until(() => upstream.openCount() === 0);
    const before = upstream.opened.length;
    const first = subscribe(token, { crypto: ["ETH"] });
    const second = subscribe(token, { crypto: ["ETH"] });
    await until(() => first.ticks.length > 0 && second.ticks.length > 0);
    expect(upstream.opened.slice(before)).toEqual([{ assetType: "CRYPTO", symbol: "ETH" }]);
    expect(t.app.deps.priceTicks.upstreamCount).toBe(1);

    first.stop();
    const seen = second.ticks.length;
    await until(() => second.ticks.length > seen);
    expect(upstream.openCount()).toBe(1);

    second.stop();
    await until(() => upstream.openCount() === 0);
    expect(t.app.deps.priceTicks.upstreamCount).toBe(0);
  });

  it("refuses a visitor who is not signed in", async () => {
    const visitor = subscribe(undefined, { crypto: ["BTC"] });
    await until(() => visitor.errors.length > 0);
    visitor.stop();
    const error = visitor.errors[0] as TRPCClientError<AppRouter>;
    expect(error).toBeInstanceOf(TRPCClientError);
    expect(error.data?.code).toBe("UNAUTHORIZED");
    expect(visitor.ticks).toEqual([]);
  });

  it("refuses more than 100 symbols at once", async () => {
    const stocks = Array.from({ length: 60 }, (_, index) => `S${index}`);
    const crypto = Array.from({ length: 41 }, (_, index) => `C${index}`);
    const greedy = subscribe(token, { stocks, crypto });
    await until(() => greedy.errors.length > 0);
    greedy.stop();
    const error = greedy.errors[0] as TRPCClientError<AppRouter>;
    expect(error.data?.code).toBe("BAD_REQUEST");
    expect(error.message).toContain("At most 100 symbols at once");
    expect(upstream.openCount()).toBe(0);
  });
});

describe("GET /api/stream (REST server-sent events)", () => {
  it("streams quote events for stocks and coins with exact decimal strings", async () => {
    const response = await fetch(`${base}/api/stream?symbols=AAPL,btc`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toContain("no-transform");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // The head is written by hand onto the socket: the hooks' headers are all there, and the
    // body (unframed) ends with the connection.
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("connection")).toBe("close");
    const text = await readStream(response, (read) => {
      const events = quoteEvents(read);
      return (
        events.some((event) => event.data.symbol === "AAPL") &&
        events.filter((event) => event.data.symbol === "BTC").length >= 2
      );
    });
    const events = quoteEvents(text);
    const aapl = events.find((event) => event.data.symbol === "AAPL")!;
    expect(aapl.data.assetType).toBe("STOCK");
    expect(typeof aapl.data.companyName).toBe("string");
    expect(aapl.data.price).toMatch(/^\d+(\.\d+)?$/);
    const btc = events.find((event) => event.data.symbol === "BTC")!;
    expect(btc.data).toMatchObject({ assetType: "CRYPTO", currency: "USD" });
    for (const field of ["price", "open", "change", "high24h", "low24h"]) {
      expect(typeof btc.data[field]).toBe("string");
    }
    expect(btc.id).toMatch(/^\d+$/);
  });

  it("resumes after Last-Event-ID: the quotes already seen are not sent again", async () => {
    const first = await fetch(`${base}/api/stream?symbols=SOL`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const seen = quoteEvents(await readStream(first, (text) => quoteEvents(text).length >= 2));
    const lastId = seen.at(-1)!.id;
    // Reconnecting at once: the stream's latest SOL quote is the one already seen.
    const resumed = await fetch(`${base}/api/stream?symbols=SOL`, {
      headers: { authorization: `Bearer ${token}`, "last-event-id": lastId },
    });
    const next = quoteEvents(await readStream(resumed, (text) => quoteEvents(text).length >= 1));
    expect(Number(next[0]!.id)).toBeGreaterThan(Number(lastId));
    // Both clients went away: the upstream went with them.
    await until(() => upstream.openCount() === 0);
  });

  it("is for signed-in users only, and refuses more than 100 symbols with a 400", async () => {
    const visitor = await fetch(`${base}/api/stream?symbols=AAPL`);
    expect(visitor.status).toBe(401);
    const symbols = Array.from({ length: 101 }, (_, index) => `S${index}`).join(",");
    const greedy = await fetch(`${base}/api/stream?symbols=${symbols}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(greedy.status).toBe(400);
    expect(((await greedy.json()) as { message: string }).message).toContain(
      "At most 100 symbols at once",
    );
    const invalid = await fetch(`${base}/api/stream?symbols=AAPL,<script>`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(invalid.status).toBe(400);
  });
});
