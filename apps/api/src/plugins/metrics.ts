import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { SharedState } from "@ledgerline/api/platform/shared-state/index";
import { bearerToken } from "@ledgerline/api/platform/trpc/context";

export interface MetricsOptions {
  /** The bearer token a scraper sends; without one the endpoint does not exist. */
  token: string | undefined;
  shared: SharedState;
}

function sameToken(given: string | undefined, expected: string): boolean {
  if (given === undefined || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/**
 * Prometheus metrics at GET /api/metrics for an operator's scraper (METRICS_TOKEN): this
 * process's requests by route and status with their durations, its Node.js runtime figures, and
 * the deployment's upstream market calls (counted in the shared state, so the same on every
 * process and not lost when one dies), and its live-price symbols and upstream streams. Off, and costing nothing per request, without a token:
 * prom-client is then not even loaded (issue 35: an idle server's memory).
 */
export const metricsPlugin = fp(
  async function metrics(app: FastifyInstance, options: MetricsOptions) {
    const { token, shared } = options;
    if (!token) return;
    const { collectDefaultMetrics, Gauge, Histogram, Registry } = await import("prom-client");
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: "ledgerline_" });
    const requests = new Histogram({
      name: "ledgerline_http_request_duration_seconds",
      help: "HTTP requests served by this process, by method, route and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    new Gauge({
      name: "ledgerline_deployment_upstream_calls",
      help: "Calls to the market-data providers by every process of the deployment since its shared state began",
      labelNames: ["provider", "operation"],
      registers: [registry],
      async collect() {
        for (const { provider, operation, calls } of await shared.upstreamCalls.totals()) {
          this.set({ provider, operation }, calls);
        }
      },
    });

    // Live prices: one upstream per symbol for the whole deployment, wherever its viewers are.
    new Gauge({
      name: "ledgerline_live_symbols",
      help: "Symbols this process's live-price clients watch, each relayed through the shared state",
      registers: [registry],
      collect() {
        this.set(app.deps.priceTicks.upstreamCount);
      },
    });
    new Gauge({
      name: "ledgerline_live_upstream_streams",
      help: "Upstream live-price streams this process runs for the deployment (the symbols whose lease it holds)",
      registers: [registry],
      collect() {
        this.set(app.deps.priceTicks.upstreamStreams);
      },
    });

    app.addHook("onResponse", (req, reply, done) => {
      requests.observe(
        {
          method: req.method,
          route: req.routeOptions.url ?? "unmatched",
          status: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    app.get("/api/metrics", { schema: { hide: true } }, async (req, reply) => {
      if (!sameToken(bearerToken(req), token)) {
        return reply.code(401).send({ message: "A metrics token is required" });
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: "metrics" },
);
