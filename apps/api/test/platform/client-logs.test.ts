import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp({ throttleLimits: { clientLogsPerIp: [5, 60] } });
});
afterEach(() => t.close());

const record = {
  level: "error",
  message: "API call failed",
  context: {
    url: "/api/trpc/users.list",
    method: "GET",
    status: 500,
    statusText: "Internal Server Error",
  },
  timestamp: "2026-03-02T15:00:00.000Z",
  error: { message: "boom", stack: "Error: boom\n    at x" },
};

describe("POST /api/logs", () => {
  it("stores a record with the signed-in user", async () => {
    const user = await t.registerUser();
    const response = await t.request("POST", "/api/logs", { token: user.token, body: record });
    expect(response.status).toBe(200);
    const [stored] = await t.app.deps.repos.clientLogs.latest(1);
    expect(stored).toMatchObject({
      userId: user.id,
      level: "error",
      message: "API call failed",
      errorMessage: "boom",
    });
    expect(JSON.parse(stored?.context ?? "{}")).toEqual(record.context);
  });

  it("accepts records from signed-out visitors", async () => {
    expect((await t.request("POST", "/api/logs", { body: record })).status).toBe(200);
  });

  it.each([
    [{ ...record, level: "fatal" }, "level must be info, warn or error"],
    [{ ...record, message: "" }, "message is required"],
    [{ ...record, timestamp: "now" }, "timestamp must be an ISO 8601 date-time"],
    [
      { ...record, context: { blob: "x".repeat(5000) } },
      "context must be at most 4000 bytes of JSON",
    ],
  ])("rejects %# with 400 and stores nothing", async (body, message) => {
    const response = await t.request("POST", "/api/logs", { body });
    expect(response.status).toBe(400);
    expect(response.body?.message).toBe(message);
    expect(await t.app.deps.repos.clientLogs.latest(1)).toEqual([]);
  });

  it("refuses bodies over 64 KiB", async () => {
    const response = await t.request("POST", "/api/logs", {
      body: { ...record, message: "x".repeat(70_000) },
    });
    expect(response.status).toBe(413);
  });

  it("gives signed-out writers a byte budget per address, but not signed-in users", async () => {
    // About 11 KiB of JSON, near the largest record the limits allow; 64 KiB a minute are allowed.
    const large = {
      ...record,
      message: "m".repeat(2000),
      error: { message: "e".repeat(2000), stack: "x".repeat(7000) },
    };
    const roomy = await startTestApp({ throttleLimits: { clientLogsPerIp: [100, 60] } });
    try {
      const anonymous: number[] = [];
      for (let i = 0; i < 6; i++)
        anonymous.push((await roomy.request("POST", "/api/logs", { body: large })).status);
      expect(anonymous).toEqual([200, 200, 200, 200, 200, 429]);
      expect(await roomy.app.deps.repos.clientLogs.latest(10)).toHaveLength(5);
      const user = await roomy.registerUser();
      const signedIn = await roomy.request("POST", "/api/logs", { token: user.token, body: large });
      expect(signedIn.status).toBe(200);
    } finally {
      await roomy.close();
    }
  });

  it("limits records per address", async () => {
    for (let i = 0; i < 5; i++)
      expect((await t.request("POST", "/api/logs", { body: record })).status).toBe(200);
    expect((await t.request("POST", "/api/logs", { body: record })).status).toBe(429);
  });
});
