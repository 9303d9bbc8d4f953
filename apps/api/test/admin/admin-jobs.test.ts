import type { FailedJobsPage, JobsOverview } from "@ledgerline/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
afterEach(async () => {
  await t.close();
  vi.restoreAllMocks();
});

const byQueue = (overview: JobsOverview) =>
  Object.fromEntries(overview.queues.map(({ queue, ...counts }) => [queue, counts]));

describe("GET /api/admin/jobs (one process, no Redis)", () => {
  it("answers each queue's counts per state from this process's own queues", async () => {
    t = await startTestApp();
    const admin = await t.createAdmin();
    const user = await t.registerUser();
    await t.request("POST", "/api/auth/forgot-password", { body: { email: user.email } });
    await t.settled();

    const answer = await t.request("GET", "/api/admin/jobs", { token: admin.token });
    expect(answer.status).toBe(200);
    const overview = answer.body as unknown as JobsOverview;
    expect(overview.mode).toBe("process");
    const idle = { waiting: 0, active: 0, delayed: 0, completed: 0, failed: 0 };
    expect(byQueue(overview)).toEqual({
      snapshots: idle,
      "corporate-actions": idle,
      alerts: idle,
      mail: { ...idle, completed: 1 },
      import: idle,
    });
    // The tRPC procedure behind it answers the same.
    const trpc = await t.trpc("query", "jobs.list", undefined, admin.token);
    expect((trpc.body as unknown as { result: { data: JobsOverview } }).result.data).toEqual(
      overview,
    );
  });

  it("retries a failing mail job with backoff and keeps it as failed after its last try", async () => {
    t = await startTestApp({ jobPolicies: { mail: { attempts: 3, backoffMs: 5 } } });
    const admin = await t.createAdmin();
    const user = await t.registerUser();
    const send = vi
      .spyOn(t.app.deps.mailer, "send")
      .mockRejectedValue(new Error("outbox table unavailable"));
    await t.request("POST", "/api/auth/forgot-password", { body: { email: user.email } });
    await t.settled();

    expect(send).toHaveBeenCalledTimes(3);
    const answer = await t.request("GET", "/api/admin/jobs", { token: admin.token });
    expect(byQueue(answer.body as unknown as JobsOverview).mail).toMatchObject({
      completed: 0,
      failed: 1,
      delayed: 0,
    });
  });

  it("lists a failed mail job in words, retries it once and audits it", async () => {
    t = await startTestApp({ jobPolicies: { mail: { attempts: 1, backoffMs: 5 } } });
    const admin = await t.createAdmin();
    const user = await t.registerUser();
    const send = vi
      .spyOn(t.app.deps.mailer, "send")
      .mockRejectedValueOnce(new Error("relay refused"))
      .mockRejectedValueOnce(new Error("relay refused again"));
    await t.request("POST", "/api/auth/forgot-password", { body: { email: user.email } });
    await t.request("POST", "/api/auth/forgot-password", { body: { email: user.email } });
    await t.settled();

    const listed = await t.request("GET", "/api/admin/jobs/mail/failed", { token: admin.token });
    expect(listed.status).toBe(200);
    const page = listed.body as unknown as FailedJobsPage;
    expect(page.total).toBe(2);
    expect(page.jobs.map(({ error }) => error)).toEqual(["relay refused again", "relay refused"]);
    expect(page.jobs[0]).toMatchObject({ queue: "mail", attempts: 1 });
    expect(page.jobs[0]!.label).toMatch(new RegExp(`^Mail ".+" to ${user.email}$`));
    // A reset mail's link is a secret: the job's data never reaches the answer.
    expect(JSON.stringify(listed.body)).not.toMatch(/token=|reset-password\?/);

    const [newest, oldest] = page.jobs;
    const retried = await t.request("POST", `/api/admin/jobs/mail/failed/${oldest!.id}/retry`, {
      token: admin.token,
    });
    expect(retried).toMatchObject({ status: 200, body: { message: "Job queued again" } });
    const removed = await t.request("DELETE", `/api/admin/jobs/mail/failed/${newest!.id}`, {
      token: admin.token,
    });
    expect(removed).toMatchObject({ status: 200, body: { message: "Job removed" } });
    await t.settled();
    expect(send).toHaveBeenCalledTimes(3);

    const after = await t.request("GET", "/api/admin/jobs", { token: admin.token });
    expect(byQueue(after.body as unknown as JobsOverview).mail).toMatchObject({
      completed: 1,
      failed: 0,
    });
    // Each id acted on once: again, the queue keeps no such failed job.
    const again = await t.request("POST", `/api/admin/jobs/mail/failed/${oldest!.id}/retry`, {
      token: admin.token,
    });
    expect(again).toMatchObject({
      status: 404,
      body: { message: "No failed job with that id in that queue" },
    });
    const audit = await t.request("GET", "/api/audit/logs", {
      token: admin.token,
      query: { page: "1", pageSize: "10" },
    });
    const events = (audit.body as unknown as { logs: { event: string; details: string }[] }).logs;
    expect(events.filter(({ event }) => event.startsWith("JOB_"))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: "JOB_RETRY", details: `mail job ${oldest!.id}` }),
        expect.objectContaining({ event: "JOB_REMOVE", details: `mail job ${newest!.id}` }),
      ]),
    );
  });

  it("refuses an unknown queue with a 400 and changes nothing", async () => {
    t = await startTestApp();
    const admin = await t.createAdmin();
    const answer = await t.request("GET", "/api/admin/jobs/payroll/failed", {
      token: admin.token,
    });
    expect(answer.status).toBe(400);
    expect(typeof answer.body?.message).toBe("string");
  });

  it("is refused to users and to anyone not signed in", async () => {
    t = await startTestApp();
    const user = await t.registerUser();
    expect((await t.request("GET", "/api/admin/jobs", { token: user.token })).status).toBe(403);
    expect((await t.request("GET", "/api/admin/jobs")).status).toBe(401);
    for (const [method, path] of [
      ["GET", "/api/admin/jobs/mail/failed"],
      ["POST", "/api/admin/jobs/mail/failed/1/retry"],
      ["DELETE", "/api/admin/jobs/mail/failed/1"],
    ] as const) {
      expect((await t.request(method, path, { token: user.token })).status, path).toBe(403);
      expect((await t.request(method, path)).status, path).toBe(401);
    }
  });
});
