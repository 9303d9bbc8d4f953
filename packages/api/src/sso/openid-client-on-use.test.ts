import { describe, expect, it, vi } from "vitest";

/** Counts the loads of openid-client; the real library answers. */
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock("openid-client", async (importOriginal) => {
  loads.count++;
  return importOriginal();
});

/**
 * Issue 35: openid-client (with oauth4webapi and jose, ~0.7 MB of heap) loads with the first
 * sign-in's need of it, not with the server: most deployments run without single sign-on.
 */
describe("openid-client", () => {
  it("is not loaded by the sign-in modules, only by the first use", async () => {
    const flow = await import("./sso-flow");
    const { oidcClient, openidClient } = await import("./oidc-client");
    expect(typeof flow.startSsoSignIn).toBe("function");
    const client = oidcClient({
      issuer: "http://127.0.0.1:9/",
      clientId: "ledgerline",
      clientSecret: "secret",
      name: "Test",
      redirectUri: "http://127.0.0.1/api/auth/sso/callback",
    });
    expect(client.settings.name).toBe("Test");
    expect(loads.count).toBe(0);

    const library = await openidClient();
    expect(typeof library.randomState()).toBe("string");
    expect(await openidClient()).toBe(library);
    expect(loads.count).toBe(1);
  });
});
