import { messages } from "@ledgerline/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(() => t.close());

describe("POST /api/users/update-password", () => {
  it("changes the password, keeps this session and signs out the others", async () => {
    const user = await t.registerUser({ email: "di@example.com", password: "first-pass-1" });
    const other = await t.request("POST", "/api/auth/login", {
      body: { email: "di@example.com", password: "first-pass-1" },
    });
    const response = await t.request("POST", "/api/users/update-password", {
      token: user.token,
      body: { currentPassword: "first-pass-1", newPassword: "second-pass-2" },
    });
    expect(response.status).toBe(200);
    expect(response.body?.message).toBe(messages.passwordUpdated);
    expect((await t.trpc("query", "auth.session", undefined, user.token)).status).toBe(200);
    expect(
      (await t.trpc("query", "auth.session", undefined, other.body?.token as string)).status,
    ).toBe(401);
    expect(
      (
        await t.request("POST", "/api/auth/login", {
          body: { email: "di@example.com", password: "second-pass-2" },
        })
      ).status,
    ).toBe(200);
  });

  it("refuses a wrong current password and changes nothing", async () => {
    const user = await t.registerUser({ email: "di@example.com", password: "first-pass-1" });
    const response = await t.request("POST", "/api/users/update-password", {
      token: user.token,
      body: { currentPassword: "wrong-pass", newPassword: "second-pass-2" },
    });
    expect(response.status).toBe(400);
    expect(response.body?.message).toBe(messages.currentPasswordWrong);
    expect(
      (
        await t.request("POST", "/api/auth/login", {
          body: { email: "di@example.com", password: "first-pass-1" },
        })
      ).status,
    ).toBe(200);
  });

  it("applies the new-password rules", async () => {
    const user = await t.registerUser({ password: "first-pass-1" });
    const response = await t.request("POST", "/api/users/update-password", {
      token: user.token,
      body: { currentPassword: "first-pass-1", newPassword: "short" },
    });
    expect(response.status).toBe(400);
    expect(response.body?.message).toBe(messages.passwordTooShort);
  });
});

describe("POST /api/users/update-email", () => {
  it("changes the address, answers the updated user and tells the old address", async () => {
    const user = await t.registerUser({ email: "old@example.com" });
    const response = await t.request("POST", "/api/users/update-email", {
      token: user.token,
      body: { newEmail: "New@Example.com", currentPassword: user.password },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email: "new@example.com", name: user.name });
    await t.settled();
    const [notice] = await t.app.deps.repos.mailOutbox.listFor("old@example.com");
    expect(notice?.bodyText).toContain("new@example.com");
    expect(
      (
        await t.request("POST", "/api/auth/login", {
          body: { email: "new@example.com", password: user.password },
        })
      ).status,
    ).toBe(200);
  });

  it("signs out the account's other sessions and keeps this one", async () => {
    const user = await t.registerUser({ email: "old@example.com" });
    const other = await t.request("POST", "/api/auth/login", {
      body: { email: "old@example.com", password: user.password },
    });
    const response = await t.request("POST", "/api/users/update-email", {
      token: user.token,
      body: { newEmail: "new@example.com", currentPassword: user.password },
    });
    expect(response.status).toBe(200);
    expect((await t.trpc("query", "auth.session", undefined, user.token)).status).toBe(200);
    expect(
      (await t.trpc("query", "auth.session", undefined, other.body?.token as string)).status,
    ).toBe(401);
  });

  it("is throttled like registration, so it cannot probe which addresses are registered", async () => {
    await t.registerUser({ email: "taken@example.com" });
    const user = await t.registerUser({ email: "me@example.com" });
    const probe = (address: string) =>
      t.request("POST", "/api/users/update-email", {
        token: user.token,
        body: { newEmail: address, currentPassword: user.password },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await probe(`free-${i}@example.com`)).status);
    expect(statuses).toEqual(Array(10).fill(200));
    const refused = await probe("taken@example.com");
    expect(refused.status).toBe(429);
    expect(refused.body?.message).toBe(messages.tooManyAttempts);
    expect((await t.app.deps.repos.users.findById(user.id))?.email).toBe("free-9@example.com");
  });

  it("refuses an address another account uses", async () => {
    await t.registerUser({ email: "taken@example.com" });
    const user = await t.registerUser({ email: "me@example.com" });
    const response = await t.request("POST", "/api/users/update-email", {
      token: user.token,
      body: { newEmail: "taken@example.com", currentPassword: user.password },
    });
    expect(response.status).toBe(409);
    expect((await t.app.deps.repos.users.findById(user.id))?.email).toBe("me@example.com");
  });

  it("requires an email", async () => {
    const user = await t.registerUser();
    const response = await t.request("POST", "/api/users/update-email", {
      token: user.token,
      body: { newEmail: "", currentPassword: user.password },
    });
    expect(response.status).toBe(400);
    expect(response.body?.message).toBe(messages.emailRequired);
  });

  it("asks for the current password: a wrong or missing one is a 400 and moves nothing", async () => {
    const user = await t.registerUser({ email: "me@example.com" });
    const wrong = await t.request("POST", "/api/users/update-email", {
      token: user.token,
      body: { newEmail: "thief@example.com", currentPassword: "not-my-password" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body?.message).toBe(messages.currentPasswordWrong);
    const missing = await t.trpc(
      "mutation",
      "account.updateEmail",
      { newEmail: "thief@example.com" },
      user.token,
    );
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain(messages.passwordRequired);
    expect((await t.app.deps.repos.users.findById(user.id))?.email).toBe("me@example.com");
    await t.settled();
    expect(await t.app.deps.repos.mailOutbox.listFor("me@example.com")).toEqual([]);
    const events = await t.sql<{ event: string; success: unknown; failure_reason: string }>(
      "SELECT event, success, failure_reason FROM audit_logs WHERE event = 'EMAIL_CHANGE'",
    );
    expect(events).toHaveLength(1);
    expect(events[0]?.failure_reason).toBe("Current password is incorrect");
  });
});

describe("DELETE /api/users/self", () => {
  it("deletes the account with its sessions and keeps other users", async () => {
    const user = await t.registerUser({ email: "gone@example.com" });
    const other = await t.registerUser({ email: "stays@example.com" });
    const response = await t.request("DELETE", "/api/users/self", { token: user.token });
    expect(response.status).toBe(200);
    expect(await t.app.deps.repos.users.findByEmail("gone@example.com")).toBeUndefined();
    expect((await t.trpc("query", "auth.session", undefined, user.token)).status).toBe(401);
    expect((await t.trpc("query", "auth.session", undefined, other.token)).status).toBe(200);
    const audit = (
      await t.sql<{ email: string }>("SELECT email FROM audit_logs WHERE event = 'ACCOUNT_DELETE'")
    ).map((row) => row.email);
    expect(audit).toEqual(["gone@example.com"]);
  });

  it("is refused to admins", async () => {
    const admin = await t.createAdmin();
    const response = await t.request("DELETE", "/api/users/self", { token: admin.token });
    expect(response.status).toBe(403);
    expect(response.body?.message).toBe(messages.adminCannotSelfDelete);
    expect(await t.app.deps.repos.users.findById(admin.id)).toBeDefined();
  });
});
