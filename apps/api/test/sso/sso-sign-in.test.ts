import { messages, ssoMessages } from "@ledgerline/contracts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  signInAtProvider,
  startOidcProvider,
  type TestOidcProvider,
} from "../support/oidc-provider";
import { startTestApp, TestClock, type TestApp } from "../support/test-app";

const redirectUri = "https://ledgerline.test/api/auth/sso/callback";
let provider: TestOidcProvider;
let t: TestApp;
let clock: TestClock;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUri });
  provider.addAccount({ sub: "ann-1", email: "ann@corp.test", emailVerified: true, name: "Ann" });
  provider.addAccount({ sub: "bob-1", email: "Bob@Corp.test", emailVerified: true, name: "Bob" });
  provider.addAccount({ sub: "cy-1", email: "cy@corp.test", emailVerified: false, name: "Cy" });
});
afterAll(() => provider.close());

beforeEach(async () => {
  clock = new TestClock();
  t = await startTestApp({
    clock,
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: "Corp Login",
    },
  });
});
afterEach(() => t.close());

/** GET start: the provider's URL to go to, and the state cookie this browser was given. */
async function start() {
  const started = await t.request("GET", "/api/auth/sso/start");
  expect(started.status).toBe(302);
  const setCookie = String(started.headers["set-cookie"]);
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  return {
    url: String(started.headers.location),
    cookie: setCookie.split(";")[0]!,
  };
}

/** The callback as the browser comes back to it: where it is sent on (a login page address). */
async function callback(back: URL, cookie: string, headers: Record<string, string> = {}) {
  const answer = await t.request("GET", `${back.pathname}${back.search}`, {
    headers: { cookie, ...headers },
  });
  expect(answer.status).toBe(302);
  return new URL(String(answer.headers.location), "https://ledgerline.test");
}

/** Signs in at the provider as `login` and comes back: the login page address it lands on. */
async function throughProvider(login: string | { deny: true }, headers?: Record<string, string>) {
  const { url, cookie } = await start();
  return callback(await signInAtProvider(url, login, redirectUri), cookie, headers);
}

async function complete(landing: URL) {
  expect(landing.pathname).toBe("/login");
  expect(landing.searchParams.get("ssoError")).toBeNull();
  return t.request("POST", "/api/auth/sso/session", {
    body: { code: landing.searchParams.get("sso") },
  });
}

const identities = () =>
  t.sql<{ user_id: number; issuer: string; subject: string }>(
    "SELECT user_id, issuer, subject FROM sso_identities ORDER BY id",
  );

describe("signing in through the provider", () => {
  it("sends the browser to the provider with PKCE (S256), a state and a nonce", async () => {
    const { url } = await start();
    const authorization = new URL(url);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorization.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(authorization.searchParams.get("state")).toBeTruthy();
    expect(authorization.searchParams.get("nonce")).toBeTruthy();
    expect(authorization.searchParams.get("redirect_uri")).toBe(redirectUri);
  });

  it("creates an account for a new e-mail, signs it in, and links it to the identity", async () => {
    const signedIn = await complete(await throughProvider("ann-1"));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ email: "ann@corp.test", name: "Ann", isAdmin: false });
    const session = await t.trpc(
      "query",
      "auth.session",
      undefined,
      signedIn.body?.token as string,
    );
    expect(session.status).toBe(200);
    expect(await identities()).toEqual([
      { user_id: signedIn.body?.id, issuer: provider.issuer, subject: "ann-1" },
    ]);
    const audit = await t.sql<{ event: string; success: unknown; details: string | null }>(
      "SELECT event, success, details FROM audit_logs ORDER BY id",
    );
    expect(audit.map((row) => [row.event, Boolean(row.success), row.details])).toEqual([
      ["REGISTER", true, "Through single sign-on"],
      ["SSO_LINK", true, `${provider.issuer} ann-1`],
      ["LOGIN", true, "Through single sign-on"],
    ]);
  });

  it("starts a new account in the browser's Accept-Language locale, en-US without one", async () => {
    const ann = await complete(
      await throughProvider("ann-1", { "accept-language": "fr-CH, fr;q=0.9, en;q=0.5" }),
    );
    expect(ann.body).toMatchObject({ email: "ann@corp.test", locale: "fr-FR" });
    const bob = await complete(await throughProvider("bob-1"));
    expect(bob.body).toMatchObject({ email: "bob@corp.test", locale: "en-US" });
  });

  it("links an existing account through a verified e-mail, then matches by subject", async () => {
    const bob = await t.registerUser({ email: "bob@corp.test" });
    const first = await complete(await throughProvider("bob-1"));
    expect(first.status).toBe(200);
    expect(first.body?.id).toBe(bob.id);
    // The provider's e-mail changes; the link (issuer + subject) still finds the account.
    provider.addAccount({ sub: "bob-1", email: "robert@corp.test", emailVerified: true });
    try {
      const again = await complete(await throughProvider("bob-1"));
      expect(again.body?.id).toBe(bob.id);
      expect(await identities()).toHaveLength(1);
    } finally {
      provider.addAccount({ sub: "bob-1", email: "Bob@Corp.test", emailVerified: true });
    }
  });

  it("does not link an existing account through an e-mail the provider has not verified", async () => {
    const cy = await t.registerUser({ email: "cy@corp.test" });
    const landing = await throughProvider("cy-1");
    expect(landing.searchParams.get("ssoError")).toBe("unverifiedEmail");
    expect(landing.searchParams.get("sso")).toBeNull();
    expect(await identities()).toEqual([]);
    const refused = await t.sql<{ event: string; user_id: number; failure_reason: string }>(
      "SELECT event, user_id, failure_reason FROM audit_logs WHERE event = 'SSO_LINK'",
    );
    expect(refused).toEqual([
      { event: "SSO_LINK", user_id: cy.id, failure_reason: "E-mail not verified by the provider" },
    ]);
  });

  it("answers a two-factor challenge for an account with two-factor sign-in on", async () => {
    const ann = await complete(await throughProvider("ann-1"));
    const token = ann.body?.token as string;
    await t.app.deps.repos.mfa.startSetup(ann.body?.id as number, "JBSWY3DPEHPK3PXP", new Date());
    await t.app.deps.repos.mfa.enable(ann.body?.id as number, 1, ["code-digest"], new Date());
    const again = await complete(await throughProvider("ann-1"));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ mfaRequired: true });
    expect(again.body?.token).toBeUndefined();
    expect(token).toBeTruthy();
  });

  it("trades the one-time code for a session once", async () => {
    const landing = await throughProvider("ann-1");
    expect((await complete(landing)).status).toBe(200);
    const replay = await complete(landing);
    expect(replay.status).toBe(400);
    expect(replay.body?.message).toBe(ssoMessages.handoffInvalid);
  });
});

