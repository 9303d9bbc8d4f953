import { defineConfig } from "vitest/config";

// The event-loop watchdog (test/*.watchdog.ts, decision 0022): on SQLite, where the app's own
// event loop does the database's work, in a run of its own after every other suite
// (`pnpm test:watchdog`), so other test files' CPU does not decide its timings. The app runs
// with the young generation `pnpm start` gives it (decision 0053): Node's default 16 MB
// semi-spaces, full of an import's rows that all survive, took 20-33 ms a scavenge.
export default defineConfig({
  test: {
    pool: "forks",
    execArgv: ["--max-semi-space-size=4"],
    name: "watchdog",
    include: ["test/**/*.watchdog.ts"],
    setupFiles: ["test/support/fail-on-console-error.ts"],
    env: { LEDGERLINE_TEST_DATABASE: "sqlite" },
    testTimeout: 1_200_000,
    hookTimeout: 60_000,
  },
});
