import { createServer } from "node:net";
import { ssoMessages } from "@ledgerline/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp | undefined;
afterEach(() => t?.close());

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}

describe("single sign-on without a provider to use", () => {
  it("shows no button, refuses to require it, and sends a start back to the login page", async () => {
    t = await startTestApp();
    expect((await t.request("GET", "/api/auth/sso")).body).toEqual({ name: null });
    const admin = await t.createAdmin();
    const required = await t.request("PUT", "/api/admin/sso", {
      token: admin.token,
      body: { required: true },
    });
    expect(required.status).toBe(400);
    expect(required.body?.message).toBe(ssoMessages.notConfigured);
    const started = await t.request("GET", "/api/auth/sso/start");
    expect(started.status).toBe(302);
    expect(started.headers.location).toBe("/login?ssoError=notConfigured");
  });

  it("lands on the login page, not a 5xx, when the provider cannot be reached", async () => {
    t = await startTestApp({
      env: {
        OIDC_ISSUER: `http://127.0.0.1:${await closedPort()}`,
        OIDC_CLIENT_ID: "ledgerline",
        OIDC_CLIENT_SECRET: "secret",
      },
    });
    const started = await t.request("GET", "/api/auth/sso/start");
    expect(started.status).toBe(302);
    expect(started.headers.location).toBe("/login?ssoError=unavailable");
    const back = await t.request("GET", "/api/auth/sso/callback?code=x&state=y", {
      headers: { cookie: "ledgerline_sso_state=y" },
    });
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe("/login?ssoError=expired");
  });
});
