import { dateOf } from "@ledgerline/clock";
import { apiKeyMessages, apiKeyScopeRefused, messages } from "@ledgerline/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, TestClock, type TestApp } from "../support/test-app";

let t: TestApp;
let clock: TestClock;
beforeEach(async () => {
  clock = new TestClock();
  t = await startTestApp({ clock, throttleLimits: { apiKeyRequests: [20, 60] } });
});
afterEach(() => t.close());

/** Creates a key in the user's session, with the password that creating one asks for. */
async function createKey(user: { token: string; password: string }, body: Record<string, unknown>) {
  const response = await t.request("POST", "/api/api-keys", {
    token: user.token,
    body: { ...body, password: user.password },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as unknown as { id: number; key: string; name: string; scope: string };
}

async function auditRows(event: string) {
  return t.sql<{ success: unknown; failure_reason: string | null; details: string | null }>(
    "SELECT success, failure_reason, details FROM audit_logs WHERE event = ? ORDER BY id",
    [event],
  );
}

describe("creating and listing API keys", () => {
  it("shows the key once, stores only its digest and lists it with scope, creation and last use", async () => {
    const user = await t.registerUser();
    const response = await t.request("POST", "/api/api-keys", {
      token: user.token,
      body: {
        name: "  nightly export ",
        scope: "read",
        expiresAt: "2026-12-31T00:00:00Z",
        password: user.password,
      },
    });
    expect(response.status).toBe(200);
    const created = response.body as unknown as Record<string, string>;
    expect(Object.keys(created).sort()).toEqual(
      ["createdAt", "expiresAt", "id", "key", "name", "scope"].sort(),
    );
    expect(created).toMatchObject({
      name: "nightly export",
      scope: "read",
      createdAt: dateOf(clock).toISOString(),
      expiresAt: "2026-12-31T00:00:00.000Z",
    });
    expect(created.key).toMatch(/^ll_[A-Za-z0-9_-]{43}$/);

    const stored = await t.sql<Record<string, unknown>>("SELECT * FROM api_keys");
    expect(JSON.stringify(stored)).not.toContain(created.key);

    clock.advance(5 * 60_000);
    expect((await t.request("GET", "/api/portfolio", { token: created.key })).status).toBe(200);
    const listed = await t.trpc("query", "apiKeys.list", undefined, user.token);
    const rows = (listed.body as unknown as { result: { data: Record<string, unknown>[] } }).result
      .data;
    expect(rows).toEqual([
      {
        id: created.id,
        name: "nightly export",
        scope: "read",
        keyStart: created.key!.slice(0, 7),
        createdAt: "2026-03-02T15:00:00.000Z",
        lastUsedAt: "2026-03-02T15:05:00.000Z",
        expiresAt: "2026-12-31T00:00:00.000Z",
      },
    ]);
    const [audit] = await auditRows("API_KEY_CREATE");
    expect(audit?.details).toContain("nightly export");
  });

  it("refuses an expiry in the past, a missing name and an unknown scope, creating nothing", async () => {
    const user = await t.registerUser();
    for (const [body, message] of [
      [
        { name: "old", scope: "read", expiresAt: "2026-03-01T00:00:00Z" },
        apiKeyMessages.expiryInPast,
      ],
      [{ name: " ", scope: "read" }, apiKeyMessages.nameRequired],
      [{ name: "admin", scope: "admin" }, apiKeyMessages.scopeInvalid],
      [{ name: "x", scope: "read", expiresAt: "tomorrow" }, apiKeyMessages.expiryInvalid],
    ] as const) {
      const response = await t.request("POST", "/api/api-keys", {
        token: user.token,
        body: { ...body, password: user.password },
      });
      expect(response.status).toBe(400);
      expect(response.body?.message).toBe(message);
    }
    expect(await t.sql("SELECT id FROM api_keys")).toEqual([]);
  });

  it("asks for the password again: without it or with a wrong one nothing is created, on both doors", async () => {
    const user = await t.registerUser();
    const key = { name: "stolen session", scope: "trade" };
    const rest = (body: object) => t.request("POST", "/api/api-keys", { token: user.token, body });
    const trpc = (input: object) => t.trpc("mutation", "apiKeys.create", input, user.token);
    const refusals = [
      [await rest(key), messages.passwordRequired],
      [await rest({ ...key, password: "not-the-password" }), messages.currentPasswordWrong],
      [await trpc(key), messages.passwordRequired],
      [await trpc({ ...key, password: "guess-2" }), messages.currentPasswordWrong],
    ] as const;
    for (const [response, message] of refusals) {
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain(message);
    }
    expect(await t.sql("SELECT id FROM api_keys")).toEqual([]);
    const audit = await auditRows("API_KEY_CREATE");
    expect(audit.map((row) => [Boolean(row.success), row.failure_reason])).toEqual([
      [false, "Current password is incorrect"],
      [false, "Current password is incorrect"],
    ]);

    expect((await trpc({ ...key, password: user.password })).status).toBe(200);
  });

  it("counts wrong passwords per user, so a session cannot be used to guess it", async () => {
    const limited = await startTestApp({
      throttleLimits: { sessionConfirmationsPerUser: [3, 900] },
    });
    const user = await limited.registerUser();
    for (let i = 0; i < 3; i++) {
      const wrong = await limited.request("POST", "/api/api-keys", {
        token: user.token,
        body: { name: "guess", scope: "read", password: `guess-${i}` },
      });
      expect(wrong.status).toBe(400);
    }
    const limitedRight = await limited.request("POST", "/api/api-keys", {
      token: user.token,
      body: { name: "guess", scope: "read", password: user.password },
    });
    expect(limitedRight.status).toBe(429);
    expect(limitedRight.body?.message).toBe(messages.tooManyAttempts);
    // The same count guards every change that asks for the password.
    const newPassword = await limited.trpc(
      "mutation",
      "account.updatePassword",
      { currentPassword: user.password, newPassword: "another-pass-77" },
      user.token,
    );
    expect(newPassword.status).toBe(429);
    expect(await limited.sql("SELECT id FROM api_keys")).toEqual([]);
    await limited.close();
  });
});

describe("using an API key", () => {
  it("lets a read key make every GET and query but no trade or watchlist change, on both doors", async () => {
    const user = await t.registerUser();
    const { key } = await createKey(user, { name: "reader", scope: "read" });
    expect((await t.request("GET", "/api/savedstocks", { token: key })).status).toBe(200);
    expect((await t.request("GET", "/api/transaction", { token: key })).status).toBe(200);
    expect((await t.trpc("query", "portfolio.list", undefined, key)).status).toBe(200);

    const refused = await t.request("POST", "/api/savedstocks/AAPL", { token: key, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.body?.message).toBe(apiKeyScopeRefused("read"));
    const refusedTrpc = await t.trpc(
      "mutation",
      "portfolio.buy",
      {
        symbol: "AAPL",
        quantity: "1",
        purchasePrice: "100",
      },
      key,
    );
    expect(refusedTrpc.status).toBe(403);
    expect(JSON.stringify(refusedTrpc.body)).toContain(apiKeyScopeRefused("read"));
    expect(await t.sql("SELECT id FROM saved_stocks")).toEqual([]);
    expect(await t.sql("SELECT id FROM positions")).toEqual([]);

    const denied = await auditRows("ACCESS_DENIED");
    expect(denied.map((row) => row.failure_reason)).toEqual(["API key scope", "API key scope"]);
    expect(denied[1]?.details).toContain("portfolio.buy");
  });

  it("lets a trade key trade and change the watchlist of its own user, on both doors", async () => {
    const user = await t.registerUser();
    const other = await t.registerUser();
    const { key } = await createKey(user, { name: "trader", scope: "trade" });
    expect(
      (await t.request("POST", "/api/savedstocks/AAPL", { token: key, body: {} })).status,
    ).toBe(200);
    const bought = await t.trpc(
      "mutation",
      "portfolio.buy",
      {
        symbol: "AAPL",
        quantity: "2",
        purchasePrice: "100",
      },
      key,
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const mine = await t.request("GET", "/api/portfolio", { token: user.token });
    expect(mine.body).toHaveLength(1);
    const theirs = await t.request("GET", "/api/portfolio", { token: other.token });
    expect(theirs.body).toHaveLength(0);
  });

  it("never manages the account, keys or administration, even an admin's trade key", async () => {
    const admin = await t.createAdmin();
    const { key, id } = await createKey(admin, { name: "ops", scope: "trade" });
    const attempts = [
      await t.request("GET", "/api/api-keys", { token: key }),
      await t.request("POST", "/api/api-keys", {
        token: key,
        body: { name: "x", scope: "trade", password: admin.password },
      }),
      await t.request("DELETE", `/api/api-keys/${id}`, { token: key }),
      await t.request("POST", "/api/users/update-password", {
        token: key,
        body: { currentPassword: admin.password, newPassword: "another-pass-77" },
      }),
      await t.request("GET", "/api/users", { token: key }),
      await t.request("GET", "/api/audit/logs", { token: key }),
      await t.trpc("query", "users.list", undefined, key),
      await t.trpc(
        "mutation",
        "apiKeys.create",
        { name: "x", scope: "trade", password: admin.password },
        key,
      ),
      await t.trpc("mutation", "auth.logout", undefined, key),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(403);
      expect(JSON.stringify(response.body)).toContain(apiKeyMessages.notForKeys);
    }
    expect(await t.sql("SELECT id FROM api_keys")).toHaveLength(1);
    const denied = await auditRows("ACCESS_DENIED");
    expect(denied).toHaveLength(attempts.length);
    expect(denied.every((row) => row.failure_reason === "Not allowed with an API key")).toBe(true);
  });

  it("answers 401 on both doors once the key is revoked or has expired", async () => {
    const user = await t.registerUser();
    const revoked = await createKey(user, { name: "old", scope: "read" });
    const expiring = await createKey(user, {
      name: "short",
      scope: "read",
      expiresAt: "2026-03-02T16:00:00Z",
    });
    const revoke = await t.request("DELETE", `/api/api-keys/${revoked.id}`, { token: user.token });
    expect(revoke.status).toBe(200);
    expect(revoke.body?.message).toBe(apiKeyMessages.revoked);
    const [audit] = await auditRows("API_KEY_REVOKE");
    expect(audit?.details).toContain("old");

    clock.advance(60 * 60_000);
    for (const key of [revoked.key, expiring.key]) {
      const rest = await t.request("GET", "/api/portfolio", { token: key });
      expect(rest.status).toBe(401);
      expect(rest.body?.message).toBe(messages.notSignedIn);
      expect((await t.trpc("query", "portfolio.list", undefined, key)).status).toBe(401);
    }
  });

  it("revokes only the signed-in user's own keys", async () => {
    const owner = await t.registerUser();
    const other = await t.registerUser();
    const { id, key } = await createKey(owner, { name: "mine", scope: "read" });
    const response = await t.request("DELETE", `/api/api-keys/${id}`, { token: other.token });
    expect(response.status).toBe(404);
    expect(response.body?.message).toBe(apiKeyMessages.notFound);
    expect((await t.request("GET", "/api/portfolio", { token: key })).status).toBe(200);
  });

  it("limits the requests of each key on its own", async () => {
    const user = await t.registerUser();
    const busy = await createKey(user, { name: "busy", scope: "read" });
    const quiet = await createKey(user, { name: "quiet", scope: "read" });
    for (let i = 0; i < 20; i++) {
      expect((await t.request("GET", "/api/portfolio", { token: busy.key })).status).toBe(200);
    }
    const limited = await t.request("GET", "/api/portfolio", { token: busy.key });
    expect(limited.status).toBe(429);
    expect(limited.body?.message).toBe(apiKeyMessages.tooManyRequests);
    expect((await t.trpc("query", "portfolio.list", undefined, busy.key)).status).toBe(429);
    expect((await t.request("GET", "/api/portfolio", { token: quiet.key })).status).toBe(200);
    expect((await t.request("GET", "/api/portfolio", { token: user.token })).status).toBe(200);
  });
});

describe("a new password", () => {
  /** The user's mails, newest first, once the background sends are done. */
  async function mailsTo(email: string) {
    await t.settled();
    return t.app.deps.repos.mailOutbox.listFor(email);
  }

  async function keysStopped(keys: string[]) {
    for (const key of keys) {
      expect((await t.request("GET", "/api/portfolio", { token: key })).status).toBe(401);
      expect((await t.trpc("query", "portfolio.list", undefined, key)).status).toBe(401);
    }
  }

  it("set in account settings revokes every API key, on both doors, and says so in the audit log and a mail", async () => {
    for (const door of ["rest", "trpc"] as const) {
      const user = await t.registerUser();
      const keys = [
        (await createKey(user, { name: "one", scope: "read" })).key,
        (await createKey(user, { name: "two", scope: "trade" })).key,
      ];
      const body = { currentPassword: user.password, newPassword: "brand-new-pass-31" };
      const changed =
        door === "rest"
          ? await t.request("POST", "/api/users/update-password", { token: user.token, body })
          : await t.trpc("mutation", "account.updatePassword", body, user.token);
      expect(changed.status).toBe(200);
      await keysStopped(keys);
      // The session that made the change stays.
      expect((await t.request("GET", "/api/portfolio", { token: user.token })).status).toBe(200);
      const [notice] = await mailsTo(user.email);
      expect(notice?.subject).toBe("Your Ledgerline password was changed");
      expect(notice?.bodyText).toContain("changed in account settings");
      expect(notice?.bodyText).toContain("Your 2 API keys were revoked");
    }
    const changes = await auditRows("PASSWORD_CHANGE");
    expect(changes.map((row) => [Boolean(row.success), row.details])).toEqual([
      [true, "2 API keys revoked"],
      [true, "2 API keys revoked"],
    ]);
    expect(await t.sql("SELECT id FROM api_keys")).toEqual([]);
  });

  it("set through a reset link revokes every API key, on both doors, which both mails say", async () => {
    for (const door of ["rest", "trpc"] as const) {
      const user = await t.registerUser();
      const { key } = await createKey(user, { name: "script", scope: "read" });
      await t.request("POST", "/api/auth/forgot-password", { body: { email: user.email } });
      const [request] = await mailsTo(user.email);
      expect(request?.bodyText).toContain("revokes your API keys");
      const token = new URL(request!.bodyText.match(/https?:\/\/\S+/)![0]).searchParams.get(
        "token",
      );
      const body = { token, email: user.email, newPassword: "recovered-pass-58" };
      const reset =
        door === "rest"
          ? await t.request("POST", "/api/auth/reset-password", { body })
          : await t.trpc("mutation", "auth.resetPassword", body);
      expect(reset.status).toBe(200);
      await keysStopped([key]);
      const [notice] = await mailsTo(user.email);
      expect(notice?.bodyText).toContain("changed with a password-reset link");
      expect(notice?.bodyText).toContain("Your API key was revoked");
    }
    const resets = await auditRows("PASSWORD_RESET");
    expect(resets.map((row) => [Boolean(row.success), row.details])).toEqual([
      [true, "1 API key revoked"],
      [true, "1 API key revoked"],
    ]);
  });

  it("set by an administrator revokes the user's API keys and only theirs", async () => {
    const admin = await t.createAdmin();
    const user = await t.registerUser();
    const other = await t.registerUser();
    const { key } = await createKey(user, { name: "script", scope: "read" });
    const kept = await createKey(other, { name: "theirs", scope: "read" });
    const reset = await t.request("POST", `/api/users/${user.id}/reset-password`, {
      token: admin.token,
      body: { newPassword: "set-by-admin-64" },
    });
    expect(reset.status).toBe(200);
    await keysStopped([key]);
    expect((await t.request("GET", "/api/portfolio", { token: kept.key })).status).toBe(200);
    const [notice] = await mailsTo(user.email);
    expect(notice?.bodyText).toContain("changed by an administrator");
    const [audit] = await auditRows("ADMIN_PASSWORD_RESET");
    expect(audit?.details).toBe(`user ${user.email}; 1 API key revoked`);
  });
});
