import { postgresAnswers, testPostgresUrl } from "@ledgerline/db/testing";
import { describe, expect, it } from "vitest";
import { runTransactionsBenchmark } from "../transactions";

const databases = [
  { name: "SQLite", postgresUrl: undefined },
  ...((await postgresAnswers()) ? [{ name: "PostgreSQL", postgresUrl: testPostgresUrl() }] : []),
];

describe.each(databases)("the transaction history benchmark on $name", ({ postgresUrl }) => {
  it("seeds, then times every sort column with and without filters for both users", async () => {
    const report = await runTransactionsBenchmark({
      postgresUrl,
      rows: 20_000,
      users: 20,
      heavyRows: 5_000,
      runs: 5,
      caseBudgetMs: 50,
    });
    expect(report.database).toBe(postgresUrl ? "postgres" : "sqlite");
    expect(report.seed.totalMs).toBeGreaterThan(0);
    // 7 sort columns x (7 filters for a typical user + 8 for the heavy one).
    expect(report.results).toHaveLength(7 * 15);
    for (const result of report.results) {
      expect(result.medianMs).toBeGreaterThan(0);
      expect(result.p99Ms).toBeGreaterThanOrEqual(result.medianMs);
    }
    expect(report.deep.batchAfter50k.medianMs).toBeGreaterThan(0);
  });
});
