import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SESSION_CACHE_MS } from "@ledgerline/api/auth/session-cache";
import { startTestApp, TestClock, type TestApp } from "../support/test-app";

let t: TestApp;
let clock: TestClock;
beforeEach(async () => {
  clock = new TestClock();
  t = await startTestApp({ clock });
});
afterEach(() => t.close());

const read = (token: string) => t.request("GET", "/api/portfolio", { token });

describe("session lookups cached per process", () => {
  it("trusts a looked-up session for at most 5 s when another process revokes it", async () => {
    const user = await t.registerUser();
    expect((await read(user.token)).status).toBe(200);
    // Another process signs the session out: only the database knows.
    await t.sql("DELETE FROM sessions");
    clock.advance(SESSION_CACHE_MS - 1);
    expect((await read(user.token)).status).toBe(200);
    clock.advance(1);
    expect((await read(user.token)).status).toBe(401);
  });

  it("refuses a signed-out token at once on the process that signed it out", async () => {
    const user = await t.registerUser();
    expect((await read(user.token)).status).toBe(200);
    expect((await t.request("POST", "/api/auth/logout", { token: user.token })).status).toBe(200);
    expect((await read(user.token)).status).toBe(401);
  });

  it("refuses the other sessions at once after a password change", async () => {
    const user = await t.registerUser();
    const login = await t.request("POST", "/api/auth/login", {
      body: { email: user.email, password: user.password },
    });
    const other = String(login.body?.token);
    expect((await read(other)).status).toBe(200);
    const changed = await t.request("POST", "/api/users/update-password", {
      token: user.token,
      body: { currentPassword: user.password, newPassword: "a-new-pass-phrase-1" },
    });
    expect(changed.status).toBe(200);
    expect((await read(other)).status).toBe(401);
    expect((await read(user.token)).status).toBe(200);
  });

  it("refuses a deleted user's session at once", async () => {
    const admin = await t.createAdmin();
    const user = await t.registerUser();
    expect((await read(user.token)).status).toBe(200);
    const deleted = await t.request("DELETE", `/api/users/${user.id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect((await read(user.token)).status).toBe(401);
  });
});
