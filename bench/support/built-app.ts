/**
 * The built app as the browser benches see it: `apps/api/dist/server.js` on a temporary SQLite
 * file with the demo accounts, the simulated market pinned to an open session (so prices move),
 * and tabs signed in as the demo user or admin. Used by lighthouse.ts and boot-profile.ts.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port";
import { CHROMIUM_ARGS, systemChromium } from "@ledgerline/chromium";
import puppeteer, { type Browser, type Page } from "puppeteer-core";

export const DEMO = {
  user: { email: "demo@example.com", password: "ledger-demo-2025" },
  admin: { email: "admin@example.com", password: "ledger-admin-2025" },
};
/** The screens only an admin may open. */
export const ADMIN_ROUTES = ["/users", "/audit-logs"];

const root = join(import.meta.dirname, "..", "..");

export interface Session {
  token: string;
  user: string;
}
export interface BuiltApp {
  base: string;
  sessions: { user: Session; admin: Session };
  stop(): void;
}

/** Starts the built server; `webRoot` serves another build of the web app (WEB_ROOT). */
export async function startBuiltApp(webRoot?: string): Promise<BuiltApp> {
  const server = join(root, "apps", "api", "dist", "server.js");
  if (!existsSync(server) || !existsSync(join(root, "apps", "web", "dist", "index.html"))) {
    throw new Error("No built app: run `pnpm build` first.");
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = spawn(process.execPath, [server], {
    env: {
      PATH: process.env.PATH, // eslint-disable-line no-restricted-properties -- the child's PATH
      PORT: String(port),
      DATABASE_URL: join(mkdtempSync(join(tmpdir(), "ledgerline-browser-bench-")), "app.db"),
      LOG_LEVEL: "warn",
      MARKET_TIME: "2026-03-11T15:00:00Z",
      ...(webRoot ? { WEB_ROOT: webRoot } : {}),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let attempt = 0; ; attempt++) {
    const health = await fetch(`${base}/api/health`).catch(() => undefined);
    if (health?.ok) break;
    if (attempt > 300) throw new Error("The server did not start.");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  async function session(account: { email: string; password: string }): Promise<Session> {
    const response = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(account),
    });
    const { token, ...user } = (await response.json()) as { token: string };
    return { token, user: JSON.stringify(user) };
  }
  return {
    base,
    sessions: { user: await session(DEMO.user), admin: await session(DEMO.admin) },
    stop: () => app.kill(),
  };
}

function chromiumPath(): string {
  // eslint-disable-next-line no-restricted-properties -- a bench reads where its browser is
  const found = process.env.CHROMIUM_PATH || systemChromium();
  if (!found) throw new Error("No Chromium found: set CHROMIUM_PATH.");
  return found;
}

/** CHROMIUM_PATH or the system's Chromium, headless, with nothing of its own on the network. */
export function launchChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/**
 * Puts a session into this tab's sessionStorage for the app's origin, where the web app holds it
 * (a same-origin page first, so it lands in that origin's storage).
 */
export async function signIn(page: Page, app: BuiltApp, session: Session): Promise<void> {
  await page.goto(`${app.base}/favicon.ico`);
  await page.evaluate(
    (token, user) => {
      // In the page, where sessionStorage exists; this bench has no DOM types.
      const { sessionStorage } = globalThis as unknown as {
        sessionStorage: { setItem(key: string, value: string): void };
      };
      sessionStorage.setItem("token", token);
      sessionStorage.setItem("user", user);
    },
    session.token,
    session.user,
  );
}
