import { spawnSync } from "node:child_process";
import { messages } from "@ledgerline/contracts";
import { multiply } from "@ledgerline/money";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countedMarket, until } from "../../support/live-client";
import { ownRedisServer } from "../../support/redis-server";
import { requireServices } from "../../support/services";
import { startTestApp, type TestApp } from "../../support/test-app";

/**
 * Two API processes of one deployment on a Redis server of this test's own, which it stops (as
 * a crash would) and starts again: while Redis is down every kind of request is answered, from
 * the database and each process's own memory, and the processes go back to sharing by
 * themselves once it is back.
 */

const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;
if (!hasRedisServer) {
  const note = "redis-server is not installed: the Redis outage suite is SKIPPED.";
  if (requireServices) throw new Error(`${note} (LEDGERLINE_REQUIRE_SERVICES=1)`);
  console.warn(`\n${"!".repeat(100)}\n${note}\n${"!".repeat(100)}\n`);
}

const REQUEST_LIMIT = 100;
const LOGIN_FAILURES = 3;

let redis: Awaited<ReturnType<typeof ownRedisServer>>;
const processes: { app: TestApp; base: string; upstream: ReturnType<typeof countedMarket> }[] = [];
let user: { id: number; email: string; token: string; password: string };
let admin: { token: string };
const streams: ReturnType<typeof quoteStream>[] = [];

async function apiProcess(databaseUrl?: string) {
  const upstream = countedMarket();
  const app = await startTestApp({
    env: {
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: "outage:",
      API_RATE_LIMIT_PER_MINUTE: String(REQUEST_LIMIT),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    market: upstream.market,
    alertTicks: true,
    throttleLimits: { loginFailuresPerAccount: [LOGIN_FAILURES, 900] },
  });
  await app.app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  processes.push({ app, base, upstream });
  return app;
}

/** A live-price client of GET /api/stream: when each quote event arrived. */
function quoteStream(base: string, token: string) {
  const controller = new AbortController();
  const arrivals: number[] = [];
  let status = 0;
  void fetch(`${base}/api/stream?symbols=BTC`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  })
    .then(async (response) => {
      status = response.status;
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = "";
      for (;;) {
        const { value, done } = (await reader.read()) as { value?: Uint8Array; done: boolean };
        if (done) break;
        text += decoder.decode(value, { stream: true });
        const blocks = text.split("\n\n");
        text = blocks.pop()!;
        for (const block of blocks) if (block.includes("event: quote")) arrivals.push(Date.now());
      }
    })
    .catch(() => {});
  return {
    status: () => status,
    /** Quote events that arrived after `time`. */
    since: (time: number) => arrivals.filter((at) => at > time).length,
    stop: () => controller.abort(),
  };
}

const [A, B] = [0, 1];
const app = (index: number) => processes[index]!.app;
const health = (index: number) => app(index).request("GET", "/api/health");
const quantities = async (index: number) => {
  const rest = await app(index).request("GET", "/api/portfolio", { token: user.token });
  const trpc = await app(index).trpc("query", "portfolio.list", undefined, user.token);
  return {
    statuses: [rest.status, trpc.status],
    rest: (rest.body as unknown as { symbol: string; quantity: number }[]).map(
      (row) => `${row.symbol} ${row.quantity}`,
    ),
    trpc: (
      trpc.body as unknown as { result: { data: { symbol: string; quantity: string }[] } }
    ).result.data.map((row) => `${row.symbol} ${row.quantity}`),
  };
};
const buy = (index: number, symbol: string, quantity: number, key: string) =>
  app(index).request("POST", "/api/portfolio", {
    token: user.token,
    headers: { "idempotency-key": key },
    body: {
      symbol,
      quantity,
      purchasePrice: 100,
      purchaseDate: "2026-03-02T15:00:00.000Z",
      notes: "",
    },
  });
const failedLogin = (index: number) =>
  app(index).request("POST", "/api/auth/login", {
    body: { email: user.email, password: "wrong-password-1" },
  });
/** Requests from one client address until the process refuses one; how many it let through. */
async function allowedFrom(index: number, address: string) {
  for (let sent = 0; sent < REQUEST_LIMIT * 2; sent++) {
    const answer = await app(index).app.inject({
      method: "GET",
      url: "/api/marketmovers",
      remoteAddress: address,
    });
    if (answer.statusCode === 429) return sent;
  }
  return Number.POSITIVE_INFINITY;
}

