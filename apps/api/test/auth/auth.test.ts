import { dateOf } from "@ledgerline/clock";
import { createHash } from "node:crypto";
import { controlCharacterRefused, messages } from "@ledgerline/contracts";
import { parseOptions } from "@node-rs/argon2";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as Passwords from "@ledgerline/api/auth/passwords";
import { startTestApp, TestClock, type TestApp } from "../support/test-app";

/** The stored hashes each login's password was checked against, in order. */
const checkedAgainst = vi.hoisted(() => [] as string[]);
vi.mock("@ledgerline/api/auth/passwords", async (importOriginal) => {
  const passwords = await importOriginal<typeof Passwords>();
  return {
    ...passwords,
    verifyPassword: (passwordHash: string, password: string) => {
      checkedAgainst.push(passwordHash);
      return passwords.verifyPassword(passwordHash, password);
    },
  };
});

let t: TestApp;
let clock: TestClock;
beforeEach(async () => {
  clock = new TestClock();
  t = await startTestApp({ clock });
});
afterEach(() => t.close());

describe("POST /api/auth/register", () => {
  it("creates the account, signs it in and answers every field of the spec plus the expiry", async () => {
    const response = await t.request("POST", "/api/auth/register", {
      body: { email: "  Ada@Example.com ", name: "Ada Lovelace", password: "analytical-engine" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      email: "ada@example.com",
      name: "Ada Lovelace",
      isAdmin: false,
      previousLoginDate: null,
      lastLoginDate: dateOf(clock).toISOString(),
      createdDate: dateOf(clock).toISOString(),
      numberOfLogins: 1,
      failedLogins: 0,
      locale: "en-US",
      expiresAt: new Date(clock.now() + 12 * 3600_000).toISOString(),
    });
    expect(response.body?.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]{43}$/);
    const session = await t.trpc(
      "query",
      "auth.session",
      undefined,
      response.body?.token as string,
    );
    expect(session.status).toBe(200);
  });

  it("stores the session only as its token's SHA-256 hex digest, the one earlier releases stored", async () => {
    const response = await t.request("POST", "/api/auth/register", {
      body: { email: "digest@example.com", name: "Di Gest", password: "analytical-engine" },
    });
    const token = response.body?.token as string;
    expect(await t.sql("SELECT token_hash FROM sessions")).toEqual([
      { token_hash: createHash("sha256").update(token).digest("hex") },
    ]);
  });

  it("refuses a second account with the same email, whatever its case", async () => {
    await t.registerUser({ email: "ada@example.com" });
    const response = await t.request("POST", "/api/auth/register", {
      body: { email: "ADA@example.com", name: "Other", password: "another-pass-1" },
    });
    expect(response.status).toBe(409);
    expect(response.body?.message).toBe(messages.emailInUse);
  });

  it.each([
    [{ email: "a@example.com", name: "A", password: "12345" }, messages.passwordTooShort],
    [{ email: "a@example.com", name: "A", password: "x".repeat(129) }, messages.passwordTooLong],
    [{ email: "", name: "A", password: "long-enough-1" }, messages.emailRequired],
    [{ email: "not-an-email", name: "A", password: "long-enough-1" }, messages.emailInvalid],
    [{ email: "a@example.com", name: "  ", password: "long-enough-1" }, messages.nameRequired],
    [{ email: "a@example.com", name: "A", password: "password1" }, messages.passwordTooCommon],
  ])("rejects %j with a clear 400", async (body, message) => {
    const response = await t.request("POST", "/api/auth/register", { body });
    expect(response.status).toBe(400);
    expect(response.body?.message).toBe(message);
    expect(await t.app.deps.repos.users.count()).toBe(0);
  });

  it("rejects a body that is not an object", async () => {
    const response = await t.request("POST", "/api/auth/register", { body: ["a"] });
    expect(response.status).toBe(400);
  });

  it("limits registrations per address", async () => {
    const limited = await startTestApp({ throttleLimits: { registrationsPerIp: [2, 3600] } });
    await limited.registerUser();
    await limited.registerUser();
    const third = await limited.request("POST", "/api/auth/register", {
      body: { email: "third@example.com", name: "T", password: "long-enough-1" },
    });
    expect(third.status).toBe(429);
    await limited.close();
  });
});

