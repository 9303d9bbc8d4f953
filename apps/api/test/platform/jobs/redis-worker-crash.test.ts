import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createBackgroundWork } from "@ledgerline/api/platform/background-work";
import { createJobs } from "@ledgerline/api/platform/jobs/index";
import type { Jobs } from "@ledgerline/api/platform/jobs/jobs";
import { dropKeys, redisForTests, testRedisUrl, uniqueRedisPrefix } from "../../support/services";
import { killableWorkers } from "./support/killable-worker";
import { quietLogger } from "./support/levels-logger";

const available = await redisForTests("the killed-worker job suite");
const prefix = uniqueRedisPrefix("crash");
/** A dead worker's job goes to another after this long (BullMQ's 30 s in production). */
const LOCK_MS = 1_000;
const opened: Jobs[] = [];
const workers = killableWorkers();

async function process() {
  const jobs = await createJobs({
    redisUrl: testRedisUrl,
    redisKeyPrefix: prefix,
    background: createBackgroundWork(),
    logger: quietLogger,
    lockMs: LOCK_MS,
  });
  opened.push(jobs);
  return jobs;
}

afterEach(async () => {
  await workers.killAll();
  await Promise.all(opened.splice(0).map((jobs) => jobs.close()));
});
afterAll(async () => {
  if (available) await dropKeys(prefix);
});

describe.skipIf(!available)("a worker killed mid-job", () => {
  it("leaves its job to another worker, which runs it once", async () => {
    const api = await process();
    api.enqueue("mail", {
      to: "a@example.com",
      subject: "Reset",
      text: "link",
      deliveryKey: "reset",
    });
    // A worker in a process of its own (support/stuck-worker.ts) takes the job and hangs.
    const worker = workers.start("stuck-worker.ts", [testRedisUrl, prefix, String(LOCK_MS)]);
    expect(await worker.said("started")).toBe("started Reset");
    await worker.kill();

    const survivor = await process();
    const sent: string[] = [];
    survivor.handle("mail", (mail) => {
      sent.push(mail.subject);
      return Promise.resolve();
    });
    survivor.startWorking();
    await survivor.settled();
    expect(sent).toEqual(["Reset"]);
    expect((await survivor.counts()).find((count) => count.queue === "mail")).toMatchObject({
      completed: 1,
      failed: 0,
      active: 0,
    });
  }, 30_000);
});
