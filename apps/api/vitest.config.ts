import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { configDefaults, defineConfig } from "vitest/config";

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

type Dialect = { name: "sqlite" | "postgres"; globalSetup?: string[] };

async function dialects(): Promise<Dialect[]> {
  // The PostgreSQL run's databases are made ahead of need and dropped at its end (decision 0071).
  const postgres: Dialect = { name: "postgres", globalSetup: ["test/support/postgres-run.ts"] };
  if (await postgresAnswers()) return [{ name: "sqlite" }, postgres];
  const note = `PostgreSQL does not answer at ${postgresUrl}: the API suite on PostgreSQL is SKIPPED. Start PostgreSQL (see README) or set TEST_DATABASE_URL.`;
  if (requireServices) throw new Error(`${note} (LEDGERLINE_REQUIRE_SERVICES=1)`);
  console.warn(`\n${"!".repeat(100)}\n${note}\n${"!".repeat(100)}\n`);
  return [{ name: "sqlite" }];
}

// A worker imports the app once, not once per file (isolate: false): the tests build their own
// apps, and no module of the app keeps state a later file could see (decision 0071). A file that
// mocks a module (vi.mock) needs a module graph of its own: those run in `<dialect>-isolated`.
const testFiles = readdirSync("test", { recursive: true })
  .map((file) => join("test", String(file)))
  .filter((file) => file.endsWith(".test.ts"));
const mockingFiles = testFiles.filter((file) =>
  /\bvi\.(mock|doMock)\(/.test(readFileSync(file, "utf8")),
);

export default defineConfig(async () => ({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Two files at a time on the 2-core machine, whatever vitest's `cores - 1` would say: a file
    // spends most of its time waiting on PostgreSQL, on timers or on its child processes, and the
    // files share nothing (free ports, temporary directories, Redis key prefixes, databases of
    // their own). Decision 0071.
    maxWorkers: 2,
    projects: (await dialects()).flatMap(({ name, globalSetup }) =>
      [
        { name, isolate: false, include: ["test/**/*.test.ts"], exclude: mockingFiles },
        { name: `${name}-isolated`, isolate: true, include: mockingFiles, exclude: [] },
      ].map(({ exclude, ...project }) => ({
        extends: true as const,
        test: {
          ...project,
          exclude: [...configDefaults.exclude, ...exclude],
          setupFiles: ["test/support/fail-on-console-error.ts"],
          globalSetup,
          env: {
            LEDGERLINE_TEST_DATABASE: name,
            ...(globalSetup
              ? { LEDGERLINE_TEST_POSTGRES_RUN: randomBytes(4).toString("hex") }
              : {}),
          },
        },
      })),
    ),
  },
}));
