import type { JobsOverview } from "@ledgerline/contracts";
import { Queue } from "bullmq";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { pinnedOpenMarket } from "../../support/portfolio-support";
import { RedisDeployment } from "../../support/redis-deployment";
import { dropKeys, redisForTests, testRedisUrl, uniqueRedisPrefix } from "../../support/services";
import { startTestApp, type TestApp } from "../../support/test-app";

const available = await redisForTests("the API and worker roles suite");
const prefix = uniqueRedisPrefix("roles");
const deployments: RedisDeployment[] = [];
/** Deployments started: each test's has queues of its own. */
let started = 0;

/** An API process of a deployment of its own (its own queues). */
async function apiProcess() {
  const deployment = new RedisDeployment(`${prefix}${++started}:`, pinnedOpenMarket);
  deployments.push(deployment);
  return deployment.api();
}

/** A worker process beside `api`: the same database and Redis queues. */
const workerBeside = (api: TestApp) => deployments.at(-1)!.worker(api);

async function deployment() {
  const api = await apiProcess();
  return { api, worker: await workerBeside(api) };
}

afterEach(async () => {
  for (const deployment of deployments.splice(0)) await deployment.close();
});
afterAll(async () => {
  if (available) await dropKeys(prefix);
});

describe.skipIf(!available)("API and worker processes (LEDGERLINE_ROLE)", () => {
  it("leaves a trade's recompute and a mail to the worker, and counts them for admins", async () => {
    const { api, worker } = await deployment();
    const admin = await api.createAdmin();
    const user = await api.registerUser();
    const bought = await api.trpc(
      "mutation",
      "portfolio.buy",
      { symbol: "AAPL", quantity: "2", purchasePrice: "100" },
      user.token,
    );
    expect(bought.status).toBe(200);
    await api.request("POST", "/api/auth/forgot-password", { body: { email: user.email } });
    await api.settled();

    expect(await api.app.deps.repos.mailOutbox.listFor(user.email)).toHaveLength(1);
    expect(await api.app.deps.repos.snapshots.state(user.id)).toMatchObject({ staleFrom: null });

    const answer = await api.request("GET", "/api/admin/jobs", { token: admin.token });
    expect(answer.status).toBe(200);
    const { mode, queues } = answer.body as unknown as JobsOverview;
    expect(mode).toBe("redis");
    expect(queues.find((queue) => queue.queue === "mail")).toMatchObject({ completed: 1 });
    expect(queues.find((queue) => queue.queue === "snapshots")).toMatchObject({
      waiting: 0,
      active: 0,
      failed: 0,
    });
    expect(queues.find((queue) => queue.queue === "snapshots")!.completed).toBeGreaterThan(0);
    // The counts are the deployment's: the worker reads the same.
    expect(await worker.app.deps.jobs.counts()).toEqual(queues);
  });

  it("keeps the jobs an API process queues while no worker runs, until one starts", async () => {
    const api = await apiProcess();
    const user = await api.registerUser();
    await api.request("POST", "/api/auth/forgot-password", { body: { email: user.email } });
    const mailQueue = async () =>
      (await api.app.deps.jobs.counts()).find((q) => q.queue === "mail");
    await expect.poll(mailQueue).toMatchObject({ waiting: 1, completed: 0 });
    expect(await api.app.deps.repos.mailOutbox.listFor(user.email)).toEqual([]);

    await workerBeside(api);
    await api.settled();
    expect(await api.app.deps.repos.mailOutbox.listFor(user.email)).toHaveLength(1);
    expect(await mailQueue()).toMatchObject({ waiting: 0, completed: 1 });
  });

  it("keeps the hourly corporate-action sync as one schedule in Redis for all API processes", async () => {
    // Two processes of both roles with the market refresher, as `pnpm start` runs on two hosts.
    const keyPrefix = `${prefix}schedule:`;
    const first = await startTestApp({
      env: { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: keyPrefix },
      market: pinnedOpenMarket(),
      marketRefresher: true,
    });
    const second = await startTestApp({
      env: {
        REDIS_URL: testRedisUrl,
        REDIS_KEY_PREFIX: keyPrefix,
        DATABASE_URL: first.env.DATABASE_URL,
      },
      market: pinnedOpenMarket(),
      marketRefresher: true,
    });
    const queue = new Queue("corporate-actions", {
      connection: { url: testRedisUrl },
      prefix: `${keyPrefix}jobs`,
    });
    try {
      await Promise.all([first.app.ready(), second.app.ready()]);
      expect(await queue.getJobSchedulers()).toEqual([
        expect.objectContaining({ key: "hourly", every: 60 * 60 * 1000 }),
      ]);
    } finally {
      await queue.close();
      await second.close();
      await first.close();
    }
  });

  it("serves only health checks on a worker process", async () => {
    const { worker } = await deployment();
    expect((await worker.request("GET", "/api/health")).status).toBe(200);
    expect((await worker.request("GET", "/api/openapi.json")).status).toBe(404);
    expect((await worker.request("POST", "/api/auth/register", { body: {} })).status).toBe(404);
  });
});
