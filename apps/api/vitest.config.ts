import { randomBytes } from "node:crypto";
import pg from "pg";
import { defineConfig } from "vitest/config";

// The integration suite runs twice: on SQLite, and on PostgreSQL (a fresh database per test app).
// Without a PostgreSQL server the second run is skipped with a loud note, unless
// LEDGERLINE_REQUIRE_SERVICES=1 (CI), where that is a failure.
// eslint-disable-next-line no-restricted-properties -- test set-up reads where its services are
const requireServices = process.env.LEDGERLINE_REQUIRE_SERVICES === "1";
// eslint-disable-next-line no-restricted-properties -- the same default as @ledgerline/db/testing
const postgresUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 1000 });
  client.on("error", () => {});
  return client
    .connect()
    .then(() => client.query("SELECT 1"))
    .then(
      () => true,
      () => false,
    )
    .finally(() => client.end().catch(() => undefined));
}

async function postgresProject() {
  if (await postgresAnswers()) {
    return [
      {
        name: "postgres",
        // This run's databases are made ahead of need and dropped at its end (decision 0071).
        globalSetup: ["test/support/postgres-run.ts"],
        env: {
          LEDGERLINE_TEST_DATABASE: "postgres",
          LEDGERLINE_TEST_POSTGRES_RUN: randomBytes(4).toString("hex"),
        },
      },
    ];
  }
  const note = `PostgreSQL does not answer at ${postgresUrl}: the API suite on PostgreSQL is SKIPPED. Start PostgreSQL (see README) or set TEST_DATABASE_URL.`;
  if (requireServices) throw new Error(`${note} (LEDGERLINE_REQUIRE_SERVICES=1)`);
  console.warn(`\n${"!".repeat(100)}\n${note}\n${"!".repeat(100)}\n`);
  return [];
}

export default defineConfig(async () => ({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Two files at a time on the 2-core machine, whatever vitest's `cores - 1` would say: a file
    // spends most of its time waiting on PostgreSQL, on timers or on its child processes, and the
    // files share nothing (free ports, temporary directories, Redis key prefixes, databases of
    // their own). Decision 0071.
    maxWorkers: 2,
    projects: [
      { name: "sqlite", env: { LEDGERLINE_TEST_DATABASE: "sqlite" } },
      ...(await postgresProject()),
    ].map(({ name, env, ...project }) => ({
      extends: true as const,
      test: {
        name,
        include: ["test/**/*.test.ts"],
        setupFiles: ["test/support/fail-on-console-error.ts"],
        env,
        ...project,
      },
    })),
  },
}));
