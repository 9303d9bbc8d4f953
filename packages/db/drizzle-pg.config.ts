import { defineConfig } from "drizzle-kit";

/** The PostgreSQL migrations (drizzle.config.ts has SQLite's). */
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema-pg/index.ts",
  out: "./drizzle-pg",
});
