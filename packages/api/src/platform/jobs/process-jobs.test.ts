import { describe, expect, it } from "vitest";
import { createBackgroundWork } from "../background-work";
import type { Logger } from "../logger";
import { createProcessJobs } from "./process-jobs";

const quiet = Object.fromEntries(
  ["fatal", "error", "warn", "info", "debug", "trace"].map((level) => [level, () => {}]),
) as unknown as Logger;

function jobs() {
  return createProcessJobs({
    background: createBackgroundWork(),
    logger: quiet,
    policies: { snapshots: { backoffMs: 1 }, mail: { backoffMs: 1, attempts: 2, concurrency: 2 } },
  });
}

const mail = (subject: string) => ({
  to: "a@example.com",
  subject,
  text: "",
  deliveryKey: subject,
});

describe("in-process jobs (the embedded mode)", () => {
  it("retries a failed try after a backoff and counts the job completed", async () => {
    const queue = jobs();
    const tries: number[] = [];
    queue.handle("snapshots", (_data, attempt) => {
      tries.push(attempt.number);
      return attempt.number < 3 ? Promise.reject(new Error("busy")) : Promise.resolve();
    });
    queue.startWorking();
    queue.enqueue("snapshots", { userId: 1 });
    await queue.settled();
    expect(tries).toEqual([1, 2, 3]);
    expect((await queue.counts()).find((c) => c.queue === "snapshots")).toMatchObject({
      completed: 1,
      failed: 0,
      delayed: 0,
    });
  });

  it("keeps a job that failed its last try, with its error", async () => {
    const queue = jobs();
    queue.handle("mail", () => Promise.reject(new Error("relay refused")));
    queue.startWorking();
    queue.enqueue("mail", mail("Hello"));
    await queue.settled();
    expect(await queue.failed("mail", 10)).toMatchObject({
      jobs: [{ queue: "mail", error: "relay refused", attempts: 2, data: mail("Hello") }],
      total: 1,
    });
    expect((await queue.counts()).find((c) => c.queue === "mail")).toMatchObject({ failed: 1 });
  });

  it("runs a failed job again from its first try when retried, and forgets a removed one", async () => {
    const queue = jobs();
    let refuse = true;
    const sent: string[] = [];
    queue.handle("mail", (data, attempt) => {
      if (refuse) return Promise.reject(new Error("relay refused"));
      sent.push(`${data.subject} (try ${attempt.number})`);
      return Promise.resolve();
    });
    queue.startWorking();
    queue.enqueue("mail", mail("first"));
    queue.enqueue("mail", mail("second"));
    await queue.settled();
    const { jobs: failed } = await queue.failed("mail", 10);
    expect(failed.map((job) => (job.data as { subject: string }).subject)).toEqual([
      "second",
      "first",
    ]);

    refuse = false;
    expect(await queue.retry("mail", failed[1]!.id)).toBe(true);
    expect(await queue.remove("mail", failed[0]!.id)).toBe(true);
    await queue.settled();
    expect(sent).toEqual(["first (try 1)"]);
    expect(await queue.failed("mail", 10)).toEqual({ jobs: [], total: 0 });
    expect((await queue.counts()).find((c) => c.queue === "mail")).toMatchObject({
      failed: 0,
      completed: 1,
    });
    // A job is retried or removed once: the second time the queue keeps no such job.
    expect(await queue.retry("mail", failed[1]!.id)).toBe(false);
    expect(await queue.remove("mail", failed[0]!.id)).toBe(false);
  });

  it("merges a job into a waiting one with its key, keeping the latest data", async () => {
    const queue = jobs();
    const sent: string[] = [];
    queue.handle("mail", (data) => {
      sent.push(data.subject);
      return Promise.resolve();
    });
    queue.enqueue("mail", mail("first"), { dedupKey: "k" });
    queue.enqueue("mail", mail("second"), { dedupKey: "k" });
    queue.enqueue("mail", mail("other"));
    expect((await queue.counts()).find((c) => c.queue === "mail")?.waiting).toBe(2);
    queue.startWorking();
    await queue.settled();
    expect(sent.sort()).toEqual(["other", "second"]);
  });

  it("runs a job whose key is running once more after it, never both at once", async () => {
    const queue = jobs();
    let running = 0;
    let most = 0;
    let runs = 0;
    queue.handle("mail", async () => {
      runs += 1;
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
    });
    queue.startWorking();
    queue.enqueue("mail", mail("a"), { dedupKey: "user:1" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    queue.enqueue("mail", mail("b"), { dedupKey: "user:1" });
    queue.enqueue("mail", mail("c"), { dedupKey: "user:1" });
    await queue.settled();
    // The mail queue runs two at once, but never two with one key.
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });

  it("runs at most the queue's concurrency at once", async () => {
    const queue = jobs();
    let running = 0;
    let most = 0;
    queue.handle("snapshots", async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
    });
    queue.startWorking();
    for (let userId = 1; userId <= 4; userId++) queue.enqueue("snapshots", { userId });
    await queue.settled();
    expect(most).toBe(1);
    expect((await queue.counts()).find((c) => c.queue === "snapshots")?.completed).toBe(4);
  });

  it("adds a scheduled job every interval, one schedule per key, until closed", async () => {
    const queue = jobs();
    const runs: string[] = [];
    queue.handle("corporate-actions", (data) => {
      runs.push(data.reason);
      return Promise.resolve();
    });
    queue.startWorking();
    await queue.schedule("corporate-actions", "hourly", 20, { reason: "hourly" });
    // Asked again (another start of the same code), the schedule is replaced, not doubled.
    await queue.schedule("corporate-actions", "hourly", 20, { reason: "hourly" });
    await new Promise((resolve) => setTimeout(resolve, 110));
    await queue.close();
    const ran = runs.length;
    expect(ran).toBeGreaterThanOrEqual(3);
    expect(ran).toBeLessThanOrEqual(6);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs.length).toBe(ran);
  });
});
