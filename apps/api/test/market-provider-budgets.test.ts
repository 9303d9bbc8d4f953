import { afterEach, describe, expect, it } from "vitest";
import { startFakePolygon, type FakePolygon } from "./support/fake-polygon";
import { startTestApp, type TestApp } from "./support/test-app";

let t: TestApp | undefined;
let polygon: FakePolygon | undefined;
afterEach(async () => {
  await t?.close();
  await polygon?.close();
  t = undefined;
  polygon = undefined;
});

const SYMBOLS = ["AAPL", "MSFT", "KO", "PEP", "JPM", "XOM", "WMT", "PG", "MRK", "CVX"];

/** Asks the real app (over tRPC) for ten different quotes against a local Polygon. */
async function quotesAnswered(env: Record<string, string> = {}) {
  polygon = await startFakePolygon(() => Date.now());
  t = await startTestApp({
    env: {
      MARKET_DATA_PROVIDER: "polygon",
      POLYGON_API_KEY: "test-key",
      POLYGON_BASE_URL: polygon.url,
      ...env,
    },
  });
  const { token } = await t.registerUser();
  const statuses: number[] = [];
  for (const symbol of SYMBOLS) {
    statuses.push((await t.trpc("query", "market.snapshot", { symbol }, token)).status);
  }
  return { answered: statuses.filter((status) => status === 200).length, statuses };
}

describe("Polygon's rate limit from the environment", () => {
  it("spends at most the free plan's 5 calls a minute by default", async () => {
    const { answered, statuses } = await quotesAnswered();
    expect(answered).toBe(5);
    expect(polygon?.snapshotRequests).toHaveLength(5);
    // The rest are the spec's error for a quote, never a 5xx.
    expect(statuses.filter((status) => status !== 200).every((status) => status < 500)).toBe(true);
  });

  it("spends what POLYGON_CALLS_PER_MINUTE allows on a paid plan", async () => {
    const { answered } = await quotesAnswered({ POLYGON_CALLS_PER_MINUTE: "8" });
    expect(answered).toBe(8);
    expect(polygon?.snapshotRequests).toHaveLength(8);
  });
});
