import { afterAll, afterEach, describe, expect, it } from "vitest";
import { countedMarket, quoteEvents, readStream } from "../../support/live-client";
import { dropKeys, redisForTests, testRedisUrl, uniqueRedisPrefix } from "../../support/services";
import { startTestApp, type TestApp } from "../../support/test-app";

const available = await redisForTests("the live stream across API processes");
const prefix = uniqueRedisPrefix("live-stream");
const apps: TestApp[] = [];

/** An API process of the deployment, listening, with an upstream that counts what it opens. */
async function apiProcess(databaseUrl?: string) {
  const upstream = countedMarket();
  const app = await startTestApp({
    env: {
      REDIS_URL: testRedisUrl,
      REDIS_KEY_PREFIX: prefix,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    market: upstream.market,
  });
  apps.push(app);
  await app.app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return { app, upstream, base };
}

afterEach(async () => {
  // The second shares the first's database file: close it first.
  for (const app of apps.splice(0).reverse()) {
    // The ended streams' sockets stay open as keep-alive connections a close would wait for.
    app.app.server.closeAllConnections();
    await app.close();
  }
});
afterAll(async () => {
  if (available) await dropKeys(prefix);
});

describe.skipIf(!available)("GET /api/stream across API processes sharing Redis", () => {
  it("streams a symbol's ticks to clients of both processes from one upstream, relayed through Redis", async () => {
    const first = await apiProcess();
    const second = await apiProcess(first.app.env.DATABASE_URL);
    const { token } = await first.app.registerUser();
    // Aborted at the end, so each process ends its stream (and releases the symbol) at once.
    const clients = new AbortController();
    const stream = (base: string) =>
      fetch(`${base}/api/stream?symbols=BTC`, {
        headers: { authorization: `Bearer ${token}` },
        signal: clients.signal,
      });
    const twoQuotes = (text: string | undefined) =>
      new Set(quoteEvents(text ?? "").map((event) => event.data.price)).size >= 2;

    // Both clients stay connected until both have seen two prices, so the upstream is counted
    // while each process has a viewer (when one leaves, the other may take the upstream over).
    const texts = ["", ""];
    let openWhileBothWatch: number[] | undefined;
    let runningWhileBothWatch: number[] | undefined;
    const bothSeeTwo = (which: number) => (text: string) => {
      texts[which] = text;
      if (!texts.every(twoQuotes)) return false;
      openWhileBothWatch ??= [first, second].map(({ upstream }) => upstream.openCount());
      // What each process reports at /api/metrics: the same count, seen from its side.
      runningWhileBothWatch ??= [first, second].map(
        ({ app }) => app.app.deps.priceTicks.upstreamStreams,
      );
      return true;
    };
    const [onFirst, onSecond] = await Promise.all([stream(first.base), stream(second.base)]);
    const [readFirst, readSecond] = await Promise.all([
      readStream(onFirst, bothSeeTwo(0), 15_000),
      readStream(onSecond, bothSeeTwo(1), 15_000),
    ]);
    clients.abort();

    // One upstream for the deployment: the process without it got its clients' ticks from the
    // other one, through Redis.
    expect(openWhileBothWatch?.toSorted()).toEqual([0, 1]);
    expect(runningWhileBothWatch).toEqual(openWhileBothWatch);
    const opened = openWhileBothWatch!;
    const relayed = quoteEvents(opened[0] === 0 ? readFirst : readSecond);
    expect(new Set(relayed.map((event) => event.data.price)).size).toBeGreaterThanOrEqual(2);
    for (const event of relayed) {
      expect(event.data).toMatchObject({ symbol: "BTC", assetType: "CRYPTO" });
    }
  });
});
