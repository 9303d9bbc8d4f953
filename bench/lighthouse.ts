/**
 * Lighthouse (mobile, its default simulated throttling) on every screen of the built app, signed
 * in where the screen needs it: the design's budget is 100 for the public pages and 95 for the
 * signed-in ones. The README's one-line Lighthouse command cannot sign in, because the session
 * lives in the tab's sessionStorage; here each audit runs in a tab that holds one.
 *
 *   pnpm build && tsx lighthouse.ts [--runs N] [route ...]
 *
 * Starts `apps/api/dist/server.js` on a temporary SQLite file with the demo accounts, the
 * simulated market pinned to an open session (so prices move), and prints each route's median
 * score over the runs with its FCP, LCP, TBT and CLS. The browser is CHROMIUM_PATH or the
 * system's Chromium. Scores depend on the machine's load: compare runs taken side by side.
 */
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import puppeteer, { type Page } from "puppeteer-core";

const PUBLIC_ROUTES = ["/", "/login", "/register"];
const USER_ROUTES = [
  "/landing",
  "/stock-dashboard",
  "/search-area",
  "/research/AAPL",
  "/crypto-dashboard",
  "/crypto",
  "/crypto/BTC",
  "/portfolio-summary",
  "/transaction-history",
  "/income",
  "/alerts",
  "/import",
  "/account",
];
const ADMIN_ROUTES = ["/users", "/audit-logs"];
const DEMO = {
  user: { email: "demo@example.com", password: "ledger-demo-2025" },
  admin: { email: "admin@example.com", password: "ledger-admin-2025" },
};

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 1;
const named = args.filter((arg, i) => !arg.startsWith("--") && args[i - 1] !== "--runs");
const routes = named.length > 0 ? named : [...PUBLIC_ROUTES, ...USER_ROUTES, ...ADMIN_ROUTES];

const root = join(import.meta.dirname, "..");
const server = join(root, "apps", "api", "dist", "server.js");
if (!existsSync(server) || !existsSync(join(root, "apps", "web", "dist", "index.html"))) {
  throw new Error("No built app: run `pnpm build` first.");
}

function chromiumPath(): string {
  // eslint-disable-next-line no-restricted-properties -- a bench reads where its browser is
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return configured;
  for (const name of ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome"]) {
    try {
      return execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim();
    } catch {
      /* not this one */
    }
  }
  throw new Error("No Chromium found: set CHROMIUM_PATH.");
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const app = spawn(process.execPath, [server], {
  env: {
    PATH: process.env.PATH, // eslint-disable-line no-restricted-properties -- the child's PATH
    PORT: String(port),
    DATABASE_URL: join(mkdtempSync(join(tmpdir(), "ledgerline-lighthouse-")), "app.db"),
    LOG_LEVEL: "warn",
    MARKET_TIME: "2026-03-11T15:00:00Z",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
for (let attempt = 0; ; attempt++) {
  const health = await fetch(`${base}/api/health`).catch(() => undefined);
  if (health?.ok) break;
  if (attempt > 300) throw new Error("The server did not start.");
  await new Promise((resolve) => setTimeout(resolve, 100));
}

async function session(account: { email: string; password: string }) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  const { token, ...user } = (await response.json()) as { token: string };
  return { token, user: JSON.stringify(user) };
}
const sessions = { user: await session(DEMO.user), admin: await session(DEMO.admin) };

const browser = await puppeteer.launch({
  executablePath: chromiumPath(),
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
});

interface Audit {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function audit(page: Page, route: string): Promise<Audit> {
  const result = await lighthouse(
    base + route,
    {
      onlyCategories: ["performance", "accessibility"],
      // Keeps the tab's sessionStorage, where the web app holds its session.
      disableStorageReset: true,
      logLevel: "error",
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
  const { categories, audits } = result.lhr;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  console.log(`Lighthouse mobile, median of ${RUNS} run(s) per route`);
  console.log("route                  perf  a11y   FCP ms   LCP ms   TBT ms    CLS");
  for (const route of routes) {
    const audits: Audit[] = [];
    for (let run = 0; run < RUNS; run++) {
      const page = await browser.newPage();
      const account = ADMIN_ROUTES.includes(route) ? sessions.admin : sessions.user;
      if (!PUBLIC_ROUTES.includes(route)) {
        // A same-origin page first, so the session lands in this origin's sessionStorage.
        await page.goto(`${base}/favicon.ico`);
        await page.evaluate(
          (token, user) => {
            // In the page, where sessionStorage exists; this bench has no DOM types.
            const { sessionStorage } = globalThis as unknown as {
              sessionStorage: { setItem(key: string, value: string): void };
            };
            sessionStorage.setItem("token", token);
            sessionStorage.setItem("user", user);
          },
          account.token,
          account.user,
        );
      }
      audits.push(await audit(page, route));
      await page.close();
    }
    const of = (key: keyof Audit) => median(audits.map((a) => a[key]));
    console.log(
      [
        route.padEnd(20),
        String(of("performance")).padStart(6),
        String(of("accessibility")).padStart(5),
        ...(["fcp", "lcp", "tbt"] as const).map((key) => String(Math.round(of(key))).padStart(8)),
        of("cls").toFixed(3).padStart(6),
      ].join(" "),
    );
  }
} finally {
  await browser.close();
  app.kill();
}
