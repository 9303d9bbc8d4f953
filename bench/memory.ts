/**
 * The server's memory as an operator meets it (issue 35): the built server started exactly as
 * `pnpm start` starts it (the environment and node flags of the root package's start script), on
 * a new SQLite file with the demo accounts and the simulated market, as on a fresh machine.
 *
 *   pnpm build && tsx memory.ts [--minutes N (default 5)] [--settle S (default 10)]
 *     [--node-flags "..." (instead of the start script's, to compare)]
 *     [--env "NAME=value ..." (instead of the start script's environment, to compare)]
 *     [--server apps/api/dist-other/server.js (another build, to compare; `node build.mjs dist-other`)]
 *
 * Prints the time from spawn to a healthy answer; the resident memory (RSS, /proc) S seconds
 * after it is healthy (idle); its peak and its value at the end of N minutes of mixed reads by
 * the demo user and the admin (15 a second, four at a time, every signed-in screen's REST reads in
 * turn), with
 * the server's CPU time per request (what a smaller young generation costs in collections); and
 * after a minute idle again. Budgets: idle under 100 MB, under 150 MB after 5 minutes of mixed
 * load, no growth over an hour (`--minutes 60`: RSS at the end of the load against its value
 * after the first minute, once the first answers have compiled what they need); the last line
 * holds each figure against its budget. Linux only (it reads /proc/<pid>/status).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "./support/free-port";
import { startCommand } from "./support/start-command";

const root = join(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const MINUTES = option("--minutes", 5);
const SETTLE_S = option("--settle", 10);
const CONCURRENCY = 4;
/** Requests a second in all: under the API's 1,200 a minute per caller, which a flood meets. */
const RATE = 15;
const MB = 1024 * 1024;

const DEMO = { email: "demo@example.com", password: "ledger-demo-2025" };
const ADMIN = { email: "admin@example.com", password: "ledger-admin-2025" };
const USER_READS = [
  "/api/portfolio",
  "/api/cryptoportfolio",
  "/api/transaction",
  "/api/portfolio/performance?range=1Y",
  "/api/portfolio/history?range=1Y",
  "/api/portfolio/allocation?by=sector",
  "/api/portfolio/risk?range=1Y",
  "/api/portfolio/returns/monthly",
  "/api/income",
  "/api/income/forecast",
  "/api/marketmovers",
  "/api/savedstocks",
  "/api/savedcryptos",
  "/api/accounts",
  "/api/notifications",
  "/api/lots",
];
const ADMIN_READS = ["/api/users", "/api/audit/logs"];

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) * 1024;
/** The process's user + system CPU time so far, in ms (/proc/<pid>/stat, in clock ticks of 10 ms). */
const cpuMsOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const serverAt = args.indexOf("--server");
const serverJs =
  serverAt === -1 ? join(root, "apps", "api", "dist", "server.js") : resolve(args[serverAt + 1]!);
