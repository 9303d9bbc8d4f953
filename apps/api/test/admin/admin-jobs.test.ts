import type { JobsOverview } from "@ledgerline/contracts";
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

  it("is refused to users and to anyone not signed in", async () => {
    t = await startTestApp();
    const user = await t.registerUser();
    expect((await t.request("GET", "/api/admin/jobs", { token: user.token })).status).toBe(403);
    expect((await t.request("GET", "/api/admin/jobs")).status).toBe(401);
  });
});