describe("text with a NUL character", () => {
  it("is a 400 with a clear message on both doors, whatever the database", async () => {
    const rest = await t.request("POST", "/api/auth/register", {
      body: { email: "nul@example.com", name: "Null Byte", password: "long-enough\u0000pass-1" },
    });
    expect(rest.status).toBe(400);
    expect(rest.body?.message).toBe(messages.textHasNulCharacter);
    // In text that is not free text it is one of the control characters refused there.
    const name = await t.request("POST", "/api/auth/register", {
      body: { email: "nul@example.com", name: "Null\u0000Byte", password: "long-enough-pass-1" },
    });
    expect(name.status).toBe(400);
    expect(name.body?.message).toBe(controlCharacterRefused("Name"));
    const user = await t.registerUser();
    const trpc = await t.trpc(
      "mutation",
      "portfolio.buy",
      { symbol: "AAPL", quantity: "1", purchasePrice: "100", notes: "a\u0000b" },
      user.token,
    );
    expect(trpc.status).toBe(400);
    expect(await t.sql("SELECT id FROM users WHERE email = 'nul@example.com'")).toEqual([]);
  });
});

describe("session tokens", () => {
  const claims = (token: string) =>
    JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as Record<
      string,
      unknown
    >;

  it("are JWTs the original client can read its expiry from, with nothing secret in them", async () => {
    const user = await t.registerUser({ email: "jo@example.com" });
    const [header] = user.token.split(".");
    expect(JSON.parse(Buffer.from(header!, "base64url").toString())).toEqual({
      alg: "HS256",
      typ: "JWT",
    });
    const payload = claims(user.token);
    expect(Object.keys(payload).sort()).toEqual(["exp", "iat", "jti", "sub"]);
    expect(payload.sub).toBe(String(user.id));
    expect(payload.exp).toBe(Math.floor(Date.parse(user.expiresAt) / 1000));
    expect(payload.jti).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(payload)).not.toContain("jo@example.com");
  });

  it("stay revocable at once: a signed-out token is refused", async () => {
    const user = await t.registerUser();
    expect((await t.request("POST", "/api/auth/logout", { token: user.token })).status).toBe(200);
    expect((await t.trpc("query", "auth.session", undefined, user.token)).status).toBe(401);
  });

  it("are refused when any claim is changed, even to a longer life", async () => {
    const user = await t.registerUser();
    const [header, , signature] = user.token.split(".");
    const longer = Buffer.from(
      JSON.stringify({ ...claims(user.token), exp: 4_102_444_800 }),
    ).toString("base64url");
    const forged = `${header}.${longer}.${signature}`;
    expect((await t.trpc("query", "auth.session", undefined, forged)).status).toBe(401);
  });
});

