import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBackgroundWork } from "@ledgerline/api/platform/background-work";
import { createJobs } from "@ledgerline/api/platform/jobs/index";
import type { JobPayloads, Jobs } from "@ledgerline/api/platform/jobs/jobs";
import { Queue } from "bullmq";
import { dropKeys, redisForTests, testRedisUrl, uniqueRedisPrefix } from "../../support/services";
import { loggerTo } from "./support/levels-logger";

const available = await redisForTests("the Redis job queue suite");
// One prefix per test of each run: parallel runs, other suites and the other tests of this
// file never see each other's queues or counts.
const prefixes: string[] = [];
let prefix = "";
beforeEach(() => {
  prefix = uniqueRedisPrefix("jobs");
  prefixes.push(prefix);
});
const opened: Jobs[] = [];
let logged: { level: string; message: string }[] = [];

const logger = loggerTo((level, message) => logged.push({ level, message }));

/** One process of the deployment: its own connections to the queues under the run's prefix. */
async function process(redisUrl = testRedisUrl) {
  const jobs = await createJobs({
    redisUrl,
    redisKeyPrefix: prefix,
    background: createBackgroundWork(),
    logger,
    policies: {
      snapshots: { backoffMs: 20 },
      mail: { backoffMs: 20, attempts: 3 },
    },
  });
  opened.push(jobs);
  return jobs;
}

/** Reads a queue of the run directly, as an admin tool would. */
function inspect(name: string) {
  return new Queue(name, { connection: { url: testRedisUrl }, prefix: `${prefix}jobs` });
}

