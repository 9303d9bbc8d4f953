/** Applies the committed migrations to DATABASE_URL (the server also does this on start). */
import { migrateDatabase, openDatabase } from "@ledgerline/db";
import { loadEnv } from "../env";
import { migrationsFolders } from "../paths";

const env = loadEnv();
const database = await openDatabase(env.DATABASE_URL);
await migrateDatabase(database, migrationsFolders[database.dialect]);
await database.close();
console.log(`Migrated ${env.DATABASE_URL}`);