describe("POST /api/auth/login", () => {
  it("signs in, moving the last login to previousLoginDate and counting logins", async () => {
    const user = await t.registerUser({ email: "bo@example.com" });
    const registeredAt = dateOf(clock).toISOString();
    clock.advance(60_000);
    const response = await t.request("POST", "/api/auth/login", {
      body: { email: "bo@example.com", password: user.password, name: "" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      email: "bo@example.com",
      previousLoginDate: registeredAt,
      lastLoginDate: dateOf(clock).toISOString(),
      numberOfLogins: 2,
    });
    expect(response.body?.token).not.toBe(user.token);
  });

  it("answers 400 with the same message for a wrong password and an unknown email, as the original did", async () => {
    await t.registerUser({ email: "bo@example.com" });
    const wrongPassword = await t.request("POST", "/api/auth/login", {
      body: { email: "bo@example.com", password: "nope-nope" },
    });
    const unknownEmail = await t.request("POST", "/api/auth/login", {
      body: { email: "nobody@example.com", password: "nope-nope" },
    });
    expect(wrongPassword.status).toBe(400);
    expect(unknownEmail.status).toBe(400);
    expect(wrongPassword.body).toEqual(unknownEmail.body);
    expect(wrongPassword.body?.message).toBe(messages.invalidCredentials);
  });

  // The same argon2 work, not a wall-clock comparison: on a busy machine a pause in either
  // series of logins outweighs the difference this guards against.
  it("checks an unknown email's password as costly as a wrong one's, so both take as long", async () => {
    await t.registerUser({ email: "bo@example.com" });
    const workOf = async (email: string) => {
      checkedAgainst.length = 0;
      await t.request("POST", "/api/auth/login", { body: { email, password: "nope-nope" } });
      expect(checkedAgainst).toHaveLength(1);
      const { algorithm, memoryCost, timeCost, parallelism } = parseOptions(checkedAgainst[0]!);
      return { algorithm, memoryCost, timeCost, parallelism };
    };
    const known = await workOf("bo@example.com");
    expect(known.memoryCost).toBeGreaterThan(0);
    expect(await workOf("nobody@example.com")).toEqual(known);
  });

  it("counts failed logins on the user", async () => {
    await t.registerUser({ email: "bo@example.com" });
    await t.request("POST", "/api/auth/login", {
      body: { email: "bo@example.com", password: "wrong-1" },
    });
    await t.request("POST", "/api/auth/login", {
      body: { email: "bo@example.com", password: "wrong-2" },
    });
    expect((await t.app.deps.repos.users.findByEmail("bo@example.com"))?.failedLogins).toBe(2);
  });

  /** A login from one address; answers the status. */
  async function loginFrom(app: TestApp, remoteAddress: string, email: string, password: string) {
    return (
      await app.request("POST", "/api/auth/login", { body: { email, password }, remoteAddress })
    ).status;
  }

  it("blocks an account from an address after repeated failures there, even with the right password", async () => {
    const limited = await startTestApp({
      throttleLimits: { loginFailuresPerAccountAndIp: [3, 900] },
    });
    const user = await limited.registerUser({ email: "bo@example.com" });
    for (let i = 0; i < 3; i++) {
      expect(await loginFrom(limited, "10.0.0.9", user.email, "wrong")).toBe(400);
    }
    const blocked = await limited.request("POST", "/api/auth/login", {
      body: { email: user.email, password: user.password },
      remoteAddress: "10.0.0.9",
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body?.message).toBe(messages.tooManyAttempts);
    // The owner, elsewhere, is not locked out by the guesses from that address.
    expect(await loginFrom(limited, "192.0.2.7", user.email, user.password)).toBe(200);
    await limited.close();
  });

  it("does not lock the owner out because others failed from the same address", async () => {
    const owner = await t.registerUser({ email: "owner@example.com" });
    const office = "198.51.100.20";
    // Colleagues behind the same address mistype their passwords: 55 failures in all, past the
    // 50 that once locked every account from an address.
    for (let i = 0; i < 55; i++) {
      expect(await loginFrom(t, office, `colleague${i % 20}@example.com`, "wrong")).toBe(400);
    }
    expect(await loginFrom(t, office, owner.email, owner.password)).toBe(200);
  });

  it("still stops one address spraying many accounts, past a ceiling of its own", async () => {
    const limited = await startTestApp({ throttleLimits: { loginFailuresPerIp: [5, 900] } });
    const owner = await limited.registerUser({ email: "owner@example.com" });
    for (let i = 0; i < 5; i++) await loginFrom(limited, "198.51.100.20", `spray${i}@x.com`, "x");
    expect(await loginFrom(limited, "198.51.100.20", owner.email, owner.password)).toBe(429);
    expect(await loginFrom(limited, "203.0.113.5", owner.email, owner.password)).toBe(200);
    await limited.close();
  });

  it("cannot be used to bypass the limit through a tRPC batch", async () => {
    const limited = await startTestApp({ throttleLimits: { loginFailuresPerIp: [3, 900] } });
    const input = { email: "x@example.com", password: "wrong" };
    const batch = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [String(i), input]));
    const response = await limited.request(
      "POST",
      `/api/trpc/${Array(6).fill("auth.login").join(",")}?batch=1`,
      { body: batch },
    );
    const codes = (response.body as unknown as { error: { data: { httpStatus: number } } }[]).map(
      (r) => r.error.data.httpStatus,
    );
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(3);
    await limited.close();
  });

  it("cannot be used to guess one account past its limit through a tRPC batch", async () => {
    const limited = await startTestApp({
      throttleLimits: { loginFailuresPerAccountAndIp: [3, 900] },
    });
    const user = await limited.registerUser({ email: "bo@example.com" });
    const guesses = Array.from({ length: 8 }, (_, i) => ({ email: user.email, password: `g${i}` }));
    const batch = Object.fromEntries(guesses.map((input, i) => [String(i), input]));
    const response = await limited.request(
      "POST",
      `/api/trpc/${Array(8).fill("auth.login").join(",")}?batch=1`,
      { body: batch },
    );
    const answers = response.body as unknown as {
      error?: { data: { httpStatus: number } };
    }[];
    const codes = answers.map((answer) => answer.error?.data.httpStatus ?? 200);
    expect(codes.filter((code) => code === 400)).toHaveLength(3);
    expect(codes.filter((code) => code === 429)).toHaveLength(5);
    // Past the limit the right password is refused like the guesses. It goes after the batch: the
    // batch's logins run at once and are counted in whatever order the database answers them, so
    // a right password inside it may be one of the three counted, and rightly let in.
    const right = await limited.request("POST", "/api/trpc/auth.login?batch=1", {
      body: { 0: { email: user.email, password: user.password } },
    });
    expect(
      (right.body as unknown as { error?: { data: { httpStatus: number } } }[])[0]?.error?.data
        .httpStatus,
    ).toBe(429);
    await limited.close();
  });

  it("lets the owner in from the locked address once a reset link set a new password", async () => {
    const limited = await startTestApp({
      throttleLimits: { loginFailuresPerAccountAndIp: [3, 900], loginFailuresPerAccount: [5, 900] },
    });
    const owner = await limited.registerUser({ email: "owner@example.com" });
    // Guesses from the owner's address and from elsewhere lock the account everywhere.
    for (let i = 0; i < 3; i++) await loginFrom(limited, "198.51.100.20", owner.email, `a${i}`);
    for (let i = 0; i < 3; i++) await loginFrom(limited, "203.0.113.9", owner.email, `b${i}`);
    expect(await loginFrom(limited, "198.51.100.20", owner.email, owner.password)).toBe(429);
    expect(await loginFrom(limited, "192.0.2.7", owner.email, owner.password)).toBe(429);

    await limited.request("POST", "/api/auth/forgot-password", {
      body: { email: owner.email },
      remoteAddress: "192.0.2.7",
    });
    await limited.settled();
    const [mail] = await limited.app.deps.repos.mailOutbox.listFor(owner.email);
    const token = new URL(mail!.bodyText.match(/https?:\/\/\S+/)![0]).searchParams.get("token");
    const reset = await limited.request("POST", "/api/auth/reset-password", {
      body: { token, email: owner.email, newPassword: "after-the-lock-9" },
      remoteAddress: "192.0.2.7",
    });
    expect(reset.status).toBe(200);
    expect(await loginFrom(limited, "198.51.100.20", owner.email, "after-the-lock-9")).toBe(200);
    await limited.close();
  });

  it("writes successes and failures to the audit log with the reason", async () => {
    const user = await t.registerUser({ email: "bo@example.com" });
    await t.request("POST", "/api/auth/login", {
      body: { email: "bo@example.com", password: "wrong" },
    });
    await t.request("POST", "/api/auth/login", {
      body: { email: "bo@example.com", password: user.password },
    });
    const rows = await t.sql<{ success: unknown }>(
      "SELECT event, success, failure_reason AS reason FROM audit_logs ORDER BY id",
    );
    expect(rows.map((row) => ({ ...row, success: Boolean(row.success) }))).toEqual([
      { event: "REGISTER", success: true, reason: null },
      { event: "LOGIN", success: false, reason: "Wrong password" },
      { event: "LOGIN", success: true, reason: null },
    ]);
  });
});

