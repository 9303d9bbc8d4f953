import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createOrPromoteAdmin, openDeploymentDatabase } from "../../src/cli/admin-account";
import { USER_LIST_ANSWER_MS } from "@ledgerline/api/platform/answer-cache";
import type { Env } from "../../src/env";
import { hashPassword } from "@ledgerline/api/auth/passwords";
import { pinnedOpenMarket } from "../support/portfolio-support";
import { dropKeys, redisForTests, testRedisUrl, uniqueRedisPrefix } from "../support/services";
import { startTestApp, TestClock, type TestApp } from "../support/test-app";

const available = await redisForTests("pnpm admin:create on a deployment with Redis");
const prefix = uniqueRedisPrefix("admin-create");

let t: TestApp;
afterEach(() => t.close());
afterAll(async () => {
  if (available) await dropKeys(prefix);
});

/** The server's admin user list on both doors, read as a signed-in admin; kept after one read. */
async function userList(app: TestApp) {
  const admin = await app.createAdmin();
  type Row = { email: string; isAdmin: boolean };
  const rows = (list: Row[]) =>
    list.map((row) => `${row.email}${row.isAdmin ? " (admin)" : ""}`).sort();
  const read = async () => ({
    rest: rows((await app.request("GET", "/api/users", { token: admin.token })).body as never),
    trpc: rows(
      (
        (await app.trpc("query", "users.list", undefined, admin.token)).body as never as {
          result: { data: Row[] };
        }
      ).result.data,
    ),
  });
  const both = (list: string[]) => ({ rest: list, trpc: list });
  for (let time = 0; time < 2; time++) {
    expect(await read()).toEqual(both(["root@example.com (admin)"]));
  }
  return { read, both };
}

/** What `pnpm admin:create --email <email>` does, from a process of its own. */
async function adminCreate(env: Env, email: string) {
  const deployment = await openDeploymentDatabase(env);
  try {
    const passwordHash = await hashPassword("ops-pass-12345");
    return await createOrPromoteAdmin(
      deployment.repos,
      { email, name: "Ops", passwordHash },
      new Date(),
    );
  } finally {
    await deployment.close();
  }
}

describe("pnpm admin:create against a running server", () => {
  it("without Redis, shows the new admin on the kept user list within USER_LIST_ANSWER_MS", async () => {
    const clock = new TestClock();
    t = await startTestApp({ market: pinnedOpenMarket(), clock });
    const list = await userList(t);
    expect(await adminCreate(t.env, "ops@example.com")).toBe("created");
    clock.advance(USER_LIST_ANSWER_MS);
    expect(await list.read()).toEqual(
      list.both(["ops@example.com (admin)", "root@example.com (admin)"]),
    );
  });

  it.skipIf(!available)(
    "with Redis, shows a created or promoted admin at once and signs the promoted account out",
    async () => {
      t = await startTestApp({
        market: pinnedOpenMarket(),
        env: { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix },
      });
      const list = await userList(t);
      expect(await adminCreate(t.env, "ops@example.com")).toBe("created");
      expect(await list.read()).toEqual(
        list.both(["ops@example.com (admin)", "root@example.com (admin)"]),
      );

      const user = await t.registerUser({ email: "member@example.com" });
      expect((await t.request("GET", "/api/portfolio", { token: user.token })).status).toBe(200);
      expect(await adminCreate(t.env, "member@example.com")).toBe("promoted");
      expect(await list.read()).toEqual(
        list.both([
          "member@example.com (admin)",
          "ops@example.com (admin)",
          "root@example.com (admin)",
        ]),
      );
      expect((await t.request("GET", "/api/portfolio", { token: user.token })).status).toBe(401);
    },
  );
});
