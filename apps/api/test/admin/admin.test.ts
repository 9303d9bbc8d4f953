import { messages } from "@ledgerline/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(() => t.close());

describe("GET /api/users", () => {
  it("lists every user with the spec's columns and nothing secret", async () => {
    const admin = await t.createAdmin();
    await t.registerUser({ email: "bo@example.com", name: "Bo" });
    const response = await t.request("GET", "/api/users", { token: admin.token });
    expect(response.status).toBe(200);
    const rows = response.body as unknown as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      [
        "createdDate",
        "email",
        "failedLogins",
        "id",
        "isAdmin",
        "lastLoginDate",
        "name",
        "numberOfLogins",
      ].sort(),
    );
    expect(rows.find((row) => row.email === "bo@example.com")).toMatchObject({
      name: "Bo",
      isAdmin: false,
      numberOfLogins: 1,
    });
  });

  it("answers 401 to anonymous callers and 403 to non-admins, and audits the refusal", async () => {
    const user = await t.registerUser({ email: "bo@example.com" });
    expect((await t.request("GET", "/api/users")).status).toBe(401);
    const refused = await t.request("GET", "/api/users", { token: user.token });
    expect(refused.status).toBe(403);
    const denied = await t.sql(
      "SELECT email, details FROM audit_logs WHERE event = 'ACCESS_DENIED'",
    );
    expect(denied).toEqual([{ email: "bo@example.com", details: "GET /api/users" }]);
  });
});

describe("DELETE /api/users/{id}", () => {
  it("deletes a non-admin user, revokes their sessions and audits who did it", async () => {
    const admin = await t.createAdmin();
    const user = await t.registerUser({ email: "bo@example.com" });
    const response = await t.request("DELETE", `/api/users/${user.id}`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(await t.app.deps.repos.users.findById(user.id)).toBeUndefined();
    expect((await t.trpc("query", "auth.session", undefined, user.token)).status).toBe(401);
    const audit = await t.sql(
      "SELECT email, details FROM audit_logs WHERE event = 'ADMIN_USER_DELETE'",
    );
    expect(audit).toEqual([{ email: admin.email, details: "user bo@example.com" }]);
  });

  it("refuses to delete an admin", async () => {
    const admin = await t.createAdmin();
    const other = await t.createAdmin("second@example.com");
    const response = await t.request("DELETE", `/api/users/${other.id}`, { token: admin.token });
    expect(response.status).toBe(403);
    expect(response.body?.message).toBe(messages.adminTargetForbidden);
    expect(await t.app.deps.repos.users.findById(other.id)).toBeDefined();
  });

  it("answers 404 for an unknown id and 400 for one that is not a number", async () => {
    const admin = await t.createAdmin();
    expect((await t.request("DELETE", "/api/users/9999", { token: admin.token })).status).toBe(404);
    const bad = await t.request("DELETE", "/api/users/abc", { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body?.message).toBe("User id must be a whole number");
    expect((await t.request("DELETE", "/api/users/-3", { token: admin.token })).status).toBe(400);
  });

  it("is not reachable by a non-admin, who cannot delete another user", async () => {
    const user = await t.registerUser();
    const victim = await t.registerUser();
    expect(
      (await t.request("DELETE", `/api/users/${victim.id}`, { token: user.token })).status,
    ).toBe(403);
    expect(await t.app.deps.repos.users.findById(victim.id)).toBeDefined();
  });
});

describe("POST /api/users/{id}/reset-password", () => {
  it("sets a non-admin's password and signs them out", async () => {
    const admin = await t.createAdmin();
    const user = await t.registerUser({ email: "bo@example.com" });
    const response = await t.request("POST", `/api/users/${user.id}/reset-password`, {
      token: admin.token,
      body: { newPassword: "set-by-admin-7" },
    });
    expect(response.status).toBe(200);
    expect((await t.trpc("query", "auth.session", undefined, user.token)).status).toBe(401);
    expect(
      (
        await t.request("POST", "/api/auth/login", {
          body: { email: "bo@example.com", password: "set-by-admin-7" },
        })
      ).status,
    ).toBe(200);
  });

  it("refuses admins as targets, short passwords, and non-admin callers", async () => {
    const admin = await t.createAdmin();
    const other = await t.createAdmin("second@example.com");
    const user = await t.registerUser();
    expect(
      (
        await t.request("POST", `/api/users/${other.id}/reset-password`, {
          token: admin.token,
          body: { newPassword: "set-by-admin-7" },
        })
      ).status,
    ).toBe(403);
    const short = await t.request("POST", `/api/users/${user.id}/reset-password`, {
      token: admin.token,
      body: { newPassword: "abc" },
    });
    expect(short.status).toBe(400);
    expect(short.body?.message).toBe(messages.passwordTooShort);
    expect(
      (
        await t.request("POST", `/api/users/${user.id}/reset-password`, {
          token: user.token,
          body: { newPassword: "set-by-admin-7" },
        })
      ).status,
    ).toBe(403);
  });
});
