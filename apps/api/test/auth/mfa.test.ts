import { apiKeyMessages, messages, mfaMessages } from "@ledgerline/contracts";
import { Secret, TOTP } from "otpauth";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, TestClock, type TestApp } from "../support/test-app";

let t: TestApp;
let clock: TestClock;
beforeEach(async () => {
  clock = new TestClock();
  t = await startTestApp({ clock });
});
afterEach(() => t.close());

/** What an authenticator app shows now (the app's clock is the server's test clock). */
function codeFor(secret: string, offsetMs = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: clock.now() + offsetMs,
  });
}

/** Turns two-factor sign-in on for a user; answers the secret and the recovery codes. */
async function enrol(user: { token: string; password: string }) {
  const setup = await t.request("POST", "/api/account/mfa/setup", {
    token: user.token,
    body: { password: user.password },
  });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const secret = setup.body?.secret as string;
  const enable = await t.request("POST", "/api/account/mfa/enable", {
    token: user.token,
    body: { code: codeFor(secret) },
  });
  expect(enable.status, JSON.stringify(enable.body)).toBe(200);
  clock.advance(30_000);
  return { secret, recoveryCodes: enable.body?.recoveryCodes as string[] };
}

async function passwordStep(user: { email: string; password: string }) {
  const response = await t.request("POST", "/api/auth/login", {
    body: { email: user.email, password: user.password },
  });
  expect(response.status).toBe(200);
  return response.body as Record<string, unknown>;
}

async function auditEvents() {
  return t.sql<{ event: string; success: unknown; failure_reason: string | null }>(
    "SELECT event, success, failure_reason FROM audit_logs WHERE event LIKE 'MFA%' ORDER BY id",
  );
}

