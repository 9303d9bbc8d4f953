import type { FastifyInstance } from "fastify";
import type { SharedState } from "@ledgerline/api/platform/shared-state/index";

/** What runs on a fallback while Redis is out of reach (README, "Running at scale"). */
export const redisDownEffects = [
  "reads bypass the shared caches and are answered from the database",
  "writes keep their idempotency keys in the database; a waiting duplicate polls it",
  "request limits and throttles are counted by each process on its own",
  "live prices: each process runs its own feeds for its own viewers, and checks price alerts on them",
  "the market refresher and the corporate-action sync wait for Redis",
] as const;

interface Degraded {
  part: "database" | "redis";
  since?: string;
  effects: readonly string[];
}

/**
 * Two checks. `/api/health` is the load balancer's: 503 only when this process cannot serve
 * (its database is out of reach); with Redis out of reach it serves on its fallbacks, so it is
 * 200 with `status: "degraded"` and `redis: "down"`, and stays in the pool. `/api/health/ready`
 * is for monitoring: 200 when nothing is degraded, else 503 with what is and what that means.
 */
export async function healthPlugin(api: FastifyInstance, options: { shared: SharedState }) {
  const { shared } = options;

  async function check() {
    let database: "ok" | "down" = "ok";
    try {
      await api.database.ping();
    } catch {
      database = "down";
    }
    const redis = await shared.ping();
    return { database, redis };
  }

  api.get("/health", async (_req, reply) => {
    const { database, redis } = await check();
    const status = database === "down" ? "unavailable" : redis === "down" ? "degraded" : "ok";
    return reply.code(database === "ok" ? 200 : 503).send({ status, database, redis });
  });

  api.get("/health/ready", async (_req, reply) => {
    const { database, redis } = await check();
    const degraded: Degraded[] = [];
    if (database === "down") {
      degraded.push({ part: "database", effects: ["requests that read or write data fail"] });
    }
    if (redis === "down") {
      degraded.push({
        part: "redis",
        since: (shared.redisDownSince ?? new Date()).toISOString(),
        effects: redisDownEffects,
      });
    }
    return reply
      .code(degraded.length === 0 ? 200 : 503)
      .send({ status: degraded.length === 0 ? "ready" : "degraded", database, redis, degraded });
  });
}