const flagsAt = args.indexOf("--node-flags");
const start = startCommand();
const flags = flagsAt === -1 ? start.flags : args[flagsAt + 1]!.split(" ").filter(Boolean);
// With `--node-flags` the server runs with those alone, not the start script's environment;
// `--env` names the environment instead (`--env ""` for none).
const envAt = args.indexOf("--env");
const startEnv =
  envAt !== -1
    ? Object.fromEntries(
        args[envAt + 1]!.split(" ")
          .filter(Boolean)
          .map((pair) => pair.split("=") as [string, string]),
      )
    : flagsAt === -1
      ? start.env
      : {};
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const started = performance.now();
const server = spawn(process.execPath, [...flags, serverJs], {
  env: {
    PATH: process.env.PATH, // eslint-disable-line no-restricted-properties -- the child's PATH
    ...startEnv,
    PORT: String(port),
    DATABASE_URL: join(mkdtempSync(join(tmpdir(), "ledgerline-memory-")), "app.db"),
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
process.on("exit", () => server.kill());
for (let attempt = 0; ; attempt++) {
  const health = await fetch(`${base}/api/health`).catch(() => undefined);
  if (health?.ok) break;
  if (attempt > 600) throw new Error("The server did not start.");
  await pause(100);
}
const startSeconds = (performance.now() - started) / 1000;
const pid = server.pid!;

async function signIn(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  return ((await response.json()) as { token: string }).token;
}

await pause(SETTLE_S * 1000);
const idle = rssOf(pid);
const [userToken, adminToken] = [await signIn(DEMO), await signIn(ADMIN)];
const reads = [
  ...USER_READS.map((path) => ({ path, token: userToken })),
  ...ADMIN_READS.map((path) => ({ path, token: adminToken })),
];

let peak = idle;
const cpuBefore = cpuMsOf(pid);
let requests = 0;
const failed = new Map<string, number>();
const loadStarted = performance.now();
const until = loadStarted + MINUTES * 60_000;
/** RSS after the first minute of load: warmed up (serializers compiled, caches filled). */
let warm: number | undefined;
const sampler = setInterval(() => {
  const rss = rssOf(pid);
  peak = Math.max(peak, rss);
  if (warm === undefined && performance.now() - loadStarted >= 60_000) warm = rss;
}, 1000);
await Promise.all(
  Array.from({ length: CONCURRENCY }, async (_, lane) => {
    for (let next = lane; performance.now() < until; next += CONCURRENCY) {
      const due = loadStarted + (next * 1000) / RATE;
      if (due > performance.now()) await pause(due - performance.now());
      const { path, token } = reads[next % reads.length]!;
      const response = await fetch(`${base}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      requests += 1;
      const outcome = `${path} ${response.status}`;
      if (!response.ok) failed.set(outcome, (failed.get(outcome) ?? 0) + 1);
    }
  }),
);
clearInterval(sampler);
const loaded = rssOf(pid);
const cpuPerRequest = (cpuMsOf(pid) - cpuBefore) / requests;
await pause(60_000);
const idleAgain = rssOf(pid);
server.kill();

console.log(`server: ${serverJs}`);
console.log(
  `environment and node flags: ${[...Object.entries(startEnv).map((pair) => pair.join("=")), ...flags].join(" ") || "none"}`,
);
console.log(
  `start to healthy: ${startSeconds.toFixed(1)} s (built; budget 15 s from a fresh clone)`,
);
console.log(`idle, ${SETTLE_S} s after healthy: ${mb(idle)} RSS (budget 100 MB)`);
console.log(
  `${MINUTES} min of mixed reads (${requests} requests, ${RATE} a second): peak ${mb(peak)}, ` +
    `after 1 min ${warm === undefined ? "-" : mb(warm)}, at the end ${mb(loaded)} (budget 150 MB); server CPU ${cpuPerRequest.toFixed(2)} ms a request`,
);
console.log(`idle again a minute later: ${mb(idleAgain)}`);
for (const [what, count] of failed) console.log(`not ok: ${what} x${count}`);
/** Run-to-run spread of one RSS figure on the 2-core machine (bench/README.md): not growth. */
const GROWTH_NOISE = 6 * MB;
const growth = loaded - (warm ?? loaded);
const verdict = (ok: boolean) => (ok ? "within" : "OVER");
console.log(
  `budgets: idle ${mb(idle)} / 100 MB ${verdict(idle < 100 * MB)}; ` +
    `after ${MINUTES} min of load ${mb(loaded)} / 150 MB ${verdict(loaded < 150 * MB)}` +
    (MINUTES < 5 ? ` (the budget is for 5 min)` : "") +
    `; growth under load after its first minute ${mb(growth)} / none beyond ~6 MB of noise ` +
    `${verdict(growth <= GROWTH_NOISE)} (the budget is for an hour: --minutes 60)`,
);
