import type { MarketService } from "@ledgerline/market";
import { testRedisUrl } from "./services";
import { startTestApp, type TestApp, type TestAppOptions } from "./test-app";

/**
 * The processes of one deployment on Redis: API processes (LEDGERLINE_ROLE=api) that queue jobs
 * and workers that run them, all on one database and the deployment's own queues (`prefix`).
 * Close them in the reverse order of starting: workers share the first API process's database.
 */
export class RedisDeployment {
  readonly apps: TestApp[] = [];
  constructor(
    private readonly prefix: string,
    private readonly market: () => MarketService,
  ) {}

  /** An API process of the deployment, the first one's database if there is one. */
  async api(): Promise<TestApp> {
    const api = await startTestApp({
      env: { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: this.prefix, LEDGERLINE_ROLE: "api" },
      market: this.market(),
    });
    this.apps.push(api);
    return api;
  }

  /** A worker process beside `api`: the same database and Redis queues. */
  async worker(
    api: TestApp,
    { env, ...options }: Pick<TestAppOptions, "jobsLockMs" | "env"> = {},
  ): Promise<TestApp> {
    const worker = await startTestApp({
      ...options,
      env: {
        ...env,
        REDIS_URL: testRedisUrl,
        REDIS_KEY_PREFIX: this.prefix,
        LEDGERLINE_ROLE: "worker",
        DATABASE_URL: api.env.DATABASE_URL,
      },
      market: this.market(),
    });
    this.apps.push(worker);
    // Nothing is injected into the worker: it starts taking jobs once ready, as after listen().
    await worker.app.ready();
    return worker;
  }

  async close() {
    for (const app of this.apps.splice(0).reverse()) await app.close();
  }
}
