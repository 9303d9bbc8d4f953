/**
 * Moves an installation's data between databases, e.g. from SQLite to PostgreSQL:
 *   pnpm db:copy --from ./data/app.db --to postgres://user@host:5432/ledgerline
 * Migrates both, copies every table in dependency order into the (empty) target, moves its id
 * sequences on, and verifies row counts and a checksum of every user's positions.
 */
import { parseArgs } from "node:util";
import { copyDatabase, migrateDatabase, openDatabase } from "@ledgerline/db";
import { migrationsFolders } from "../paths";

const { values } = parseArgs({
  options: { from: { type: "string" }, to: { type: "string" } },
});
if (!values.from || !values.to) {
  console.error("Usage: pnpm db:copy --from <sqlite file or postgres://...> --to <...>");
  process.exit(1);
}

const from = await openDatabase(values.from);
const to = await openDatabase(values.to);
let failed = false;
try {
  await migrateDatabase(from, migrationsFolders[from.dialect]);
  await migrateDatabase(to, migrationsFolders[to.dialect]);
  const report = await copyDatabase(from, to, (table, rows) =>
    console.log(`${table.padEnd(24)} ${rows} rows`),
  );
  for (const table of report.tables) {
    if (table.source !== table.target) {
      failed = true;
      console.error(`${table.table}: ${table.source} rows in the source, ${table.target} copied`);
    }
  }
  if (report.positionMismatches.length > 0) {
    failed = true;
    console.error(`Positions differ for users ${report.positionMismatches.join(", ")}`);
  }
  console.log(
    failed
      ? "The copy does not match its source."
      : `Copied and verified: ${report.tables.length} tables, positions of ${report.users} users equal.`,
  );
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await from.close();
  await to.close();
}
process.exit(failed ? 1 : 0);
