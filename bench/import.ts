/**
 * Importing a large file (issue 11): one user imports a generated Ledgerline CSV of 100,000 rows
 * (buys, sells within what is held, and dividends, over 5 years across 50 stocks) through
 * `POST /api/import` of the server in its own process (bench/support/api-server.ts), while
 * another user's hot reads keep running. Prints the import's time, the server's peak RSS, and
 * the other user's median and p99 during the import. Budget: under 10 s and 300 MB RSS.
 *
 *   tsx import.ts [rows, default 100000] [directory for the server's CPU profile] [--built] [--postgres] [--job]
 *     [--answers=<file>]
 *
 * With --job the file goes through `import.start` (the import job of issue 34) and the import
 * ends when the polled `import.status` says the job has; the server's longest event-loop block
 * during the import is printed either way.
 *
 * With --answers=<file>, after the figures are taken, the importer's returns and the reads built
 * on the same rebuild (the history, each holding's returns, the lots, the income) are written to
 * the file as JSON: the same data each run, so two builds' files can be compared byte for byte.
 *
 * With --postgres the server's database is a fresh one on TEST_DATABASE_URL's server (default
 * the local one), dropped afterwards; SQLite in a temporary file otherwise.
 *
 * The server runs under tsx, whose loader alone holds tens of MB; with --built it runs bundled
 * as production runs it (apps/api/build.mjs), with `pnpm start`'s node flags and environment:
 * the RSS the budget means.
 */
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { SimulatedStockMarket } from "@ledgerline/market";
import { callApi } from "./support/http";
import { freshDatabase } from "./support/fresh-database";
import { startCommand } from "./support/start-command";

const BUILT = process.argv.includes("--built");
const POSTGRES = process.argv.includes("--postgres");
const JOB = process.argv.includes("--job");
const ANSWERS = process.argv
  .find((arg) => arg.startsWith("--answers="))
  ?.slice("--answers=".length);
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
// Bundled, the server runs with `pnpm start`'s node flags and environment (its young
// generation's size, malloc's arenas): the RSS the budget means.
const production = BUILT ? startCommand() : { env: {}, flags: [] };
const server = spawn(
  process.execPath,
  [
    ...production.flags,
    ...(PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : []),
    ...(BUILT
      ? [join(apiDirectory, "dist-bench", "api-server.js")]
      : ["--import", "tsx", serverSource]),
  ],
  {
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...env,
      ...production.env,
      ...(database ? { BENCH_DATABASE_URL: database.url } : {}),
    },
  },
);
const [line] = (await once(createInterface({ input: server.stdout }), "line")) as [string];
const {
  port,
  barePort,
  token: otherToken,
  reads,
} = JSON.parse(line) as {
  port: number;
  barePort: number;
  token: string;
  reads: { name: string; rest: string }[];
};
const base = `http://127.0.0.1:${port}/api`;

const call = (method: string, path: string, token?: string, body?: unknown) =>
  callApi(base, method, path, token, body);

/** The server's longest event-loop block since the last ask, in ms. */
const longestBlock = async () =>
  ((await callApi(`http://127.0.0.1:${barePort}`, "GET", "/loop")) as { longest: number }).longest;

/** The import through its job: started, then its status polled until it ends; its summary. */
async function importAsJob(token: string, body: unknown): Promise<unknown> {
  const answer = (value: unknown) =>
    (value as { result: { data: Record<string, unknown> } }).result.data;
  const job = answer(await call("POST", "/trpc/import.start", token, body));
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const input = encodeURIComponent(JSON.stringify({ id: job.id }));
    const status = answer(await call("GET", `/trpc/import.status?input=${input}`, token));
    if (!["queued", "checking", "writing"].includes(status.status as string)) return status;
  }
}

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
  `${ROWS.toLocaleString("en-US")} rows, ${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MB; server pid ${server.pid}, ${BUILT ? "bundled" : "under tsx"}, ${database ? "PostgreSQL" : "SQLite"}${JOB ? ", as a job" : ""}`,
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
  await longestBlock();
  const body = { source: "ledgerline", csv };
  const result = JOB ? await importAsJob(token, body) : await call("POST", "/import", token, body);
  const elapsed = performance.now() - started;
  const block = await longestBlock();
  const cpu = cpuOf(server.pid!) - cpuBefore;
  importing = false;
  await Promise.all(readers);
  const memory = memoryOf(server.pid!);
  // The daily snapshots are rebuilt after the import answers; the performance read waits for them.
  const returns = await call("GET", "/portfolio/performance?range=ALL", token);
  const settled = performance.now() - started;
  const after = memoryOf(server.pid!);
  const returnsBlock = await longestBlock();
  const returnsCpu = cpuOf(server.pid!) - cpuBefore - cpu;
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
  console.log(`import: ${JSON.stringify(result)}`);
  console.log(
    `time:   ${(elapsed / 1000).toFixed(1)} s (budget 10 s), server CPU ${cpu.toFixed(1)} s; the importer's returns (waiting for the snapshots) ${(settled / 1000).toFixed(1)} s after the start (budget 15 s), server CPU ${returnsCpu.toFixed(1)} s more`,
  );
  console.log(
    `RSS:    peak ${memory.peak.toFixed(0)} MB (budget 300 MB), ${idle.now.toFixed(0)} MB before the import; peak ${after.peak.toFixed(0)} MB by the returns (budget 300 MB)`,
  );
  console.log(
    `other user's reads during the import: ${latencies.length}, median ${percentile(50).toFixed(0)} ms, p99 ${percentile(99).toFixed(0)} ms`,
  );
  console.log(
    `event loop: longest block ${block.toFixed(0)} ms during the import${JOB ? " (as a job)" : ""}, ${returnsBlock.toFixed(0)} ms from its answer to the returns' (budget 50 ms)`,
  );
  if (ANSWERS) {
    const answers: Record<string, unknown> = { "/portfolio/performance?range=ALL": returns };
    for (const path of [
      "/portfolio/history?range=ALL",
      "/portfolio/performance/holdings?range=ALL",
      "/portfolio/returns/monthly",
      "/lots",
      "/income",
    ]) {
      answers[path] = await call("GET", path, token);
    }
    writeFileSync(ANSWERS, JSON.stringify(answers, null, 1));
    console.log(`answers: ${Object.keys(answers).join(", ")} -> ${ANSWERS}`);
  }
} finally {
  server.kill("SIGTERM");
  if (database) {
    await once(server, "exit");
    await database.drop();
  }
}
