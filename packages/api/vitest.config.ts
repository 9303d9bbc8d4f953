import { defineConfig } from "vitest/config";

// Unit tests beside their code; the suites through the Fastify app (both databases) live in
// apps/api/test/<feature>/.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    setupFiles: ["./vitest.setup.ts"],
    // The same limits these tests had in apps/api (a loaded machine imports slowly).
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
