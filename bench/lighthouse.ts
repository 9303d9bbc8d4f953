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
import lighthouse from "lighthouse";
import type { Page } from "puppeteer-core";
import { ADMIN_ROUTES, launchChromium, signIn, startBuiltApp } from "./support/built-app";

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

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 1;
const named = args.filter((arg, i) => !arg.startsWith("--") && args[i - 1] !== "--runs");
const routes = named.length > 0 ? named : [...PUBLIC_ROUTES, ...USER_ROUTES, ...ADMIN_ROUTES];

const app = await startBuiltApp();
const base = app.base;
const browser = await launchChromium();

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
      if (!PUBLIC_ROUTES.includes(route)) {
        const { sessions } = app;
        await signIn(page, app, ADMIN_ROUTES.includes(route) ? sessions.admin : sessions.user);
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
  app.stop();
}