describe("enrolling in two-factor sign-in", () => {
  it("answers a secret and its otpauth URL, then 10 recovery codes once a code confirms it", async () => {
    const user = await t.registerUser({ email: "ann@example.com" });
    const setup = await t.request("POST", "/api/account/mfa/setup", {
      token: user.token,
      body: { password: user.password },
    });
    expect(setup.status).toBe(200);
    const secret = setup.body?.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body?.otpauthUrl).toBe(
      `otpauth://totp/Ledgerline:ann%40example.com?issuer=Ledgerline&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    // Not in force until confirmed: the password alone still signs in.
    expect((await passwordStep(user)).token).toEqual(expect.any(String));

    const wrong = await t.request("POST", "/api/account/mfa/enable", {
      token: user.token,
      body: { code: "000000" === codeFor(secret) ? "111111" : "000000" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body?.message).toBe(mfaMessages.codeWrong);

    const enable = await t.request("POST", "/api/account/mfa/enable", {
      token: user.token,
      body: { code: codeFor(secret) },
    });
    expect(enable.status).toBe(200);
    const codes = enable.body?.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = JSON.stringify(await t.sql("SELECT * FROM mfa_recovery_codes"));
    for (const code of codes) expect(stored).not.toContain(code.replace("-", ""));
    const status = await t.trpc("query", "mfa.status", undefined, user.token);
    expect(JSON.stringify(status.body)).toContain('"enabled":true,"recoveryCodesLeft":10');
    expect((await auditEvents()).map((row) => [row.event, Boolean(row.success)])).toEqual([
      ["MFA_ENABLE", false],
      ["MFA_ENABLE", true],
    ]);
  });

  it("needs the password to start, and refuses API keys", async () => {
    const user = await t.registerUser();
    const wrong = await t.request("POST", "/api/account/mfa/setup", {
      token: user.token,
      body: { password: "not-my-password" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body?.message).toBe(messages.currentPasswordWrong);
    const key = await t.request("POST", "/api/api-keys", {
      token: user.token,
      body: { name: "k", scope: "trade", password: user.password },
    });
    const withKey = await t.request("POST", "/api/account/mfa/setup", {
      token: key.body?.key as string,
      body: { password: user.password },
    });
    expect(withKey.status).toBe(403);
    expect(withKey.body?.message).toBe(apiKeyMessages.notForKeys);
    expect(await t.sql("SELECT id FROM mfa_credentials")).toEqual([]);
  });
});

describe("signing in with two-factor on", () => {
  it("asks for a code after the password and completes with it, on both doors", async () => {
    const user = await t.registerUser();
    const { secret } = await enrol(user);

    const challenge = await passwordStep(user);
    expect(Object.keys(challenge).sort()).toEqual(["mfaRequired", "mfaToken"]);
    expect(challenge.mfaRequired).toBe(true);
    const done = await t.request("POST", "/api/auth/login/mfa", {
      body: { mfaToken: challenge.mfaToken, code: codeFor(secret) },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ id: user.id, email: user.email });
    expect(
      (await t.trpc("query", "auth.session", undefined, done.body?.token as string)).status,
    ).toBe(200);

    // The challenge is single-use, and so is the code.
    const again = await t.request("POST", "/api/auth/login/mfa", {
      body: { mfaToken: challenge.mfaToken, code: codeFor(secret) },
    });
    expect(again.status).toBe(400);
    expect(again.body?.message).toBe(mfaMessages.challengeInvalid);
    const second = await passwordStep(user);
    const replayed = await t.request("POST", "/api/auth/login/mfa", {
      body: { mfaToken: second.mfaToken, code: codeFor(secret) },
    });
    expect(replayed.status).toBe(400);
    expect(replayed.body?.message).toBe(mfaMessages.codeUsed);

    clock.advance(30_000);
    const viaTrpc = await t.trpc("mutation", "auth.loginMfa", {
      mfaToken: second.mfaToken,
      code: codeFor(secret),
    });
    expect(viaTrpc.status, JSON.stringify(viaTrpc.body)).toBe(200);
  });

  it("takes each recovery code once and audits its use", async () => {
    const user = await t.registerUser();
    const { recoveryCodes } = await enrol(user);
    const challenge = await passwordStep(user);
    const used = await t.request("POST", "/api/auth/login/mfa", {
      body: { mfaToken: challenge.mfaToken, code: recoveryCodes[0]!.toUpperCase() },
    });
    expect(used.status).toBe(200);
    const next = await passwordStep(user);
    const reused = await t.request("POST", "/api/auth/login/mfa", {
      body: { mfaToken: next.mfaToken, code: recoveryCodes[0] },
    });
    expect(reused.status).toBe(400);
    const events = (await auditEvents()).map((row) => [row.event, Boolean(row.success)]);
    expect(events.slice(1)).toEqual([
      ["MFA_RECOVERY_CODE_USE", true],
      ["MFA_LOGIN", true],
      ["MFA_LOGIN", false],
    ]);
  });

  it("refuses an expired challenge", async () => {
    const user = await t.registerUser();
    const { secret } = await enrol(user);
    const challenge = await passwordStep(user);
    clock.advance(5 * 60_000 + 1);
    const late = await t.request("POST", "/api/auth/login/mfa", {
      body: { mfaToken: challenge.mfaToken, code: codeFor(secret) },
    });
    expect(late.status).toBe(400);
    expect(late.body?.message).toBe(mfaMessages.challengeInvalid);
  });

  it("throttles wrong codes per account from any address, and a right password does not reset the count", async () => {
    const user = await t.registerUser();
    const { secret } = await enrol(user);
    const wrongCode = codeFor(secret) === "123456" ? "654321" : "123456";
    for (let i = 0; i < 10; i++) {
      const challenge = await passwordStep(user);
      const answer = await t.request("POST", "/api/auth/login/mfa", {
        body: { mfaToken: challenge.mfaToken, code: wrongCode },
        // A new address for each guess changes nothing.
        remoteAddress: `203.0.113.${i + 1}`,
      });
      expect(answer.status).toBe(400);
    }
    // Ten wrong codes lock the second step, right code or not, however many passwords were right.
    const challenge = await passwordStep(user);
    const locked = await t.request("POST", "/api/auth/login/mfa", {
      body: { mfaToken: challenge.mfaToken, code: codeFor(secret) },
    });
    expect(locked.status).toBe(429);
    expect(locked.body?.message).toBe(messages.tooManyAttempts);
    const failures = (await auditEvents()).filter((row) => row.event === "MFA_LOGIN");
    expect(failures.map((row) => row.failure_reason)).toEqual([
      ...Array<string>(10).fill("Wrong code"),
      "Too many failed attempts",
    ]);
  });

  it("lets a right code through however many others failed from the same address", async () => {
    await t.close();
    t = await startTestApp({ clock, throttleLimits: { loginFailuresPerIp: [5, 900] } });
    const user = await t.registerUser();
    const { secret } = await enrol(user);
    const office = "198.51.100.20";
    const challenge = await t.request("POST", "/api/auth/login", {
      body: { email: user.email, password: user.password },
      remoteAddress: office,
    });
    expect(challenge.body?.mfaRequired).toBe(true);
    for (let i = 0; i < 8; i++) {
      await t.request("POST", "/api/auth/login", {
        body: { email: `someone${i}@example.com`, password: "wrong" },
        remoteAddress: office,
      });
    }
    const signedIn = await t.request("POST", "/api/auth/login/mfa", {
      body: { mfaToken: challenge.body?.mfaToken, code: codeFor(secret) },
      remoteAddress: office,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body?.token).toEqual(expect.any(String));
  });

  it("is removed only with the password and a current code, after which the password alone signs in", async () => {
    const user = await t.registerUser();
    const { secret } = await enrol(user);
    const wrongCode = codeFor(secret) === "123456" ? "654321" : "123456";
    const rest = (body: object) =>
      t.request("POST", "/api/account/mfa/disable", { token: user.token, body });
    const trpc = (input: object) => t.trpc("mutation", "mfa.disable", input, user.token);
    const refusals = [
      [await rest({ password: user.password }), mfaMessages.codeRequired],
      [await trpc({ password: user.password }), mfaMessages.codeRequired],
      [
        await rest({ password: "wrong-password", code: codeFor(secret) }),
        messages.currentPasswordWrong,
      ],
      [await rest({ password: user.password, code: wrongCode }), mfaMessages.codeWrong],
      [await trpc({ password: user.password, code: wrongCode }), mfaMessages.codeWrong],
    ] as const;
    for (const [response, message] of refusals) {
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain(message);
    }
    const still = await t.request("GET", "/api/account/mfa", { token: user.token });
    expect(still.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const disables = (await auditEvents()).filter((row) => row.event === "MFA_DISABLE");
    expect(disables.map((row) => [Boolean(row.success), row.failure_reason])).toEqual([
      [false, "Current password is incorrect"],
      [false, "Wrong code"],
      [false, "Wrong code"],
    ]);

    const off = await trpc({ password: user.password, code: codeFor(secret) });
    expect(off.status).toBe(200);
    expect(JSON.stringify(off.body)).toContain(mfaMessages.disabled);
    expect((await passwordStep(user)).token).toEqual(expect.any(String));
    expect(await t.sql("SELECT id FROM mfa_recovery_codes")).toEqual([]);
    const last = (await auditEvents()).at(-1);
    expect([last?.event, Boolean(last?.success)]).toEqual(["MFA_DISABLE", true]);
  });

  it("is removed with a recovery code in place of a current code, on REST too", async () => {
    const user = await t.registerUser();
    const { recoveryCodes } = await enrol(user);
    const off = await t.request("POST", "/api/account/mfa/disable", {
      token: user.token,
      body: { password: user.password, code: recoveryCodes[3] },
    });
    expect(off.status).toBe(200);
    expect(off.body?.message).toBe(mfaMessages.disabled);
    expect((await passwordStep(user)).token).toEqual(expect.any(String));
  });

  it("does not take the code a sign-in has just used", async () => {
    const user = await t.registerUser();
    const { secret } = await enrol(user);
    const challenge = await passwordStep(user);
    const code = codeFor(secret);
    const signIn = await t.request("POST", "/api/auth/login/mfa", {
      body: { mfaToken: challenge.mfaToken, code },
    });
    expect(signIn.status).toBe(200);
    const replay = await t.request("POST", "/api/account/mfa/disable", {
      token: signIn.body?.token as string,
      body: { password: user.password, code },
    });
    expect(replay.status).toBe(400);
    expect(replay.body?.message).toBe(mfaMessages.codeUsed);
  });

  it("says a right code the set-up has just spent was just used, on both doors, and takes the next one", async () => {
    const user = await t.registerUser();
    const setup = await t.request("POST", "/api/account/mfa/setup", {
      token: user.token,
      body: { password: user.password },
    });
    const secret = setup.body?.secret as string;
    const code = codeFor(secret);
    const enable = await t.request("POST", "/api/account/mfa/enable", {
      token: user.token,
      body: { code },
    });
    expect(enable.status).toBe(200);

    // Signing out and in again within the same 30 seconds, with the code still on the screen.
    const challenge = await passwordStep(user);
    const rest = await t.request("POST", "/api/auth/login/mfa", {
      body: { mfaToken: challenge.mfaToken, code },
    });
    expect(rest.status).toBe(400);
    expect(rest.body?.message).toBe(mfaMessages.codeUsed);
    const trpc = await t.trpc("mutation", "auth.loginMfa", {
      mfaToken: challenge.mfaToken,
      code,
    });
    expect(trpc.status).toBe(400);
    expect(JSON.stringify(trpc.body)).toContain(mfaMessages.codeUsed);
    expect((await auditEvents()).at(-1)).toMatchObject({
      event: "MFA_LOGIN",
      failure_reason: "Code already used",
    });

    clock.advance(30_000);
    const next = await t.request("POST", "/api/auth/login/mfa", {
      body: { mfaToken: challenge.mfaToken, code: codeFor(secret) },
    });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
  });
});

describe("ADMIN_MFA_REQUIRED", () => {
  it("keeps an admin from admin features until two-factor sign-in is on", async () => {
    await t.close();
    t = await startTestApp({ clock, env: { ADMIN_MFA_REQUIRED: "true" } });
    const admin = await t.createAdmin();
    const refused = await t.request("GET", "/api/users", { token: admin.token });
    expect(refused.status).toBe(403);
    expect(refused.body?.message).toBe(mfaMessages.adminMfaRequired);
    expect((await t.trpc("query", "users.list", undefined, admin.token)).status).toBe(403);

    const { secret } = await enrol(admin);
    const challenge = await passwordStep(admin);
    const signedIn = await t.request("POST", "/api/auth/login/mfa", {
      body: { mfaToken: challenge.mfaToken, code: codeFor(secret) },
    });
    expect(
      (await t.request("GET", "/api/users", { token: signedIn.body?.token as string })).status,
    ).toBe(200);
  });
});