const mail: JobPayloads["mail"] = {
  to: "a@example.com",
  subject: "Hello",
  text: "Hi",
  deliveryKey: "hello",
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(async () => {
  await Promise.all(opened.splice(0).map((jobs) => jobs.close()));
  logged = [];
});
afterAll(async () => {
  if (available) for (const used of prefixes) await dropKeys(used);
});

describe.skipIf(!available)("background jobs on Redis (BullMQ)", () => {
  it("retries a failed job after a backoff and completes it on the next try", async () => {
    const jobs = await process();
    const tries: number[] = [];
    jobs.handle("mail", (_data, attempt) => {
      tries.push(attempt.number);
      if (attempt.number === 1) return Promise.reject(new Error("SMTP server busy"));
      return Promise.resolve();
    });
    jobs.startWorking();
    jobs.enqueue("mail", mail);
    await jobs.settled();

    expect(tries).toEqual([1, 2]);
    const counts = (await jobs.counts()).find((count) => count.queue === "mail");
    expect(counts).toMatchObject({ completed: 1, failed: 0, waiting: 0, active: 0, delayed: 0 });
    expect(logged.map((entry) => entry.message)).toContain("job retried");
  });

  it("keeps a job that failed its last try as failed, with its error", async () => {
    const jobs = await process();
    let tries = 0;
    jobs.handle("mail", () => {
      tries += 1;
      return Promise.reject(new Error(`relay refused (try ${tries})`));
    });
    jobs.startWorking();
    jobs.enqueue("mail", mail);
    await jobs.settled();

    expect(tries).toBe(3);
    expect((await jobs.counts()).find((count) => count.queue === "mail")).toMatchObject({
      completed: 0,
      failed: 1,
    });
    const queue = inspect("mail");
    try {
      const [failed] = await queue.getFailed();
      expect(failed?.failedReason).toBe("relay refused (try 3)");
      expect(failed?.attemptsMade).toBe(3);
      expect(failed?.data).toEqual(mail);
    } finally {
      await queue.close();
    }
  });

  it("lists failed jobs newest first, retries one from its first try and removes another", async () => {
    const jobs = await process();
    let refuse = true;
    const sent: string[] = [];
    jobs.handle("mail", (data, attempt) => {
      if (refuse) return Promise.reject(new Error(`relay refused: ${data.subject}`));
      sent.push(`${data.subject} (try ${attempt.number})`);
      return Promise.resolve();
    });
    jobs.startWorking();
    jobs.enqueue("mail", { ...mail, subject: "first" });
    await jobs.settled();
    jobs.enqueue("mail", { ...mail, subject: "second" });
    await jobs.settled();

    const { jobs: failed, total } = await jobs.failed("mail", 10);
    expect(total).toBe(2);
    expect(failed.map(({ error, attempts }) => ({ error, attempts }))).toEqual([
      { error: "relay refused: second", attempts: 3 },
      { error: "relay refused: first", attempts: 3 },
    ]);
    expect(failed[0]!.failedAt.getTime()).toBeGreaterThanOrEqual(failed[1]!.failedAt.getTime());

    refuse = false;
    expect(await jobs.retry("mail", failed[1]!.id)).toBe(true);
    expect(await jobs.remove("mail", failed[0]!.id)).toBe(true);
    await jobs.settled();
    expect(sent).toEqual(["first (try 1)"]);
    expect(await jobs.failed("mail", 10)).toEqual({ jobs: [], total: 0 });
    // Neither is a failed job any more: a second retry or remove finds nothing.
    expect(await jobs.retry("mail", failed[1]!.id)).toBe(false);
    expect(await jobs.remove("mail", failed[0]!.id)).toBe(false);
    expect(await jobs.retry("mail", "no-such-job")).toBe(false);
  });

  it("keeps one schedule in Redis however many processes ask, and it outlives them", async () => {
    const worker = await process();
    const runs: number[] = [];
    worker.handle("corporate-actions", () => {
      runs.push(Date.now());
      return Promise.resolve();
    });
    worker.startWorking();
    const api = await process();
    await api.schedule("corporate-actions", "hourly", 100, { reason: "hourly" });
    await worker.schedule("corporate-actions", "hourly", 100, { reason: "hourly" });
    await expect.poll(() => runs.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);

    const queue = inspect("corporate-actions");
    try {
      expect(await queue.getJobSchedulersCount()).toBe(1);
      // One job at a time from a schedule: never two of its runs waiting at once.
      const counts = await queue.getJobCounts("waiting", "delayed");
      expect((counts.waiting ?? 0) + (counts.delayed ?? 0)).toBeLessThanOrEqual(1);
      await api.close();
      await worker.close();
      expect(await queue.getJobSchedulersCount()).toBe(1);
    } finally {
      await queue.close();
    }
  });

  it("coalesces a recompute asked for twice before it starts into one run", async () => {
    const api = await process();
    api.enqueue("snapshots", { userId: 7 }, { dedupKey: "user:7" });
    api.enqueue("snapshots", { userId: 7 }, { dedupKey: "user:7" });
    api.enqueue("snapshots", { userId: 8 }, { dedupKey: "user:8" });
    await pause(0);
    // The adds have reached Redis once a count sees them.
    await expect.poll(async () => (await api.counts())[0]?.waiting).toBe(2);

    const worker = await process();
    const runs: number[] = [];
    worker.handle("snapshots", ({ userId }) => {
      runs.push(userId);
      return Promise.resolve();
    });
    worker.startWorking();
    await worker.settled();
    expect(runs.sort()).toEqual([7, 8]);
  });

  it("runs a recompute asked for while one runs once more after it, never both at once", async () => {
    const jobs = await process();
    let running = 0;
    let most = 0;
    let release!: () => void;
    const firstHolds = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    let started!: () => void;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    jobs.handle("snapshots", async () => {
      runs += 1;
      running += 1;
      most = Math.max(most, running);
      if (runs === 1) {
        started();
        await firstHolds;
      }
      running -= 1;
    });
    jobs.startWorking();
    jobs.enqueue("snapshots", { userId: 1 }, { dedupKey: "user:1" });
    await firstStarted;
    // Two trades while the first recompute runs: one more recompute after it, not two.
    jobs.enqueue("snapshots", { userId: 1 }, { dedupKey: "user:1" });
    jobs.enqueue("snapshots", { userId: 1 }, { dedupKey: "user:1" });
    await pause(100);
    release();
    await jobs.settled();
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });

  it("leaves a job queued by an API process to a worker process", async () => {
    const api = await process();
    const worker = await process();
    const ranOn: string[] = [];
    api.handle("mail", () => {
      ranOn.push("api");
      return Promise.resolve();
    });
    worker.handle("mail", () => {
      ranOn.push("worker");
      return Promise.resolve();
    });
    // LEDGERLINE_ROLE=api: the API process never starts working.
    worker.startWorking();
    api.enqueue("mail", mail);
    await api.settled();
    expect(ranOn).toEqual(["worker"]);
  });

  it("runs a job in this process when Redis does not take it", async () => {
    // Nothing listens on port 1: every add fails at once.
    const jobs = await process("redis://127.0.0.1:1");
    const sent: string[] = [];
    jobs.handle("mail", (data) => {
      sent.push(data.subject);
      return Promise.resolve();
    });
    jobs.enqueue("mail", mail);
    await jobs.settled();
    expect(sent).toEqual(["Hello"]);
    expect(logged.map((entry) => entry.message)).toContain(
      "job not queued in Redis; run here instead",
    );
  });
});
