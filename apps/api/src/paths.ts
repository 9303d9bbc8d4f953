import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { defaultMigrationsFolder, defaultPostgresMigrationsFolder } from "@ledgerline/db";

/** src/ and dist/ sit at the same depth, so the web build is found from either. */
export const webDistFolder = resolve(import.meta.dirname, "../../web/dist");

/** The bundled server carries a copy of the migrations beside it; from source, the db package's own. */
function bundledOr(folder: string, fallback: string): string {
  const bundled = join(import.meta.dirname, folder);
  return existsSync(join(bundled, "meta", "_journal.json")) ? bundled : fallback;
}

/** The committed migrations per dialect. */
export const migrationsFolders = {
  sqlite: bundledOr("drizzle", defaultMigrationsFolder),
  postgres: bundledOr("drizzle-pg", defaultPostgresMigrationsFolder),
} as const;