describe("sessions", () => {
  it("ends with logout: the token is refused afterwards", async () => {
    const user = await t.registerUser();
    expect((await t.request("POST", "/api/auth/logout", { token: user.token })).status).toBe(200);
    const after = await t.trpc("query", "auth.session", undefined, user.token);
    expect(after.status).toBe(401);
  });

  it("expires after 15 minutes without a request", async () => {
    const user = await t.registerUser();
    clock.advance(14 * 60_000);
    expect((await t.trpc("query", "auth.session", undefined, user.token)).status).toBe(200);
    clock.advance(14 * 60_000);
    expect((await t.trpc("query", "auth.session", undefined, user.token)).status).toBe(200);
    clock.advance(15 * 60_000);
    expect((await t.trpc("query", "auth.session", undefined, user.token)).status).toBe(401);
  });

  it("expires 12 hours after sign-in however active the user is", async () => {
    const user = await t.registerUser();
    for (let minutes = 0; minutes < 12 * 60 - 10; minutes += 10) {
      clock.advance(10 * 60_000);
      expect((await t.trpc("query", "auth.session", undefined, user.token)).status).toBe(200);
    }
    clock.advance(10 * 60_000);
    expect((await t.trpc("query", "auth.session", undefined, user.token)).status).toBe(401);
  });

  it("refuses a malformed or unknown bearer token with 401", async () => {
    for (const header of ["Bearer nonsense", "Bearer ", "Basic abc", `Bearer ${"x".repeat(500)}`]) {
      const response = await t.request("GET", "/api/trpc/auth.session", {
        headers: { authorization: header },
      });
      expect(response.status).toBe(401);
    }
  });

  it("stores only a digest of the token", async () => {
    const user = await t.registerUser();
    const stored = await t.sql<{ token_hash: string }>("SELECT token_hash FROM sessions");
    expect(stored.map((row) => row.token_hash)).not.toContain(user.token);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
