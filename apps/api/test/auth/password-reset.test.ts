import { messages } from "@ledgerline/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, TestClock, type TestApp } from "../support/test-app";

let t: TestApp;
let clock: TestClock;
beforeEach(async () => {
  clock = new TestClock();
  t = await startTestApp({ clock });
});
afterEach(() => t.close());

/** Mail goes out in the background; wait for it, then read the link from the outbox. */
async function resetLinkFor(email: string): Promise<URL> {
  await t.settled();
  const [mail] = await t.app.deps.repos.mailOutbox.listFor(email);
  const link = mail?.bodyText.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no reset mail for ${email}`);
  return new URL(link);
}

describe("POST /api/auth/forgot-password", () => {
  it("mails a link to /reset-password on APP_ORIGIN with the token and email, whatever the Host header says", async () => {
    await t.registerUser({ email: "cy@example.com" });
    const response = await t.request("POST", "/api/auth/forgot-password", {
      body: { email: "cy@example.com" },
      headers: { host: "evil.example", "x-forwarded-host": "evil.example" },
    });
    expect(response.status).toBe(200);
    expect(response.body?.message).toBe(messages.forgotPasswordSent);
    const link = await resetLinkFor("cy@example.com");
    expect(link.origin).toBe("https://ledgerline.test");
    expect(link.pathname).toBe("/reset-password");
    expect(link.searchParams.get("email")).toBe("cy@example.com");
    expect(link.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("answers an unknown email exactly as a known one and sends nothing", async () => {
    await t.registerUser({ email: "cy@example.com" });
    const known = await t.request("POST", "/api/auth/forgot-password", {
      body: { email: "cy@example.com" },
    });
    const unknown = await t.request("POST", "/api/auth/forgot-password", {
      body: { email: "ghost@example.com" },
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await t.settled();
    expect(await t.app.deps.repos.mailOutbox.listFor("cy@example.com")).toHaveLength(1);
    expect(await t.app.deps.repos.mailOutbox.listFor("ghost@example.com")).toEqual([]);
  });

  it("stores only a digest of the reset token", async () => {
    await t.registerUser({ email: "cy@example.com" });
    await t.request("POST", "/api/auth/forgot-password", { body: { email: "cy@example.com" } });
    const token = (await resetLinkFor("cy@example.com")).searchParams.get("token");
    const stored = await t.sql<{ token_hash: string }>(
      "SELECT token_hash FROM password_reset_tokens",
    );
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
  });

  it("rejects a malformed email with 400", async () => {
    const response = await t.request("POST", "/api/auth/forgot-password", {
      body: { email: "nope" },
    });
    expect(response.status).toBe(400);
    expect(response.body?.message).toBe(messages.emailInvalid);
  });
});

describe("POST /api/auth/reset-password", () => {
  async function requestReset(email: string) {
    await t.request("POST", "/api/auth/forgot-password", { body: { email } });
    const link = await resetLinkFor(email);
    return link.searchParams.get("token") as string;
  }

  it("sets the new password once, signs out every session and refuses the old password", async () => {
    const user = await t.registerUser({ email: "cy@example.com", password: "old-password-1" });
    const token = await requestReset("cy@example.com");
    const response = await t.request("POST", "/api/auth/reset-password", {
      body: { token, email: "cy@example.com", newPassword: "new-password-2" },
    });
    expect(response.status).toBe(200);
    expect(response.body?.message).toBe(messages.passwordResetSuccess);
    expect((await t.trpc("query", "auth.session", undefined, user.token)).status).toBe(401);
    expect(
      (
        await t.request("POST", "/api/auth/login", {
          body: { email: "cy@example.com", password: "old-password-1" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.request("POST", "/api/auth/login", {
          body: { email: "cy@example.com", password: "new-password-2" },
        })
      ).status,
    ).toBe(200);

    const again = await t.request("POST", "/api/auth/reset-password", {
      body: { token, email: "cy@example.com", newPassword: "third-password-3" },
    });
    expect(again.status).toBe(400);
    expect(again.body?.message).toBe(messages.invalidResetToken);
  });

  it("refuses a token after 30 minutes", async () => {
    await t.registerUser({ email: "cy@example.com" });
    const token = await requestReset("cy@example.com");
    clock.advance(30 * 60_000 + 1);
    const response = await t.request("POST", "/api/auth/reset-password", {
      body: { token, email: "cy@example.com", newPassword: "new-password-2" },
    });
    expect(response.status).toBe(400);
    expect(response.body?.message).toBe(messages.invalidResetToken);
  });

  it("refuses a token used with another account's email", async () => {
    await t.registerUser({ email: "cy@example.com" });
    await t.registerUser({ email: "di@example.com" });
    const token = await requestReset("cy@example.com");
    const response = await t.request("POST", "/api/auth/reset-password", {
      body: { token, email: "di@example.com", newPassword: "new-password-2" },
    });
    expect(response.status).toBe(400);
  });

  it("applies the password rules to the new password and keeps the token usable", async () => {
    await t.registerUser({ email: "cy@example.com" });
    const token = await requestReset("cy@example.com");
    const short = await t.request("POST", "/api/auth/reset-password", {
      body: { token, email: "cy@example.com", newPassword: "123" },
    });
    expect(short.status).toBe(400);
    expect(short.body?.message).toBe(messages.passwordTooShort);
    const ok = await t.request("POST", "/api/auth/reset-password", {
      body: { token, email: "cy@example.com", newPassword: "fine-password-9" },
    });
    expect(ok.status).toBe(200);
  });

  it("writes the request and the reset to the audit log", async () => {
    await t.registerUser({ email: "cy@example.com" });
    const token = await requestReset("cy@example.com");
    await t.request("POST", "/api/auth/reset-password", {
      body: { token, email: "cy@example.com", newPassword: "fine-password-9" },
    });
    const events = (
      await t.sql<{ event: string }>("SELECT event FROM audit_logs WHERE success ORDER BY id")
    ).map((row) => row.event);
    expect(events).toEqual(["REGISTER", "PASSWORD_RESET_REQUEST", "PASSWORD_RESET"]);
  });

  it("dies when the account's email changes, even sent with the new address", async () => {
    const user = await t.registerUser({ email: "cy@example.com", password: "old-password-1" });
    const token = await requestReset("cy@example.com");
    const moved = await t.request("POST", "/api/users/update-email", {
      token: user.token,
      body: { newEmail: "cy-new@example.com", currentPassword: "old-password-1" },
    });
    expect(moved.status).toBe(200);
    const response = await t.request("POST", "/api/auth/reset-password", {
      body: { token, email: "cy-new@example.com", newPassword: "taken-over-9" },
    });
    expect(response.status).toBe(400);
    expect(response.body?.message).toBe(messages.invalidResetToken);
    expect(
      (
        await t.request("POST", "/api/auth/login", {
          body: { email: "cy-new@example.com", password: "old-password-1" },
        })
      ).status,
    ).toBe(200);
  });

  it("dies when the password is changed in account settings", async () => {
    const user = await t.registerUser({ email: "cy@example.com", password: "old-password-1" });
    const token = await requestReset("cy@example.com");
    const changed = await t.request("POST", "/api/users/update-password", {
      token: user.token,
      body: { currentPassword: "old-password-1", newPassword: "new-password-2" },
    });
    expect(changed.status).toBe(200);
    const response = await t.request("POST", "/api/auth/reset-password", {
      body: { token, email: "cy@example.com", newPassword: "taken-over-9" },
    });
    expect(response.status).toBe(400);
    expect(response.body?.message).toBe(messages.invalidResetToken);
  });
});
