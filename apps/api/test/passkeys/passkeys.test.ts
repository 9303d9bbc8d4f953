import { messages, mfaMessages, passkeyMessages } from "@ledgerline/contracts";
import { Secret, TOTP } from "otpauth";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SoftwareAuthenticator } from "../support/software-authenticator";
import { startTestApp, TestClock, type TestApp } from "../support/test-app";
import { addPasskey, authenticator, passkeySignIn, signInOptions } from "./passkeys-support";

let t: TestApp;
let clock: TestClock;
beforeEach(async () => {
  clock = new TestClock();
  t = await startTestApp({ clock });
});
afterEach(() => t.close());

async function passkeyAudit() {
  return t.sql<{
    event: string;
    success: unknown;
    failure_reason: string | null;
    details: string | null;
  }>(
    "SELECT event, success, failure_reason, details FROM audit_logs WHERE event IN ('LOGIN', 'MFA_LOGIN', 'PASSKEY_ADD', 'PASSKEY_REMOVE') ORDER BY id",
  );
}

describe("adding a passkey in account settings", () => {
  it("asks for the password, then lists the passkey with its name and dates", async () => {
    const user = await t.registerUser();
    const wrong = await t.request("POST", "/api/account/passkeys/options", {
      token: user.token,
      body: { password: "not-my-password" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body?.message).toBe(messages.currentPasswordWrong);

    const options = await t.request("POST", "/api/account/passkeys/options", {
      token: user.token,
      body: { password: user.password },
    });
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({
      rp: { id: "ledgerline.test", name: "Ledgerline" },
      user: { name: user.email, displayName: user.name },
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      attestation: "none",
    });

    const created = await t.request("POST", "/api/account/passkeys", {
      token: user.token,
      body: {
        name: "  Work laptop ",
        response: authenticator({ backedUp: true }).register(options.body as never),
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const list = await t.request("GET", "/api/account/passkeys", { token: user.token });
    expect(list.body).toEqual([
      {
        id: created.body?.id,
        name: "Work laptop",
        createdAt: new Date(clock.now()).toISOString(),
        lastUsedAt: null,
        backedUp: true,
      },
    ]);
    const audit = await passkeyAudit();
    expect(audit.map((row) => [row.event, Boolean(row.success), row.failure_reason])).toEqual([
      ["PASSKEY_ADD", false, "Current password is incorrect"],
      ["PASSKEY_ADD", true, null],
    ]);
  });

  it("refuses an answer to another user's challenge, or to one already used", async () => {
    const ann = await t.registerUser();
    const bob = await t.registerUser();
    const options = await t.request("POST", "/api/account/passkeys/options", {
      token: ann.token,
      body: { password: ann.password },
    });
    const response = authenticator().register(options.body as never);
    const asBob = await t.request("POST", "/api/account/passkeys", {
      token: bob.token,
      body: { name: "Stolen", response },
    });
    expect(asBob.status).toBe(400);
    expect(asBob.body?.message).toBe(passkeyMessages.challengeInvalid);
    // Bob's try spent it: Ann's own answer to the same challenge is refused too.
    const asAnn = await t.request("POST", "/api/account/passkeys", {
      token: ann.token,
      body: { name: "Mine", response },
    });
    expect(asAnn.status).toBe(400);
    expect(asAnn.body?.message).toBe(passkeyMessages.challengeInvalid);
    expect(await t.sql("SELECT id FROM passkeys")).toEqual([]);
  });

  it("refuses a passkey made for another site", async () => {
    const user = await t.registerUser();
    const options = await t.request("POST", "/api/account/passkeys/options", {
      token: user.token,
      body: { password: user.password },
    });
    const created = await t.request("POST", "/api/account/passkeys", {
      token: user.token,
      body: {
        name: "Phish",
        response: authenticator().register(options.body as never, {
          origin: "https://ledgerline.evil",
        }),
      },
    });
    expect(created.status).toBe(400);
    expect(created.body?.message).toBe(passkeyMessages.notVerified);
    expect(await t.sql("SELECT id FROM passkeys")).toEqual([]);
  });

  it("keeps a credential on the one account it was registered to", async () => {
    const ann = await t.registerUser();
    const bob = await t.registerUser();
    const device = authenticator();
    await addPasskey(t, ann, device);
    const options = await t.request("POST", "/api/account/passkeys/options", {
      token: bob.token,
      body: { password: bob.password },
    });
    const again = device.register(options.body as never, { reuse: device.credentials[0] });
    const created = await t.request("POST", "/api/account/passkeys", {
      token: bob.token,
      body: { name: "Shared", response: again },
    });
    expect(created.status).toBe(409);
    expect(created.body?.message).toBe(passkeyMessages.alreadyRegistered);
    const owners = await t.sql<{ user_id: number }>("SELECT user_id FROM passkeys");
    expect(owners.map((row) => Number(row.user_id))).toEqual([ann.id]);
  });

  it("refuses a name that is empty or too long, changing nothing", async () => {
    const user = await t.registerUser();
    for (const [name, message] of [
      ["   ", passkeyMessages.nameRequired],
      ["x".repeat(61), passkeyMessages.nameTooLong],
    ]) {
      const created = await t.request("POST", "/api/account/passkeys", {
        token: user.token,
        body: {
          name,
          response: authenticator().register({
            challenge: "abc",
            rp: { id: "ledgerline.test" },
            user: { id: "AQ" },
          }),
        },
      });
      expect(created.status).toBe(400);
      expect(JSON.stringify(created.body)).toContain(message);
    }
  });
});

describe("signing in with a passkey", () => {
  it("signs in with no password and records the use", async () => {
    const user = await t.registerUser();
    const device = authenticator();
    const passkey = await addPasskey(t, user, device);
    clock.advance(60_000);

    const options = await signInOptions(t);
    expect(options).toMatchObject({ rpId: "ledgerline.test", userVerification: "preferred" });
    expect(options.allowCredentials ?? []).toEqual([]);
    const signedIn = await passkeySignIn(t, device.authenticate(options));
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body).toMatchObject({ id: user.id, email: user.email, numberOfLogins: 2 });
    const list = await t.request("GET", "/api/account/passkeys", {
      token: signedIn.body?.token as string,
    });
    expect(list.body).toEqual([
      expect.objectContaining({ id: passkey.id, lastUsedAt: new Date(clock.now()).toISOString() }),
    ]);
    const [row] = await t.sql<{ counter: number }>("SELECT counter FROM passkeys");
    expect(Number(row?.counter)).toBe(1);
    expect((await passkeyAudit()).at(-1)).toMatchObject({ event: "LOGIN", details: "Passkey" });
  });

  it("binds passkeys to PASSKEY_RP_ID, from any of PASSKEY_ORIGINS", async () => {
    await t.close();
    t = await startTestApp({
      clock,
      env: {
        APP_ORIGIN: "https://app.ledgerline.test",
        PASSKEY_RP_ID: "ledgerline.test",
        PASSKEY_ORIGINS: "https://app.ledgerline.test,https://www.ledgerline.test",
      },
    });
    const user = await t.registerUser();
    const device = new SoftwareAuthenticator({ origin: "https://www.ledgerline.test" });
    await addPasskey(t, user, device);
    const options = await signInOptions(t);
    expect(options.rpId).toBe("ledgerline.test");
    expect((await passkeySignIn(t, device.authenticate(options))).status).toBe(200);
    const elsewhere = await passkeySignIn(
      t,
      device.authenticate(await signInOptions(t), { origin: "https://ledgerline.test" }),
    );
    expect(elsewhere.body?.message).toBe(passkeyMessages.notVerified);
  });

  it("accepts each challenge once", async () => {
    const user = await t.registerUser();
    const device = authenticator();
    await addPasskey(t, user, device);
    const response = device.authenticate(await signInOptions(t));
    expect((await passkeySignIn(t, response)).status).toBe(200);
    const replay = await passkeySignIn(t, response);
    expect(replay.status).toBe(400);
    expect(replay.body?.message).toBe(passkeyMessages.challengeInvalid);
  });

  it("refuses a signature counter that did not move on (a cloned authenticator)", async () => {
    const user = await t.registerUser();
    const device = authenticator();
    await addPasskey(t, user, device);
    expect((await passkeySignIn(t, device.authenticate(await signInOptions(t)))).status).toBe(200);
    const cloned = await passkeySignIn(
      t,
      device.authenticate(await signInOptions(t), { counter: 1 }),
    );
    expect(cloned.status).toBe(400);
    expect(cloned.body?.message).toBe(passkeyMessages.notVerified);
  });

  it("signs in with an authenticator that never counts", async () => {
    const user = await t.registerUser();
    const device = authenticator({ counterStep: 0 });
    await addPasskey(t, user, device);
    for (let i = 0; i < 2; i += 1) {
      expect((await passkeySignIn(t, device.authenticate(await signInOptions(t)))).status).toBe(
        200,
      );
    }
  });

  it("refuses an answer signed for another site, counting it as a failed sign-in", async () => {
    const user = await t.registerUser();
    const device = authenticator();
    await addPasskey(t, user, device);
    const phished = await passkeySignIn(
      t,
      device.authenticate(await signInOptions(t), { origin: "https://ledgerline.evil" }),
    );
    expect(phished.status).toBe(400);
    expect(phished.body?.message).toBe(passkeyMessages.notVerified);
    expect((await t.app.deps.repos.users.findById(user.id))?.failedLogins).toBe(1);
    expect((await passkeyAudit()).at(-1)).toMatchObject({
      event: "LOGIN",
      failure_reason: "Passkey not verified",
    });
  });

  it("refuses a passkey this site does not know", async () => {
    const stranger = authenticator();
    stranger.register({ challenge: "x", rp: { id: "ledgerline.test" }, user: { id: "AQ" } });
    const answer = await passkeySignIn(t, stranger.authenticate(await signInOptions(t)));
    expect(answer.status).toBe(400);
    expect(answer.body?.message).toBe(passkeyMessages.unknown);
    expect((await passkeyAudit()).at(-1)).toMatchObject({
      event: "LOGIN",
      failure_reason: "Unknown passkey",
    });
  });

  it("is throttled with the password's limits on the account from one address", async () => {
    await t.close();
    t = await startTestApp({
      clock,
      throttleLimits: { loginFailuresPerAccountAndIp: [2, 900] },
    });
    const user = await t.registerUser();
    const device = authenticator();
    await addPasskey(t, user, device);
    for (let i = 0; i < 2; i += 1) {
      const answer = await passkeySignIn(
        t,
        device.authenticate(await signInOptions(t), { origin: "https://ledgerline.evil" }),
      );
      expect(answer.status).toBe(400);
    }
    const right = await passkeySignIn(t, device.authenticate(await signInOptions(t)));
    expect(right.status).toBe(429);
    expect(right.body?.message).toBe(messages.tooManyAttempts);
    // A wrong password from this address now meets the same limit.
    const password = await t.request("POST", "/api/auth/login", {
      body: { email: user.email, password: "wrong-password-1" },
    });
    expect(password.status).toBe(429);
  });
});

describe("a passkey with two-factor sign-in on", () => {
  async function turnOnMfa(user: { token: string; password: string }) {
    const setup = await t.request("POST", "/api/account/mfa/setup", {
      token: user.token,
      body: { password: user.password },
    });
    const secret = setup.body?.secret as string;
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({
      timestamp: clock.now(),
    });
    const enable = await t.request("POST", "/api/account/mfa/enable", {
      token: user.token,
      body: { code },
    });
    expect(enable.status).toBe(200);
  }

  async function passwordStep(user: { email: string; password: string }) {
    const login = await t.request("POST", "/api/auth/login", {
      body: { email: user.email, password: user.password },
    });
    expect(login.body).toMatchObject({ mfaRequired: true });
    return login.body?.mfaToken as string;
  }

  it("stands in for the code after the password", async () => {
    const user = await t.registerUser();
    const device = authenticator({ userVerified: false });
    const passkey = await addPasskey(t, user, device);
    await turnOnMfa(user);
    const mfaToken = await passwordStep(user);
    const options = await signInOptions(t, mfaToken);
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([
      device.credentials[0] && Buffer.from(device.credentials[0].id).toString("base64url"),
    ]);
    const signedIn = await passkeySignIn(t, device.authenticate(options));
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body?.id).toBe(user.id);
    expect(signedIn.body?.token).toEqual(expect.any(String));
    expect(passkey.name).toBe("Laptop");
    // The password step's challenge is spent with it.
    const code = await t.request("POST", "/api/auth/login/mfa", {
      body: { mfaToken, code: "123456" },
    });
    expect(code.body?.message).toBe(mfaMessages.challengeInvalid);
    expect((await passkeyAudit()).slice(-2)).toMatchObject([
      { event: "MFA_LOGIN", details: "Passkey" },
      { event: "LOGIN", details: "Passkey as the second factor" },
    ]);
  });

  it("says so when the account has no passkey", async () => {
    const user = await t.registerUser();
    await turnOnMfa(user);
    const options = await t.request("POST", "/api/auth/passkeys/options", {
      body: { mfaToken: await passwordStep(user) },
    });
    expect(options.status).toBe(400);
    expect(options.body?.message).toBe(passkeyMessages.noPasskeys);
  });

  it("refuses another account's passkey as the second factor", async () => {
    const ann = await t.registerUser();
    const bob = await t.registerUser();
    const bobsDevice = authenticator();
    await addPasskey(t, ann, authenticator());
    await addPasskey(t, bob, bobsDevice);
    await turnOnMfa(ann);
    const options = await signInOptions(t, await passwordStep(ann));
    const answer = await passkeySignIn(
      t,
      bobsDevice.authenticate(options, { credential: bobsDevice.credentials[0] }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body?.message).toBe(passkeyMessages.unknown);
  });

  it("signs in alone when it verified its user, and asks for the code when it did not", async () => {
    const user = await t.registerUser();
    const verifying = authenticator();
    const presenceOnly = authenticator({ userVerified: false });
    await addPasskey(t, user, verifying, "Phone");
    await addPasskey(t, user, presenceOnly, "Key");
    await turnOnMfa(user);

    const alone = await passkeySignIn(t, verifying.authenticate(await signInOptions(t)));
    expect(alone.body?.id).toBe(user.id);
    expect(alone.body?.token).toEqual(expect.any(String));
    const onlyPresence = await passkeySignIn(t, presenceOnly.authenticate(await signInOptions(t)));
    expect(onlyPresence.status).toBe(200);
    expect(Object.keys(onlyPresence.body ?? {}).sort()).toEqual(["mfaRequired", "mfaToken"]);
    expect(onlyPresence.body?.mfaRequired).toBe(true);
  });
});

describe("removing a passkey", () => {
  it("asks for the password, and the passkey no longer signs in", async () => {
    const user = await t.registerUser();
    const device = authenticator();
    const passkey = await addPasskey(t, user, device);
    const wrong = await t.request("DELETE", `/api/account/passkeys/${passkey.id}`, {
      token: user.token,
      body: { password: "not-my-password" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body?.message).toBe(messages.currentPasswordWrong);
    expect(await t.sql("SELECT id FROM passkeys")).toHaveLength(1);

    const removed = await t.request("DELETE", `/api/account/passkeys/${passkey.id}`, {
      token: user.token,
      body: { password: user.password },
    });
    expect(removed.status).toBe(200);
    expect(removed.body?.message).toBe(passkeyMessages.removed);
    const list = await t.request("GET", "/api/account/passkeys", { token: user.token });
    expect(list.body).toEqual([]);
    const signIn = await passkeySignIn(t, device.authenticate(await signInOptions(t)));
    expect(signIn.body?.message).toBe(passkeyMessages.unknown);
    expect((await passkeyAudit()).filter((row) => row.event === "PASSKEY_REMOVE")).toMatchObject([
      { failure_reason: "Current password is incorrect" },
      { failure_reason: null, details: 'Passkey "Laptop"' },
    ]);
  });

  it("answers 404 for another user's passkey and leaves it", async () => {
    const ann = await t.registerUser();
    const bob = await t.registerUser();
    const passkey = await addPasskey(t, ann, authenticator());
    const answer = await t.request("DELETE", `/api/account/passkeys/${passkey.id}`, {
      token: bob.token,
      body: { password: bob.password },
    });
    expect(answer.status).toBe(404);
    expect(answer.body?.message).toBe(passkeyMessages.notFound);
    const list = await t.request("GET", "/api/account/passkeys", { token: bob.token });
    expect(list.body).toEqual([]);
    expect(await t.request("GET", "/api/account/passkeys", { token: ann.token })).toMatchObject({
      body: [{ id: passkey.id }],
    });
  });
});
