import { afterEach, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app";

/** Counts the loads of prom-client; the real library answers. */
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock("prom-client", async (importOriginal) => {
  loads.count++;
  return importOriginal();
});

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const TOKEN = "scrape-token-0123456789";

describe("GET /api/metrics", () => {
  it("does not exist without a METRICS_TOKEN, nor does prom-client load", async () => {
    t = await startTestApp();
    expect((await t.request("GET", "/api/metrics")).status).toBe(404);
    // Issue 35: an idle server without a scraper does not hold the library.
    expect(loads.count).toBe(0);
  });

  it("needs the token, then answers Prometheus text with requests and upstream calls", async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
    expect(loads.count).toBe(1);
    expect((await t.request("GET", "/api/metrics")).status).toBe(401);
    expect(
      (await t.request("GET", "/api/metrics", { token: "wrong-token-0123456789" })).status,
    ).toBe(401);

    const user = await t.registerUser();
    await t.request("GET", "/api/health");
    await t.trpc("query", "market.snapshot", { symbol: "AAPL" }, user.token);
    const response = await t.app.inject({
      method: "GET",
      url: "/api/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/plain");
    expect(response.body).toMatch(
      /ledgerline_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 1/,
    );
    expect(response.body).toMatch(
      /ledgerline_deployment_upstream_calls\{provider="sim-v2:\d+",operation="\w+"\} [1-9]/,
    );
    expect(response.body).toContain("ledgerline_process_resident_memory_bytes");
  });
});
