import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { defineConfig } from "@playwright/test";
import { resolveChromium } from "./chromium";

// Workers load this file again; the parent's answer is passed on, so it is looked up once.
process.env.CHROMIUM_PATH = resolveChromium(process.env.CHROMIUM_PATH);
const chromiumPath = process.env.CHROMIUM_PATH;

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;
// One fresh database per run; workers inherit the variable from the runner.
process.env.E2E_DATABASE ??= join(tmpdir(), `ledgerline-e2e-${Date.now()}.db`);

export default defineConfig({
  testDir: "./tests",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    // E2E_SERVER_ENTRY / E2E_WEB_ROOT let several builds be tested side by side.
    command: `node ${process.env.E2E_SERVER_ENTRY ?? "apps/api/dist/server.js"}`,
    cwd: resolve(import.meta.dirname, ".."),
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: process.env.E2E_DATABASE,
      APP_ORIGIN: baseURL,
      DEMO_SEED: "true",
      LOG_LEVEL: "warn",
      API_RATE_LIMIT_PER_MINUTE: "100000",
      // Every test registers its own users from 127.0.0.1.
      REGISTRATIONS_PER_HOUR: "100000",
      // The simulated market during a regular session (a Wednesday), whatever day the suite runs.
      MARKET_TIME: "2026-03-11T15:00:00Z",
      ...(process.env.E2E_WEB_ROOT ? { WEB_ROOT: process.env.E2E_WEB_ROOT } : {}),
    },
  },
});
