/**
 * Importing a large file (issue 11): one user imports a generated Ledgerline CSV of 100,000 rows
 * (buys, sells within what is held, and dividends, over 5 years across 50 stocks) through
 * `POST /api/import` of the server in its own process (bench/support/api-server.ts), while
 * another user's hot reads keep running. Prints the import's time, the server's peak RSS, and
 * the other user's median and p99 during the import. Budget: under 10 s and 300 MB RSS.
 *
 *   tsx import.ts [rows, default 100000] [directory for the server's CPU profile] [--built] [--postgres]
 *
 * With --postgres the server's database is a fresh one on TEST_DATABASE_URL's server (default
 * the local one), dropped afterwards; SQLite in a temporary file otherwise.
 *
 * The server runs under tsx, whose loader alone holds tens of MB; with --built it runs bundled
 * as production runs it (apps/api/build.mjs), which is the RSS the budget means.
 */
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { SimulatedStockMarket } from "@ledgerline/market";
import { callApi } from "./support/http";
import { freshDatabase } from "./support/fresh-database";

const BUILT = process.argv.includes("--built");
const POSTGRES = process.argv.includes("--postgres");
const [rowsArgument, profileArgument] = process.argv
  .slice(2)
  .filter((arg) => !arg.startsWith("--"));
const ROWS = Number(rowsArgument ?? 100_000);
/** Where the server writes a CPU profile (`node --cpu-prof`) when it stops; none without it. */
const PROFILE_DIR = profileArgument;
const SYMBOL_COUNT = 50;
/** Readers of the other user, each asking again as soon as answered. */
const READERS = 4;
const MARKET_TIME = Date.parse("2026-03-11T15:00:00Z");

const serverSource = join(import.meta.dirname, "support", "api-server.ts");
const apiDirectory = join(import.meta.dirname, "..", "apps", "api");
if (BUILT) {
  execFileSync(process.execPath, ["build.mjs", "dist-bench", serverSource], { cwd: apiDirectory });
}
// eslint-disable-next-line no-restricted-properties -- a bench reads where its services are
const env = process.env;
const database = POSTGRES
  ? await freshDatabase(
      env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
      "import",
    )
  : null;
const server = spawn(
  process.execPath,
  [
    ...(PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : []),
    ...(BUILT
      ? [join(apiDirectory, "dist-bench", "api-server.js")]
      : ["--import", "tsx", serverSource]),
  ],
  {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...env, ...(database ? { BENCH_DATABASE_URL: database.url } : {}) },
  },
);
const [line] = (await once(createInterface({ input: server.stdout }), "line")) as [string];
const {
  port,
  token: otherToken,
  reads,
} = JSON.parse(line) as {
  port: number;
  token: string;
  reads: { name: string; rest: string }[];
};
const base = `http://127.0.0.1:${port}/api`;

const call = (method: string, path: string, token?: string, body?: unknown) =>
  callApi(base, method, path, token, body);

/** CPU seconds the server has used (user and system; Linux): wall time on a busy machine says little alone. */
function cpuOf(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime, the 12th and 13th fields after the command, in clock ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The server's peak and current resident set, in MB (Linux). */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peak: kb("VmHWM") / 1024, now: kb("VmRSS") / 1024 };
}

// The file: our own export's columns, oldest first.
const symbols = new SimulatedStockMarket()
  .symbols()
  .filter((symbol) => symbol !== "SPY")
  .slice(0, SYMBOL_COUNT);
let seed = 42;
const random = () => ((seed = (seed * 48271) % 2147483647), seed / 2147483647);
const end = MARKET_TIME - 2 * 86_400_000;
const span = 5 * 365 * 86_400_000;
const heldShares = new Map<string, number>();
const lines = ["transactionDate,type,symbol,transactionType,quantity,price,total,notes"];
for (let i = 0; i < ROWS; i++) {
  const date = new Date(end - span + Math.floor((i / ROWS) * span)).toISOString();
  const symbol = symbols[i % symbols.length]!;
  const held = heldShares.get(symbol) ?? 0;
  const price = (50 + Math.floor(random() * 20000) / 100).toFixed(2);
  const roll = random();
  if (held >= 2 && roll < 0.01) {
    lines.push(`${date},STOCK,${symbol},DIVIDEND,${held},0.24,,Quarterly dividend`);
  } else if (held >= 2 && roll < 0.2) {
    heldShares.set(symbol, held - 1);
    lines.push(`${date},STOCK,${symbol},SELL,1,${price},${price},`);
  } else {
    heldShares.set(symbol, held + 2);
    lines.push(`${date},STOCK,${symbol},BUY,2,${price},,"Bought, row ${i}"`);
  }
}
const csv = `${lines.join("\n")}\n`;
console.log(
  `${ROWS.toLocaleString("en-US")} rows, ${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MB; server pid ${server.pid}, ${BUILT ? "bundled" : "under tsx"}, ${database ? "PostgreSQL" : "SQLite"}`,
);

const { token } = (await call("POST", "/auth/login", undefined, {
  email: "user1@bench.test",
  password: "bench-admin-pass",
})) as { token: string };

const idle = memoryOf(server.pid!);
let importing = true;
const latencies: number[] = [];
async function reader(offset: number) {
  for (let n = offset; importing; n++) {
    const read = reads[n % reads.length]!;
    const started = performance.now();
    await call("GET", read.rest, otherToken);
    latencies.push(performance.now() - started);
  }
}

try {
  const readers = Array.from({ length: READERS }, (_, i) => reader(i));
  const cpuBefore = cpuOf(server.pid!);
  const started = performance.now();
  const result = await call("POST", "/import", token, { source: "ledgerline", csv });
  const elapsed = performance.now() - started;
  const cpu = cpuOf(server.pid!) - cpuBefore;
  importing = false;
  await Promise.all(readers);
  const memory = memoryOf(server.pid!);
  // The daily snapshots are rebuilt after the import answers; the performance read waits for them.
  await call("GET", "/portfolio/performance?range=ALL", token);
  const settled = performance.now() - started;
  const after = memoryOf(server.pid!);
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
  console.log(`import: ${JSON.stringify(result)}`);
  console.log(
    `time:   ${(elapsed / 1000).toFixed(1)} s (budget 10 s), server CPU ${cpu.toFixed(1)} s; the importer's returns (waiting for the snapshots) ${(settled / 1000).toFixed(1)} s after the start`,
  );
  console.log(
    `RSS:    peak ${memory.peak.toFixed(0)} MB (budget 300 MB), ${idle.now.toFixed(0)} MB before the import; peak ${after.peak.toFixed(0)} MB by the returns`,
  );
  console.log(
    `other user's reads during the import: ${latencies.length}, median ${percentile(50).toFixed(0)} ms, p99 ${percentile(99).toFixed(0)} ms`,
  );
} finally {
  server.kill("SIGTERM");
  if (database) {
    await once(server, "exit");
    await database.drop();
  }
}
