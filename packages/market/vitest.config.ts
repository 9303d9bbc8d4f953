import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/setup.ts"],
    // The simulator computes years of bars for hundreds of tickers; the suite runs beside
    // others on two cores in CI, so allow for a busy machine.
    testTimeout: 30_000,
  },
});
