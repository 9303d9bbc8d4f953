/**
 * The README's quick start as a new reader meets it (issue 35's budget: under 15 s from
 * `pnpm start` to a healthy server on a fresh clone): the repository's HEAD cloned into a
 * temporary folder, `pnpm install --frozen-lockfile --offline` there (timed, not counted), then
 * `pnpm start` timed until `GET /api/health` answers 200, stopped, and started again with the
 * build in turbo's cache (a restart).
 *
 *   tsx first-start.ts [--from DIR] [--keep]
 *
 * --from clones another repository (a worktree) instead of this one's HEAD; --keep leaves the
 * clone in place (its path is printed) to look at what the build wrote. Turbo's run summary
 * (TURBO_RUN_SUMMARY) gives each task's time, printed under the first start.
 * Run it alone (`flock /work/.heavy.lock`): the first start is a build on every core.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./support/free-port";

const BUDGET_MS = 15_000;
const args = process.argv.slice(2);
const fromAt = args.indexOf("--from");
const source = fromAt >= 0 ? args[fromAt + 1]! : join(import.meta.dirname, "..");
const keep = args.includes("--keep");

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const temp = mkdtempSync(join(tmpdir(), "ledgerline-first-start-"));
const clone = join(temp, "ledgerline");

interface TaskSummary {
  taskId: string;
  cache: { status: string };
  execution: { startTime: number; endTime: number };
}

/** Each turbo task of the newest run summary: its time and whether the cache answered. */
function turboTasks(): string[] {
  const runs = join(clone, ".turbo", "runs");
  const newest = readdirSync(runs)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .at(-1);
  if (!newest) return [];
  const summary = JSON.parse(readFileSync(join(runs, newest), "utf8")) as { tasks: TaskSummary[] };
  return summary.tasks
    .sort((a, b) => a.execution.startTime - b.execution.startTime)
    .map(
      (task) =>
        `    ${task.taskId.padEnd(34)} ${seconds(task.execution.endTime - task.execution.startTime).padStart(7)}` +
        `  ${task.cache.status === "HIT" ? "cached" : "built"}`,
    );
}

/** `pnpm start` in the clone until /api/health answers 200; then stops it (its whole group). */
async function timedStart(label: string): Promise<number> {
  const port = await freePort();
  const loadBefore = load();
  const started = performance.now();
  const child = spawn("pnpm", ["start"], {
    cwd: clone,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env, // eslint-disable-line no-restricted-properties -- pnpm start's own environment
      PORT: String(port),
      TURBO_RUN_SUMMARY: "true",
      TURBO_TELEMETRY_DISABLED: "1",
    },
  });
  let exited: number | null | undefined;
  child.on("exit", (code) => (exited = code));
  let ms: number;
  try {
    for (;;) {
      if (exited !== undefined) throw new Error(`pnpm start exited (${exited}) before it served.`);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (health?.ok) break;
      if (performance.now() - started > 300_000) throw new Error("No healthy server in 5 minutes.");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    ms = performance.now() - started;
  } finally {
    if (exited === undefined) {
      process.kill(-child.pid!, "SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  }
  console.log(
    `${label.padEnd(38)} ${seconds(ms).padStart(7)}  (budget ${seconds(BUDGET_MS)}, ${ms < BUDGET_MS ? "within" : "OVER"}; load ${loadBefore} -> ${load()})`,
  );
  for (const line of turboTasks()) console.log(line);
  return ms;
}

try {
  const head = execFileSync("git", ["-C", source, "rev-parse", "--short", "HEAD"], {
    encoding: "utf8",
  }).trim();
  execFileSync("git", ["clone", "--quiet", "--no-hardlinks", source, clone]);
  console.log(`clone of ${source} at ${head} in ${clone}`);
  const installStarted = performance.now();
  execFileSync("pnpm", ["install", "--frozen-lockfile", "--offline"], {
    cwd: clone,
    stdio: ["ignore", "ignore", "inherit"],
  });
  console.log(
    `${"pnpm install --frozen-lockfile --offline".padEnd(38)} ${seconds(performance.now() - installStarted).padStart(7)}  (not counted; load ${load()})`,
  );
  await timedStart("first pnpm start (fresh clone)");
  await timedStart("second pnpm start (build cached)");
} finally {
  if (keep) console.log(`kept ${clone}`);
  else rmSync(temp, { recursive: true, force: true });
}
