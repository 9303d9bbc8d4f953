import type { ImportProgressEvent } from "@ledgerline/api/import/import-progress";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { RedisDeployment } from "../support/redis-deployment";
import { dropKeys, redisForTests, uniqueRedisPrefix } from "../support/services";
import type { TestApp } from "../support/test-app";
import { pinnedMarket } from "../support/transactions-support";
import {
  cancelOnFirstWrite,
  cancelWhileAheadWrites,
  holdingsOf,
  importStatus,
  ledgerlineCsv,
  startImport,
} from "./import-job-support";

const available = await redisForTests("the import jobs on Redis suite");
const prefix = uniqueRedisPrefix("import-jobs");
const deployments: RedisDeployment[] = [];
/** Deployments started: each test's has queues of its own. */
let started = 0;

/** An API process and a worker beside it, and a user of the API process. */
async function deployment() {
  const processes = new RedisDeployment(`${prefix}${++started}:`, pinnedMarket);
  deployments.push(processes);
  const api = await processes.api();
  const worker = await processes.worker(api);
  return { api, worker, user: await api.registerUser() };
}

/** What the API process hears of a job's progress (from the worker, through Redis). */
async function heardBy(api: TestApp, id: number) {
  const heard: ImportProgressEvent[] = [];
  api.app.deps.importProgress.watch(id, (event) => heard.push(event));
  await api.app.deps.jobs.settled();
  return heard;
}

afterEach(async () => {
  for (const processes of deployments.splice(0)) await processes.close();
});
afterAll(async () => {
  if (available) await dropKeys(prefix);
});

const ROWS = 3_000;
const start = (api: TestApp, token: string, rows: number) =>
  startImport(api, token, ledgerlineCsv(rows));

describe.skipIf(!available)("import jobs on Redis (an API process and a worker)", () => {
  it("leaves the import to the worker, whose progress and summary the API process answers", async () => {
    const { api, worker, user } = await deployment();
    const started = await start(api, user.token, ROWS);
    expect(started.data.status).toBe("queued");
    const heard = await heardBy(api, started.data.id);
    await api.settled();

    expect(heard.filter((event) => event.status === "writing").length).toBeGreaterThan(3);
    expect(heard.at(-1)).toMatchObject({ status: "done", done: ROWS, total: ROWS });
    const status = await importStatus(api, started.data.id, user.token);
    expect(status.data).toMatchObject({ status: "done", done: ROWS, result: { imported: ROWS } });
    expect((await holdingsOf(api, user.id)).trades).toHaveLength(ROWS);
    // The worker ran it: the API process ran no job of its own.
    const counts = await worker.app.deps.jobs.counts();
    expect(counts.find((queue) => queue.queue === "import")).toMatchObject({ completed: 1 });
  });

  it("stops the worker's write when the API process is asked to cancel, leaving nothing", async () => {
    const { api, user } = await deployment();
    const before = await holdingsOf(api, user.id);
    const started = await start(api, user.token, ROWS * 2);
    const cancelled = cancelOnFirstWrite(api, started.data.id, user.token);
    await api.settled();
    await cancelled();
    const status = await importStatus(api, started.data.id, user.token);
    expect(status.data.status).toBe("cancelled");
    expect(await holdingsOf(api, user.id)).toEqual(before);
  });

  it("ends a job still queued behind another when the API process is asked, and the worker skips it", async () => {
    // The worker's batches back to back: on SQLite (both apps in this one process), the API
    // process's cancel once waited out the 5 s busy timeout behind them and failed (a 500).
    // One import per user at a time: the one ahead is another user's.
    const { api, worker, user } = await deployment();
    const other = await api.registerUser();
    const ahead = await start(api, other.token, ROWS);
    const queued = await startImport(api, user.token, ledgerlineCsv(50, ["NVDA"]));
    const cancelled = cancelWhileAheadWrites(api, ahead.data.id, queued.data.id, user.token);
    await api.settled();
    const answer = await cancelled();
    expect(answer?.data.status).toBe("cancelled");
    expect((await importStatus(api, queued.data.id, user.token)).data.status).toBe("cancelled");
    expect((await holdingsOf(api, other.id)).trades).toHaveLength(ROWS);
    expect((await holdingsOf(api, user.id)).trades).toHaveLength(0);
    // The worker took both jobs off the queue; the cancelled one ended without a try failing.
    const counts = await worker.app.deps.jobs.counts();
    expect(counts.find((queue) => queue.queue === "import")).toMatchObject({
      completed: 2,
      failed: 0,
    });
  });
});
