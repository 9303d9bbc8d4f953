import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The PostgreSQL runs make and drop a database per test.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
