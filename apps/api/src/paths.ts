import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { defaultMigrationsFolder } from "@ledgerline/db";

/** src/ and dist/ sit at the same depth, so the web build is found from either. */
export const webDistFolder = resolve(import.meta.dirname, "../../web/dist");

/** The bundled server carries a copy of the migrations beside it; from source, the db package's own. */
export const migrationsFolder = existsSync(
  join(import.meta.dirname, "drizzle", "meta", "_journal.json"),
)
  ? join(import.meta.dirname, "drizzle")
  : defaultMigrationsFolder;
