import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createBackgroundWork } from "@ledgerline/api/platform/background-work";
import { createJobs } from "@ledgerline/api/platform/jobs/index";
import type { Jobs } from "@ledgerline/api/platform/jobs/jobs";
import type { Logger } from "@ledgerline/api/platform/logger";
import { dropKeys, redisForTests, testRedisUrl, uniqueRedisPrefix } from "../../support/services";

const available = await redisForTests("the killed-worker job suite");
const prefix = uniqueRedisPrefix("crash");
/** A dead worker's job goes to another after this long (BullMQ's 30 s in production). */
const LOCK_MS = 1_000;
const opened: Jobs[] = [];
let child: ChildProcess | undefined;

const quiet = Object.fromEntries(
  ["fatal", "error", "warn", "info", "debug", "trace"].map((level) => [level, () => {}]),
) as unknown as Logger;

async function process() {
  const jobs = await createJobs({
    redisUrl: testRedisUrl,
    redisKeyPrefix: prefix,
    background: createBackgroundWork(),
    logger: quiet,
    lockMs: LOCK_MS,
  });
  opened.push(jobs);
  return jobs;
}

/** A worker in a process of its own, which answers once it has started the job. */
async function stuckWorker(): Promise<{ worker: ChildProcess; started: Promise<string> }> {
  const script = fileURLToPath(new URL("./support/stuck-worker.ts", import.meta.url));
  // Node itself with tsx's loader, not the tsx command: SIGKILL must reach the worker, and the
  // command would die alone, leaving its node child holding the job.
  const worker = spawn(
    globalThis.process.execPath,
    ["--import", "tsx", script, testRedisUrl, prefix, String(LOCK_MS)],
    {
      cwd: fileURLToPath(new URL("../../..", import.meta.url)),
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  child = worker;
  const started = new Promise<string>((resolve) => {
    worker.stdout.on("data", (chunk: Buffer) => {
      const line = chunk.toString().trim();
      if (line.startsWith("started")) resolve(line);
    });
  });
  return { worker, started };
}

afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = once(child, "exit");
    child.kill("SIGKILL");
    await exited;
  }
  child = undefined;
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
    const { worker, started } = await stuckWorker();
    expect(await started).toBe("started Reset");
    const exited = once(worker, "exit");
    worker.kill("SIGKILL");
    await exited;

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
