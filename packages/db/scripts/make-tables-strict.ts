/**
 * drizzle-kit cannot declare STRICT tables yet (drizzle-orm PR #5389), so every CREATE TABLE in
 * the generated migrations is rewritten to end in STRICT. Idempotent: run after each generate.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const folder = join(import.meta.dirname, "..", "drizzle");
for (const file of readdirSync(folder).filter((name) => name.endsWith(".sql"))) {
  const path = join(folder, file);
  const before = readFileSync(path, "utf8");
  const after = before.replace(
    /(CREATE TABLE [^;]*?\n\))(;)/g,
    (_match, body: string) => `${body} STRICT;`,
  );
  if (after !== before) {
    writeFileSync(path, after);
    console.log(`made tables STRICT in ${file}`);
  }
}
