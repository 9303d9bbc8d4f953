import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { CHROMIUM_ARGS } from "@ledgerline/chromium";
import { defineConfig } from "@playwright/test";
import { resolveChromium } from "./chromium";

// Workers load this file again; the parent's answer is passed on, so it is looked up once.
process.env.CHROMIUM_PATH = resolveChromium(process.env.CHROMIUM_PATH);
const chromiumPath = process.env.CHROMIUM_PATH;

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;
// One fresh database per run; workers inherit the variable from the runner.
process.env.E2E_DATABASE ??= join(tmpdir(), `ledgerline-e2e-${Date.now()}.db`);
process.env.E2E_CLOSED_DATABASE ??= process.env.E2E_DATABASE.replace(/\.db$/, "-closed.db");

/** The port of the closed-market server: E2E_CLOSED_PORT, or the one after E2E_PORT. */
const closedPort = Number(process.env.E2E_CLOSED_PORT ?? port + 1);
export const closedMarketURL = `http://127.0.0.1:${closedPort}`;
/** The app under the one host name passkeys accept in the suite (an IP address is refused). */
export const passkeyURL = `http://localhost:${port}`;

/**
 * The OpenID Connect provider tests/sso.spec.ts starts (oidc-provider, on the port after the
 * closed-market server's) and the client the closed-market server is configured with. The
 * server asks the provider for its metadata only at the first sign-in, so it starts without it;
 * the market server's login page stays as most deployments have it, without the SSO button.
 */
export const ssoProvider = {
  port: Number(process.env.E2E_SSO_PORT ?? closedPort + 1),
  clientId: "ledgerline",
  clientSecret: "ledgerline-e2e-client-secret-0123456789",
  name: "Ledgerline Test ID",
};
const ssoIssuer = `http://127.0.0.1:${ssoProvider.port}`;

function server(
  listenOn: number,
  database: string | undefined,
  marketTime: string,
  extraEnv: Record<string, string> = {},
) {
  const url = `http://127.0.0.1:${listenOn}`;
  return {
    // E2E_SERVER_ENTRY / E2E_WEB_ROOT let several builds be tested side by side.
    command: `node ${process.env.E2E_SERVER_ENTRY ?? "apps/api/dist/server.js"}`,
    cwd: resolve(import.meta.dirname, ".."),
    url: `${url}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "test",
      PORT: String(listenOn),
      HOST: "127.0.0.1",
      DATABASE_URL: database ?? "",
      APP_ORIGIN: url,
      // Browsers refuse passkeys on an IP address: passkeys.spec.ts opens the app as localhost.
      PASSKEY_RP_ID: "localhost",
      PASSKEY_ORIGINS: `http://localhost:${listenOn}`,
      DEMO_SEED: "true",
      LOG_LEVEL: "warn",
      API_RATE_LIMIT_PER_MINUTE: "100000",
      // Every test registers its own users from 127.0.0.1.
      REGISTRATIONS_PER_HOUR: "100000",
      // The market clock starts here and runs on, so a run stays in the same market state.
      MARKET_TIME: marketTime,
      ...(process.env.E2E_WEB_ROOT ? { WEB_ROOT: process.env.E2E_WEB_ROOT } : {}),
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: "./tests",
  // The signed-in screens now take live prices every second, which costs a 2-core machine time.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // On CI one retry, reported as "flaky" in the list: a loaded 2-core runner has twice failed a
  // whole landing on one timing-sensitive live-price check. Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  // The digest repeats at the end what a failure needs explained (a CI log is read from its tail).
  reporter: [["list"], ["./failure-digest.ts"]],
  use: {
    baseURL,
    // The app's service worker answers pages and code from its own cache, which page.route and
    // the specs' rewritten answers would not see: only pwa.spec.ts, which tests it, allows it.
    serviceWorkers: "block",
    // A trace only of a retry: recording every first attempt (its screencast and DOM snapshots)
    // made a run 40% slower here (4 spec files: 2.5 min, 1.5 min untraced). A failure that
    // repeats on the retry still leaves its trace; locally, `--trace on` asks for one.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    // The simulated market during a regular session (a Wednesday), whatever day the suite runs.
    // Its import jobs wait 500 ms between batches of 500 rows (about 20 s over the 20,000 of
    // import-progress.spec.ts): written in 4-5 s, they ended before the browser, loaded on the
    // shared 2 cores, had drawn the bar (2-13 s after the click), so the spec could see neither
    // the rows move nor a cancel. A file of one batch is not held.
    server(port, process.env.E2E_DATABASE, "2026-03-11T15:00:00Z", {
      TEST_IMPORT_BATCH_DELAY_MS: "500",
    }),
    // The same app with the market closed (a Saturday; Friday is the last session): specs about
    // the closed market point their baseURL at it with `closedMarketURL`.
    // It also signs in through the test OpenID Connect provider (tests/sso.spec.ts), and holds
    // each back-dated change's recompute (tests/history-update.spec.ts).
    server(closedPort, process.env.E2E_CLOSED_DATABASE, "2026-03-14T15:00:00Z", {
      OIDC_ISSUER: ssoIssuer,
      OIDC_CLIENT_ID: ssoProvider.clientId,
      OIDC_CLIENT_SECRET: ssoProvider.clientSecret,
      OIDC_NAME: ssoProvider.name,
      // A back-dated change's recompute is held 30 s, so history-update.spec.ts sees it run.
      TEST_RECOMPUTE_DELAY_MS: "30000",
    }),
  ],
});
