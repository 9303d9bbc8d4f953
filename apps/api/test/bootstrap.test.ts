import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "../src/env";
import { bootstrap, BootstrapError, demoAccounts } from "../src/services/bootstrap";
import { startTestApp, type TestApp } from "./support/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("bootstrap", () => {
  it("seeds the demo accounts into a new development database and they can sign in", async () => {
    t = await startTestApp();
    const result = await bootstrap(
      t.app.deps,
      parseEnv({ NODE_ENV: "development", DEMO_SEED: "true" }),
    );
    expect(result.seededDemoAccounts.map((account) => account.email)).toEqual(
      demoAccounts.map((account) => account.email),
    );
    for (const account of demoAccounts) {
      const login = await t.request("POST", "/api/auth/login", {
        body: { email: account.email, password: account.password },
      });
      expect(login.status).toBe(200);
      expect(login.body?.isAdmin).toBe(account.isAdmin);
    }
  });

  it("does not seed a database that already has users", async () => {
    t = await startTestApp();
    await t.registerUser();
    const result = await bootstrap(t.app.deps, parseEnv({ DEMO_SEED: "true" }));
    expect(result.seededDemoAccounts).toEqual([]);
  });

  it("never seeds demo users in production and refuses to run with no admin", async () => {
    t = await startTestApp();
    await expect(
      bootstrap(t.app.deps, parseEnv({ NODE_ENV: "production", DEMO_SEED: "true" })),
    ).rejects.toThrow(BootstrapError);
    expect(await t.app.deps.repos.users.count()).toBe(0);
  });

  it("creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD on an empty production database", async () => {
    t = await startTestApp();
    const result = await bootstrap(
      t.app.deps,
      parseEnv({
        NODE_ENV: "production",
        ADMIN_EMAIL: "Ops@Example.com",
        ADMIN_PASSWORD: "ops-secret-123",
      }),
    );
    expect(result.createdAdmin).toBe("ops@example.com");
    const login = await t.request("POST", "/api/auth/login", {
      body: { email: "ops@example.com", password: "ops-secret-123" },
    });
    expect(login.body?.isAdmin).toBe(true);
  });
});
