import { dateOf } from "@ledgerline/clock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, TestClock, type TestApp } from "../support/test-app";

let t: TestApp;
let clock: TestClock;
let adminToken: string;

beforeEach(async () => {
  clock = new TestClock(Date.parse("2026-01-01T00:00:00Z"));
  t = await startTestApp({ clock, throttleLimits: { loginFailuresPerAccountAndIp: [100, 900] } });
  const admin = await t.createAdmin("root@example.com");
  // 24 more events an hour apart: 12 failed logins for ann, 12 successful ones for bob.
  for (let i = 0; i < 12; i++) {
    clock.advance(3600_000);
    await t.request("POST", "/api/auth/login", {
      body: { email: "ann@example.com", password: "whatever" },
    });
    clock.advance(3600_000);
    await t.app.deps.repos.auditLogs.insert({
      timestamp: dateOf(clock),
      userId: null,
      email: "bob@example.com",
      event: "LOGIN",
      success: true,
      ipAddress: null,
      failureReason: null,
    });
  }
  // The first session has long expired; signing in again adds the 26th event.
  const login = await t.request("POST", "/api/auth/login", {
    body: { email: "root@example.com", password: admin.password },
  });
  adminToken = login.body?.token as string;
});
afterEach(() => t.close());

type Page = {
  logs: {
    email: string;
    timestamp: string;
    success: boolean;
    ipAddress: string | null;
    failureReason: string | null;
  }[];
  pagination: Record<string, number>;
};

async function page(query: Record<string, string> = {}) {
  const response = await t.request("GET", "/api/audit/logs", { token: adminToken, query });
  return { status: response.status, body: response.body as unknown as Page & { message?: string } };
}

describe("GET /api/audit/logs", () => {
  it("answers the newest 10 first with the pagination block", async () => {
    const { status, body } = await page();
    expect(status).toBe(200);
    expect(body.logs).toHaveLength(10);
    expect(body.pagination).toEqual({
      currentPage: 1,
      pageSize: 10,
      totalCount: 26,
      totalPages: 3,
    });
    const times = body.logs.map((log) => log.timestamp);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("pages to the last partial page and past the end", async () => {
    expect((await page({ page: "3" })).body.logs).toHaveLength(6);
    expect((await page({ page: "4" })).body.logs).toHaveLength(0);
  });

  it("filters by email fragment, outcome and date range together", async () => {
    const failures = await page({ email: "ann", success: "false" });
    expect(failures.body.pagination.totalCount).toBe(12);
    expect(failures.body.logs.every((log) => log.email === "ann@example.com" && !log.success)).toBe(
      true,
    );
    expect(failures.body.logs[0]?.failureReason).toBe("Unknown email");

    const window = await page({
      startDate: "2026-01-01T00:30:00Z",
      endDate: "2026-01-01T04:30:00.000+00:00",
    });
    expect(window.body.pagination.totalCount).toBe(4);
  });

  it("reads the dates a datetime-local input sends and date-only values as UTC", async () => {
    const local = await page({ startDate: "2026-01-01T00:30", endDate: "2026-01-01T04:30" });
    expect(local.status).toBe(200);
    expect(local.body.pagination.totalCount).toBe(4);
    // A date alone: the start of that UTC day, and the end of it for endDate (the whole day).
    const day = await page({ startDate: "2026-01-01", endDate: "2026-01-01" });
    expect(day.body.pagination.totalCount).toBe(24);
    const after = await page({ startDate: "2026-01-02" });
    expect(after.body.pagination.totalCount).toBe(2);
  });

  it("takes sortBy and sortOrder in any letter case", async () => {
    const byAddress = await page({ sortBy: "ipaddress", sortOrder: "ASC" });
    expect(byAddress.status).toBe(200);
    const emails = await page({ sortBy: "EMAIL", sortOrder: "Asc", pageSize: "100" });
    const sorted = emails.body.logs.map((log) => log.email);
    expect(sorted).toEqual([...sorted].sort());
  });

  it("sorts by any column in both directions", async () => {
    const asc = await page({ sortBy: "email", sortOrder: "asc", pageSize: "100" });
    const emails = asc.body.logs.map((log) => log.email);
    expect(emails).toEqual([...emails].sort());
    const oldest = await page({ sortBy: "timestamp", sortOrder: "asc" });
    expect(oldest.body.logs[0]?.email).toBe("root@example.com");
  });

  it.each([
    [{ sortBy: "password" }, "sortBy must be one of timestamp, email, event, success, ipAddress"],
    [{ sortOrder: "up" }, "sortOrder must be asc or desc"],
    [{ page: "0" }, "page must be at least 1"],
    [{ pageSize: "1000" }, "pageSize must be at most 100"],
    [{ pageSize: "ten" }, "pageSize must be a whole number"],
    [{ success: "maybe" }, "success must be true or false"],
    [{ startDate: "yesterday" }, "startDate must be a date or an ISO 8601 date-time"],
    [
      { startDate: "2026-02-01T00:00:00Z", endDate: "2026-01-01T00:00:00Z" },
      "startDate must not be after endDate",
    ],
  ])("rejects %j with 400: %s", async (query, message) => {
    const { status, body } = await page(query);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });

  it("is for admins only", async () => {
    const user = await t.registerUser();
    expect((await t.request("GET", "/api/audit/logs", { token: user.token })).status).toBe(403);
    expect((await t.request("GET", "/api/audit/logs")).status).toBe(401);
  });
});
