import { connect } from "node:net";
import { LIVE_STREAMS_LIMIT, liveMessages } from "@ledgerline/contracts";
import type { TRPCClientError } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEADERS_TIMEOUT_MS } from "../../src/app";
import type { AppRouter } from "@ledgerline/api/router";
import { subscribeLive, until } from "../support/live-client";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let base: string;
let port: number;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  port = typeof address === "object" && address ? address.port : 0;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  // The SSE client library may keep its sockets open after unsubscribing; they are not the app's.
  t.app.server.closeAllConnections();
  await t.close();
});

/** A REST stream of one coin, kept open until `controller` aborts it. */
const restStream = (token: string, controller: AbortController) =>
  fetch(`${base}/api/stream?symbols=BTC`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });

describe("live streams a user may hold open", () => {
  it(`refuses a user's stream past ${LIVE_STREAMS_LIMIT} open ones with a 429, on both doors`, async () => {
    const { id, token } = await t.registerUser();
    const streams = () => t.app.deps.liveSymbols.streamsOf(id);
    const rest = new AbortController();
    const open = [];
    for (let i = 0; i < LIVE_STREAMS_LIMIT / 2; i++) {
      expect((await restStream(token, rest)).status).toBe(200);
    }
    for (let i = 0; i < LIVE_STREAMS_LIMIT / 2; i++)
      open.push(subscribeLive(base, token, { crypto: ["ETH"] }));
    await until(() => streams() === LIVE_STREAMS_LIMIT);

    const overRest = await restStream(token, new AbortController());
    expect(overRest.status).toBe(429);
    expect(((await overRest.json()) as { message: string }).message).toBe(
      liveMessages.tooManyStreams,
    );
    const overTrpc = subscribeLive(base, token, { crypto: ["SOL"] });
    await until(() => overTrpc.errors.length > 0);
    overTrpc.stop();
    const error = overTrpc.errors[0] as TRPCClientError<AppRouter>;
    expect(error.data?.code).toBe("TOO_MANY_REQUESTS");
    expect(error.data?.httpStatus).toBe(429);
    expect(error.message).toBe(liveMessages.tooManyStreams);
    expect(streams()).toBe(LIVE_STREAMS_LIMIT);

    // Another user's streams are their own.
    const stranger = await t.registerUser();
    const strangers = new AbortController();
    expect((await restStream(stranger.token, strangers)).status).toBe(200);
    strangers.abort();

    // A stream that ends makes room for another.
    open.pop()!.stop();
    await until(() => streams() === LIVE_STREAMS_LIMIT - 1);
    const again = subscribeLive(base, token, { crypto: ["SOL"] });
    await until(() => again.ticks.length > 0);
    expect(again.errors).toEqual([]);

    again.stop();
    for (const subscription of open) subscription.stop();
    rest.abort();
    await until(() => streams() === 0);
  });

  it("answers a refused tRPC subscription with its error before any `connected` event", async () => {
    const url = `${base}/api/trpc/live.quotes?input=${encodeURIComponent(JSON.stringify({ crypto: ["BTC"] }))}`;
    const refused = await fetch(url);
    expect(refused.status).toBe(200);
    const text = await refused.text();
    // The whole stream: the error, and nothing before it (the stream then ends).
    const events = text.split("\n\n").filter(Boolean);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatch(/^event: serialized-error\ndata: /);
    const error = JSON.parse(events[0]!.split("\ndata: ")[1]!) as {
      message: string;
      data: { httpStatus: number };
    };
    expect(error.data.httpStatus).toBe(401);
    expect(text).not.toContain("connected");
  });
});

describe("connections that do not send their request", () => {
  /** Opens a connection, sends `head`, and answers what came back and when it was closed. */
  function stall(head: string) {
    return new Promise<{ closedAfterMs: number; answer: string }>((resolve, reject) => {
      const started = Date.now();
      const socket = connect(port, "127.0.0.1", () => socket.write(head));
      let answer = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => (answer += chunk));
      socket.on("error", reject);
      socket.on("close", () => resolve({ closedAfterMs: Date.now() - started, answer }));
      // A server that never closes it fails the test rather than hanging it.
      setTimeout(() => socket.destroy(), HEADERS_TIMEOUT_MS + 5000).unref();
    });
  }

  it(
    `closes a connection whose request headers have not arrived within ${HEADERS_TIMEOUT_MS / 1000} s`,
    async () => {
      const [halfSent, silent] = await Promise.all([
        stall("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "),
        stall(""),
      ]);
      for (const connection of [halfSent, silent]) {
        expect(connection.closedAfterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
        // Checked every second.
        expect(connection.closedAfterMs).toBeLessThan(HEADERS_TIMEOUT_MS + 2500);
      }
      expect(halfSent.answer).toMatch(/^HTTP\/1\.1 408 /);
    },
    HEADERS_TIMEOUT_MS + 10_000,
  );
});
