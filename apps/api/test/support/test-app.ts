import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AuthUser } from "@ledgerline/contracts";
import { claimTestPostgresDatabase, createTestPostgresDatabase } from "@ledgerline/db/testing";
import type { MarketService } from "@ledgerline/market";
import { buildApp, type App, type AppOptions } from "../../src/app";
import { parseEnv } from "../../src/env";
import { type Clock, dateOf, systemClock, type TimerHandle } from "@ledgerline/clock";
import { hashPassword } from "@ledgerline/api/auth/passwords";
import type { IdempotencyOptions } from "@ledgerline/api/trading/idempotency";
import type { ThrottleLimits } from "@ledgerline/api/auth/throttles";

// eslint-disable-next-line no-restricted-properties -- the vitest project says which database
const testDialect = process.env.LEDGERLINE_TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
// eslint-disable-next-line no-restricted-properties -- vitest.config.ts names the run (decision 0071)
const postgresRun = process.env.LEDGERLINE_TEST_POSTGRES_RUN;

/**
 * A PostgreSQL database of the test's own: in a vitest run, one the run made ahead of need and
 * drops at its end (test/support/postgres-run.ts); otherwise a copy dropped by `close()`.
 */
const postgresDatabase = () =>
  postgresRun ? claimTestPostgresDatabase(postgresRun) : createTestPostgresDatabase();

/** A clock the test moves by hand; its timers run in real time, as the system clock's do. */
export class TestClock implements Clock {
  #now: number;
  constructor(start = Date.parse("2026-03-02T15:00:00Z")) {
    this.#now = start;
  }
  now() {
    return this.#now;
  }
  setTimeout(callback: () => void, ms: number) {
    return systemClock.setTimeout(callback, ms);
  }
  clearTimeout(handle: TimerHandle) {
    systemClock.clearTimeout(handle);
  }
  advance(ms: number) {
    this.#now += ms;
  }
}

/**
 * The argon2 hash of an admin's password, made once per password in a worker (isolate: false
 * keeps it across files): hashing costs 38-69 ms, and no admin test is about the hash.
 */
const adminHashes = new Map<string, Promise<string>>();
const adminHash = (password: string) => {
  let hash = adminHashes.get(password);
  if (!hash) adminHashes.set(password, (hash = hashPassword(password)));
  return hash;
};

export interface TestAppOptions {
  env?: Record<string, string>;
  market?: MarketService;
  marketRefresher?: boolean;
  alertTicks?: boolean;
  clock?: Clock;
  throttleLimits?: Partial<ThrottleLimits>;
  idempotency?: Partial<IdempotencyOptions>;
  jobPolicies?: AppOptions["jobPolicies"];
  jobsLockMs?: number;
}

export interface InjectOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** The client's address (default inject's 127.0.0.1). */
  remoteAddress?: string;
}

/**
 * The real Fastify app on a fresh, migrated database of its own, driven through inject(): a SQLite
 * file, or with LEDGERLINE_TEST_DATABASE=postgres (the vitest "postgres" project) a PostgreSQL
 * database copied from a migrated template. Each call has a new database, so tests never see
 * each other's rows.
 */
export async function startTestApp(options: TestAppOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), "ledgerline-api-"));
  const postgres = testDialect === "postgres" ? await postgresDatabase() : undefined;
  const env = parseEnv({
    NODE_ENV: "test",
    DATABASE_URL: postgres?.url ?? join(dir, "app.db"),
    APP_ORIGIN: "https://ledgerline.test",
    // A Wednesday in a regular session: the simulated market is open.
    MARKET_TIME: "2026-03-11T15:00:00Z",
    DEMO_SEED: "false",
    LOG_LEVEL: "silent",
    ...options.env,
  });
  const clock = options.clock ?? new TestClock();
  const app: App = await buildApp({
    env,
    clock,
    logger: false,
    webRoot: false,
    throttleLimits: options.throttleLimits,
    idempotency: options.idempotency,
    jobPolicies: options.jobPolicies,
    jobsLockMs: options.jobsLockMs,
    market: options.market,
    marketRefresher: options.marketRefresher ?? false,
    alertTicks: options.alertTicks ?? false,
  });

  async function request(
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    opts: InjectOptions = {},
  ) {
    const response = await app.inject({
      method,
      url,
      query: opts.query,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
      ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    });
    const failure = String(response.headers["content-type"]).startsWith("text/event-stream")
      ? subscriptionFailure(response.body)
      : undefined;
    return {
      // A subscription's refusal arrives inside a 200 event stream; its HTTP status is in the error.
      status: failure?.data.httpStatus ?? response.statusCode,
      body: failure
        ? (failure as unknown as Record<string, unknown> & unknown[])
        : response.body && !response.headers["content-type"]?.toString().startsWith("text/")
          ? response.json<Record<string, unknown> & unknown[]>()
          : undefined,
      /** The body as text (a CSV download's). */
      text: response.body,
      headers: response.headers,
    };
  }

  let counter = 0;
  /** Registers a new user through the API and answers its auth response. */
  async function registerUser(
    overrides: Partial<{ email: string; name: string; password: string }> = {},
  ) {
    counter += 1;
    const body = {
      email: overrides.email ?? `user${counter}@example.com`,
      name: overrides.name ?? `User ${counter}`,
      password: overrides.password ?? "correct-horse-42",
    };
    const response = await request("POST", "/api/auth/register", { body });
    if (response.status !== 200)
      throw new Error(`register failed: ${JSON.stringify(response.body)}`);
    return { ...(response.body as unknown as AuthUser), password: body.password };
  }

  /** Creates an admin directly in the database (there is no API for that) and signs in. */
  async function createAdmin(email = "root@example.com", password = "admin-pass-9876") {
    await app.deps.repos.users.create(
      { email, name: "Root Admin", passwordHash: await adminHash(password), isAdmin: true },
      dateOf(clock),
    );
    const response = await request("POST", "/api/auth/login", { body: { email, password } });
    return { ...(response.body as unknown as AuthUser), password };
  }

  async function trpc(kind: "query" | "mutation", path: string, input?: unknown, token?: string) {
    if (kind === "query") {
      const query: Record<string, string> =
        input === undefined ? {} : { input: JSON.stringify(input) };
      return request("GET", `/api/trpc/${path}`, { token, query });
    }
    return request("POST", `/api/trpc/${path}`, { token, body: input ?? {} });
  }

  /** A hand-written query on the app's database (`?` placeholders on either dialect). */
  function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    return app.database.query<T>(text, params);
  }

  /** Waits for the work requests started and did not wait for (a recompute, a mail). */
  const settled = async () => {
    await app.deps.background.settled();
    await app.deps.jobs.settled();
  };

  async function close() {
    // Nothing a finished test started keeps running into the next one's time.
    await settled();
    await app.close();
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  }

  return { app, env, clock, request, trpc, registerUser, createAdmin, sql, settled, close };
}

/** The tRPC error a subscription's event stream ended with, if it ended with one. */
function subscriptionFailure(stream: string) {
  const event = stream
    .split("\n\n")
    .find((block) => block.split("\n").includes("event: serialized-error"));
  const data = event
    ?.split("\n")
    .find((line) => line.startsWith("data: "))
    ?.slice("data: ".length);
  return data ? (JSON.parse(data) as { message: string; data: { httpStatus: number } }) : undefined;
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** A tRPC answer's data. */
export const trpcData = <T>(answer: Awaited<ReturnType<TestApp["request"]>>) =>
  (answer.body as unknown as { result: { data: T } }).result.data;
