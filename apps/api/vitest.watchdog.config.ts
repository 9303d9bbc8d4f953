import { defineConfig } from "vitest/config";

// The event-loop watchdog (test/*.watchdog.ts, decision 0022): on SQLite, where the app's own
// event loop does the database's work, in a run of its own after every other suite
// (`pnpm test:watchdog`), so other test files' CPU does not decide its timings.
export default defineConfig({
  test: {
    name: "watchdog",
    include: ["test/**/*.watchdog.ts"],
    setupFiles: ["test/support/fail-on-console-error.ts"],
    env: { LEDGERLINE_TEST_DATABASE: "sqlite" },
    testTimeout: 1_200_000,
    hookTimeout: 60_000,
  },
});