beforeAll(async () => {
  if (!hasRedisServer) return;
  redis = await ownRedisServer();
  const first = await apiProcess();
  await apiProcess(first.env.DATABASE_URL);
  user = await first.registerUser();
  admin = await first.createAdmin();
  expect((await buy(A, "AAPL", 2, "before-outage")).status).toBe(200);
  for (const { base } of processes) streams.push(quoteStream(base, user.token));
  await until(() => streams.every((stream) => stream.since(0) >= 2), 10_000);
}, 30_000);

afterAll(async () => {
  for (const stream of streams) stream.stop();
  // The second shares the first's database: close it first.
  for (const { app } of processes.splice(0).reverse()) {
    app.app.server.closeAllConnections();
    await app.close();
  }
  await redis?.stop();
});

describe.skipIf(!hasRedisServer)("losing Redis degrades, does not fail", () => {
  it("reads, writes, limits, sign-outs and live prices all work while Redis is down", async () => {
    // Read once on each process while Redis is up, so both have answers and sessions cached.
    for (const index of [A, B]) expect((await quantities(index)).rest).toEqual(["AAPL 2"]);
    const seen: Record<string, unknown> = {};

    await redis.stop();
    const stopped = Date.now();
    for (const index of [A, B]) {
      let answer = await health(index);
      while (answer.body?.redis !== "down") {
        expect(Date.now() - stopped).toBeLessThan(5000);
        answer = await health(index);
      }
      seen[`health ${index}`] = [answer.status, answer.body];
    }
    const ready = await app(A).request("GET", "/api/health/ready");
    seen.ready = [
      ready.status,
      ready.body?.status,
      (ready.body?.degraded as { part: string }[])[0]?.part,
    ];

    // Reads come from the database, on both doors and both processes.
    seen.reads = await quantities(B);
    const snapshot = await app(B).trpc("query", "market.snapshot", { symbol: "AAPL" }, user.token);
    const users = await app(B).request("GET", "/api/users", { token: admin.token });
    seen["market read, admin read"] = [snapshot.status, users.status];

    // A write on one process is read on the other at once (no cache answers for either).
    const bought = await buy(A, "AAPL", 3, "during-outage");
    const replayed = await buy(B, "AAPL", 3, "during-outage");
    const mutation = await app(B).trpc(
      "mutation",
      "portfolio.buy",
      { symbol: "MSFT", quantity: "1", purchasePrice: "100", idempotencyKey: "trpc-outage" },
      user.token,
    );
    const mutationAgain = await app(A).trpc(
      "mutation",
      "portfolio.buy",
      { symbol: "MSFT", quantity: "1", purchasePrice: "100", idempotencyKey: "trpc-outage" },
      user.token,
    );
    seen.writes = [
      bought.status,
      replayed.status,
      replayed.headers["idempotent-replayed"],
      mutation.status,
      mutationAgain.status,
    ];
    seen["reads after the writes"] = [(await quantities(A)).rest, (await quantities(B)).trpc];
    const trades = await app(A).sql<{ trades: number }>(
      "SELECT COUNT(*) AS trades FROM transactions WHERE user_id = ?",
      [user.id],
    );
    seen["trades stored"] = Number(trades[0]!.trades);

    // Limits are counted by each process on its own.
    const failures = [];
    for (let i = 0; i <= LOGIN_FAILURES; i++) failures.push(await failedLogin(A));
    failures.push(await failedLogin(B));
    seen["failed logins A x4, B x1"] = failures.map((answer) => answer.status);
    expect(failures[LOGIN_FAILURES]!.body?.message).toBe(messages.tooManyAttempts);
    const signedIn = await app(B).request("POST", "/api/auth/login", {
      body: { email: "root@example.com", password: "admin-pass-9876" },
    });
    seen["sign-in"] = signedIn.status;
    seen["requests let through from one address, A then B"] = [
      await allowedFrom(A, "10.9.9.9"),
      await allowedFrom(B, "10.9.9.9"),
    ];

    // Live prices keep coming to the clients of both processes.
    const streamFrom = Date.now();
    await until(() => streams.every((stream) => stream.since(streamFrom) >= 2), 10_000);
    seen["live quote events after the stop, A and B"] = streams.map((stream) =>
      stream.since(stopped) >= 2 ? "flowing" : "stopped",
    );

    // Price alerts are checked on the live ticks, by each process, and fire once.
    const quote = await processes[A]!.upstream.market.crypto.liveQuote("BTC");
    const level = multiply(quote.price, "1000");
    const alert = await app(A).request("POST", "/api/alerts", {
      token: user.token,
      body: { assetType: "CRYPTO", symbol: "BTC", condition: "above", value: level },
    });
    // The process's alert checker reads the new alert (signalled within the process).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const soaring = multiply(level, "2");
    processes[A]!.upstream.inject({
      assetType: "CRYPTO",
      symbol: "BTC",
      price: soaring,
      at: Date.now(),
      quote: { ...quote, price: soaring },
    });
    const notifications = async () =>
      Number(
        (
          await app(A).sql<{ n: number }>(
            "SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?",
            [user.id],
          )
        )[0]!.n,
      );
    const alertFrom = Date.now();
    while ((await notifications()) === 0 && Date.now() - alertFrom < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    seen["price alert created, notifications"] = [alert.status, await notifications()];

    // A sign-out on one process is refused on the other at once.
    const other = await app(A).registerUser();
    expect((await app(B).request("GET", "/api/portfolio", { token: other.token })).status).toBe(
      200,
    );
    await app(A).request("POST", "/api/auth/logout", { token: other.token });
    seen["signed-out token on the other process"] = (
      await app(B).request("GET", "/api/portfolio", { token: other.token })
    ).status;

    expect(seen).toEqual({
      "health 0": [200, { status: "degraded", database: "ok", redis: "down" }],
      "health 1": [200, { status: "degraded", database: "ok", redis: "down" }],
      ready: [503, "degraded", "redis"],
      reads: { statuses: [200, 200], rest: ["AAPL 2"], trpc: ["AAPL 2"] },
      "market read, admin read": [200, 200],
      writes: [200, 200, "true", 200, 200],
      "reads after the writes": [
        ["AAPL 5", "MSFT 1"],
        ["AAPL 5", "MSFT 1"],
      ],
      "trades stored": 3,
      "failed logins A x4, B x1": [400, 400, 400, 429, 400],
      "sign-in": 200,
      "requests let through from one address, A then B": [REQUEST_LIMIT, REQUEST_LIMIT],
      "live quote events after the stop, A and B": ["flowing", "flowing"],
      "price alert created, notifications": [200, 1],
      "signed-out token on the other process": 401,
    });
  }, 60_000);

  it("goes back to sharing through Redis by itself when it returns", async () => {
    await redis.start();
    const started = Date.now();
    for (const index of [A, B]) {
      let answer = await health(index);
      while (answer.body?.redis !== "ok") {
        expect(Date.now() - started).toBeLessThan(5000);
        await new Promise((resolve) => setTimeout(resolve, 50));
        answer = await health(index);
      }
      expect(answer).toMatchObject({ status: 200, body: { status: "ok", redis: "ok" } });
    }
    expect((await app(A).request("GET", "/api/health/ready")).status).toBe(200);

    // The writes made while it was down were counted once it came back: the restarted Redis
    // (which kept nothing) has the user's data version.
    const fresh = new Redis(redis.url);
    try {
      expect(Number(await fresh.get(`outage:version:user:${user.id}`))).toBeGreaterThan(0);
    } finally {
      fresh.disconnect();
    }

    // Writes and reads across processes, with the shared caches and counters back.
    expect((await buy(B, "AAPL", 1, "after-outage")).status).toBe(200);
    for (const index of [A, B, A, B]) {
      expect((await quantities(index)).rest).toEqual(["AAPL 6", "MSFT 1"]);
    }
    expect((await failedLogin(B)).status).toBe(400);

    // One upstream feed for the deployment again, and its prices reach both processes' clients.
    await until(
      () => processes.reduce((open, { upstream }) => open + upstream.openCount(), 0) === 1,
      5000,
    );
    const from = Date.now();
    await until(() => streams.every((stream) => stream.since(from) >= 2), 10_000);
  }, 30_000);

  it("takes the same fallbacks when Redis stops answering without closing its connections", async () => {
    redis.pause();
    try {
      const paused = Date.now();
      // Requests wait for their commands to time out (1 s each) until two PINGs have not been
      // answered either; then Redis counts as down and nothing waits for it.
      const read = await quantities(B);
      expect(read.statuses).toEqual([200, 200]);
      while ((await health(B)).body?.redis !== "down") {
        expect(Date.now() - paused).toBeLessThan(10_000);
      }
      const quick = Date.now();
      expect((await quantities(B)).statuses).toEqual([200, 200]);
      expect(Date.now() - quick).toBeLessThan(500);
    } finally {
      redis.resume();
    }
    const resumed = Date.now();
    while ((await health(B)).body?.redis !== "ok") {
      expect(Date.now() - resumed).toBeLessThan(5000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 30_000);
});
