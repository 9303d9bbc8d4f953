import type { TestProject } from "vitest/node";
import { stockTestPostgresDatabases } from "@ledgerline/db/testing";

/**
 * The PostgreSQL project's global set-up (decision 0071): copies of the migrated template are made
 * ahead of need while tests run, and every database of the run is dropped at its end, many at a
 * time, instead of one by one in each test app's `close()`.
 */
export default function postgresRun(project: TestProject) {
  const run = project.config.env.LEDGERLINE_TEST_POSTGRES_RUN;
  if (!run) throw new Error("vitest.config.ts names the PostgreSQL run");
  const stock = stockTestPostgresDatabases(run);
  return () => stock.stop();
}
