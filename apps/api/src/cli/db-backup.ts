/**
 * Copies the live database to a file, consistently, while the server keeps running.
 *   pnpm db:backup [destination]   (default ./data/backups/app-<timestamp>.db)
 */
import { backupDatabase, openDatabase } from "@ledgerline/db";
import { loadEnv } from "../env";

const env = loadEnv();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const destination = process.argv[2] ?? `./data/backups/app-${stamp}.db`;
const database = await openDatabase(env.DATABASE_URL);
if (database.dialect !== "sqlite") {
  await database.close();
  console.error("db:backup copies a SQLite file; back PostgreSQL up with pg_dump.");
  process.exit(1);
}
await backupDatabase(database, destination);
await database.close();
console.log(`Backed up ${env.DATABASE_URL} to ${destination}`);
