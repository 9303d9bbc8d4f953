import { messages, type ValuedPosition } from "@ledgerline/contracts";
import { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { pinnedOpenMarket } from "../../support/portfolio-support";
import { dropKeys, redisForTests, testRedisUrl, uniqueRedisPrefix } from "../../support/services";
import { startTestApp, type TestApp } from "../../support/test-app";

const available = await redisForTests("the API-on-Redis suite");
const prefix = uniqueRedisPrefix("api");
const apps: TestApp[] = [];
let deployments = 0;

/** Two API processes of one deployment: the same database file and the same Redis. */
async function deployment(env: Record<string, string> = {}, injectMarket = true) {
  // A deployment of its own: counters from earlier tests are not this one's.
  deployments += 1;
  const keys = `${prefix}${deployments}:`;
  const first = await startTestApp({
    env: { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: keys, ...env },
    market: injectMarket ? pinnedOpenMarket() : undefined,
    throttleLimits: { loginFailuresPerAccount: [3, 900] },
  });
  apps.push(first);
  const second = await startTestApp({
    env: {
      REDIS_URL: testRedisUrl,
      REDIS_KEY_PREFIX: keys,
      DATABASE_URL: first.env.DATABASE_URL,
      ...env,
    },
    market: injectMarket ? pinnedOpenMarket() : undefined,
    throttleLimits: { loginFailuresPerAccount: [3, 900] },
  });
  apps.push(second);
  return [first, second] as const;
}

afterEach(async () => {
  // The second shares the first's database file: close it first.
  for (const app of apps.splice(0).reverse()) await app.close();
});
afterAll(async () => {
  if (available) await dropKeys(prefix);
});

const quantities = async (app: TestApp, token: string) => {
  const rest = (await app.request("GET", "/api/portfolio", { token })).body as unknown as {
    quantity: number;
  }[];
  const trpc = (await app.trpc("query", "portfolio.list", undefined, token)).body as unknown as {
    result: { data: ValuedPosition[] };
  };
  return {
    rest: rest.map((row) => row.quantity),
    trpc: trpc.result.data.map((row) => row.quantity),
  };
};

describe.skipIf(!available)("API processes sharing Redis", () => {
  it("reports Redis reachability in /api/health", async () => {
    const [first] = await deployment();
    const health = await first.request("GET", "/api/health");
    expect(health.body).toEqual({ status: "ok", database: "ok", redis: "ok" });
  });

  it("counts the deployment's upstream market calls on every process", async () => {
    const token = "scrape-token-0123456789";
    // The market each process builds from its environment, which counts what it asks upstream.
    const [first, second] = await deployment({ METRICS_TOKEN: token }, false);
    const user = await first.registerUser();
    await first.trpc("query", "crypto.quote", { symbol: "BTC" }, user.token);
    const scrape = await second.app.inject({
      method: "GET",
      url: "/api/metrics",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(scrape.body).toMatch(
      /ledgerline_deployment_upstream_calls\{provider="sim-v2:\d+",operation="\w+"\} [1-9]/,
    );
  });

  it("throttles failed logins for an account across processes", async () => {
    const [first, second] = await deployment();
    const user = await first.registerUser();
    const attempt = (app: TestApp) =>
      app.request("POST", "/api/auth/login", {
        body: { email: user.email, password: "wrong-password-1" },
      });
    await attempt(first);
    await attempt(second);
    await attempt(first);
    // The account's fourth failure, on the other process, is over the shared limit of 3.
    const fourth = await attempt(second);
    expect(fourth.status).toBe(429);
    expect(fourth.body?.message).toBe(messages.tooManyAttempts);
  });

  it("counts the API request limit for the deployment, not per process", async () => {
    const [first, second] = await deployment({ API_RATE_LIMIT_PER_MINUTE: "4" });
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await (i % 2 ? second : first).request("GET", "/api/marketmovers")).status);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
  });

  it("shows a trade made on one process on the next read on the other, on both doors", async () => {
    const [first, second] = await deployment();
    const user = await first.registerUser();
    const buy = (quantity: string) =>
      first.trpc(
        "mutation",
        "portfolio.buy",
        { symbol: "AAPL", quantity, purchasePrice: "100" },
        user.token,
      );
    await buy("2");
    // Twice: the first read after a trade syncs corporate actions (a write); the second is kept.
    await quantities(second, user.token);
    expect(await quantities(second, user.token)).toEqual({ rest: [2], trpc: ["2"] });

    await buy("3");
    expect(await quantities(second, user.token)).toEqual({ rest: [5], trpc: ["5"] });
  });

  it("refuses a session signed out on one process at once on the other", async () => {
    const [first, second] = await deployment();
    const user = await first.registerUser();
    expect((await second.request("GET", "/api/portfolio", { token: user.token })).status).toBe(200);
    expect((await first.request("POST", "/api/auth/logout", { token: user.token })).status).toBe(
      200,
    );
    expect((await second.request("GET", "/api/portfolio", { token: user.token })).status).toBe(401);
    const trpc = await second.trpc("query", "portfolio.list", undefined, user.token);
    expect(trpc.status).toBe(401);
  });

  /** The Redis commands sent while `during` runs. */
  async function redisCommands(during: () => Promise<void>): Promise<string[]> {
    const commands: string[] = [];
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called on its own connection below
    const send = Redis.prototype.sendCommand;
    const spy = vi.spyOn(Redis.prototype, "sendCommand").mockImplementation(function (
      this: Redis,
      command,
      stream,
    ) {
      commands.push(`${command.name} ${command.args.join(" ")}`);
      return send.call(this, command, stream);
    });
    try {
      await during();
    } finally {
      spy.mockRestore();
    }
    return commands;
  }

  it("answers a kept read of a remembered session with one Redis read of its versions", async () => {
    const [first] = await deployment();
    const user = await first.registerUser();
    const read = () => first.request("GET", "/api/portfolio", { token: user.token });
    // The first reads look the session up and sync the user's holdings; then the answer is kept.
    for (let i = 0; i < 3; i++) expect((await read()).status).toBe(200);

    const commands = await redisCommands(async () => expect((await read()).status).toBe(200));
    // The session's revocations and the answer's versions, together (the request limit aside).
    const versionReads = commands.filter((command) => command.includes(":version:"));
    expect(versionReads).toHaveLength(1);
    expect(versionReads[0]).toMatch(/^evalsha .*version:session-revocations .*version:user:\d+ /);
  });

  it("answers an admin's kept user list with one Redis read of its versions, on both doors", async () => {
    const [first, second] = await deployment();
    const admin = await first.createAdmin();
    const reads = {
      rest: () => first.request("GET", "/api/users", { token: admin.token }),
      trpc: () => first.trpc("query", "users.list", undefined, admin.token),
    };
    for (const read of Object.values(reads)) {
      for (let i = 0; i < 3; i++) expect((await read()).status).toBe(200);
      const commands = await redisCommands(async () => expect((await read()).status).toBe(200));
      const versionReads = commands.filter((command) => command.includes(":version:"));
      expect(versionReads).toHaveLength(1);
      expect(versionReads[0]).toMatch(/^evalsha .*version:session-revocations .*version:users /);
    }
    // Still the deployment's list: a user who registers on the other process is on the next read.
    await second.registerUser({ email: "later@example.com" });
    for (const read of Object.values(reads))
      expect(JSON.stringify((await read()).body)).toContain("later@example.com");
  });
});