describe("refusing what the provider's answer does not prove", () => {
  it("refuses a callback whose state is not the one this browser was given", async () => {
    const mine = await start();
    const theirs = await start();
    const back = await signInAtProvider(theirs.url, "ann-1", redirectUri);
    const landing = await callback(back, mine.cookie);
    expect(landing.searchParams.get("ssoError")).toBe("expired");
    expect(await identities()).toEqual([]);
  });

  it("refuses a callback with no state cookie, and the same answer twice", async () => {
    const { url, cookie } = await start();
    const back = await signInAtProvider(url, "ann-1", redirectUri);
    expect((await callback(back, "")).searchParams.get("ssoError")).toBe("expired");
    // The cookie-less try above did not spend the state: the real browser still can, once.
    expect((await callback(back, cookie)).searchParams.get("sso")).toBeTruthy();
    expect((await callback(back, cookie)).searchParams.get("ssoError")).toBe("expired");
  });

  it("refuses an ID token whose nonce is not the one sent", async () => {
    const { url, cookie } = await start();
    await t.sql("UPDATE sso_sign_ins SET nonce = ?", ["a-different-nonce"]);
    const landing = await callback(await signInAtProvider(url, "ann-1", redirectUri), cookie);
    expect(landing.searchParams.get("ssoError")).toBe("failed");
    expect(await identities()).toEqual([]);
    const [failure] = await t.sql<{ failure_reason: string }>(
      "SELECT failure_reason FROM audit_logs WHERE event = 'LOGIN' AND failure_reason IS NOT NULL",
    );
    expect(failure?.failure_reason).toMatch(/nonce/i);
  });

  it("refuses a sign-in started more than ten minutes ago", async () => {
    const { url, cookie } = await start();
    clock.advance(10 * 60 * 1000 + 1);
    const landing = await callback(await signInAtProvider(url, "ann-1", redirectUri), cookie);
    expect(landing.searchParams.get("ssoError")).toBe("expired");
  });

  it("says the reader cancelled when they abort at the provider", async () => {
    const landing = await throughProvider({ deny: true });
    expect(landing.searchParams.get("ssoError")).toBe("denied");
  });
});

describe("requiring single sign-on", () => {
  it("refuses password sign-in and registration for everyone but admins", async () => {
    const user = await t.registerUser({ email: "dee@corp.test" });
    const admin = await t.createAdmin();
    const required = await t.request("PUT", "/api/admin/sso", {
      token: admin.token,
      body: { required: true },
    });
    expect(required.status).toBe(200);
    expect(required.body).toEqual({ configured: true, name: "Corp Login", required: true });

    const refused = await t.request("POST", "/api/auth/login", {
      body: { email: user.email, password: user.password },
    });
    expect(refused.status).toBe(403);
    expect(refused.body?.message).toBe(ssoMessages.required);
    const wrongPassword = await t.request("POST", "/api/auth/login", {
      body: { email: user.email, password: "not-the-password" },
    });
    expect(wrongPassword.body?.message).toBe(messages.invalidCredentials);
    const registering = await t.request("POST", "/api/auth/register", {
      body: { email: "new@corp.test", name: "New", password: "correct-horse-42" },
    });
    expect(registering.status).toBe(403);

    const adminLogin = await t.request("POST", "/api/auth/login", {
      body: { email: "root@example.com", password: admin.password },
    });
    expect(adminLogin.status).toBe(200);
    expect((await complete(await throughProvider("ann-1"))).status).toBe(200);

    const changes = await t.sql<{ event: string; user_id: number; details: string }>(
      "SELECT event, user_id, details FROM audit_logs WHERE event = 'SSO_SETTINGS_CHANGE'",
    );
    expect(changes).toEqual([
      { event: "SSO_SETTINGS_CHANGE", user_id: admin.id, details: "Single sign-on required" },
    ]);

    await t.request("PUT", "/api/admin/sso", { token: admin.token, body: { required: false } });
    const allowed = await t.request("POST", "/api/auth/login", {
      body: { email: user.email, password: user.password },
    });
    expect(allowed.status).toBe(200);
  });

  it("tells the login page the button's name", async () => {
    expect((await t.request("GET", "/api/auth/sso")).body).toEqual({ name: "Corp Login" });
  });
});
