/**
 * Scale-out proof (issue 10): 3 API processes on PostgreSQL + Redis behind HAProxy on 127.0.0.1,
 * a mixed load for SCALE_OUT_SECONDS (default 60), one process killed with SIGKILL half-way and
 * started again 5 s later; then the same load on 1 process for comparison. Prints what clients
 * saw, trades acknowledged vs stored, positions vs a replay of the transaction log, upstream
 * market calls (budget 1.05x of one process) and throughput with 1 vs 3 processes. Live prices:
 * SCALE_OUT_STREAMS (default 20) SSE clients of GET /api/stream on each process and as many
 * through HAProxy, open through the load and the kill: what each process's clients received,
 * the tick-to-client delay, the longest silence, and each process's upstream streams (one per
 * symbol for the deployment, run by the process holding the symbol's lease in Redis).
 * Workers (issue 34): both runs have SCALE_OUT_WORKERS (default 2) worker processes
 * (LEDGERLINE_ROLE=worker) beside API processes that only serve. In the run with the kill, a
 * user seeded with SCALE_OUT_RECOMPUTE_TRADES (default 100,000) trades makes a back-dated buy
 * through HAProxy a few seconds into the load; the worker running its recompute is killed with
 * SIGKILL once it has computed a while, and the bench checks the other worker finished it (the
 * stale mark clears, the snapshots hold every day and the positions, no job failed). Meanwhile
 * every API process's event-loop delay p99 (prom-client's, from /api/metrics, every 5 s) and the
 * requests' p99 through HAProxy, against the 50 ms budget.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres),
 * Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379) and haproxy on the PATH.
 */
import { randomUUID } from "node:crypto";
import { LIVE_STREAMS_LIMIT } from "@ledgerline/contracts";
import { Cluster, ensureBuilt } from "./support/scale-out/cluster";
import { runLoad, type LoadReport } from "./support/scale-out/load";
import { freshDatabase } from "./support/fresh-database";
import { StreamClients, streamSymbols, type StreamReport } from "./support/scale-out/streams";
import { reconcile, type Reconciliation } from "./support/scale-out/verify";
import {
  p99Within,
  percentile,
  worstLoopWindows,
  type LoopWindow,
} from "./support/scale-out/measures";
import { cpuTicks, schedStat } from "./support/scale-out/proc";
import { HeavyUser, jobCounts, type RecomputeCheck } from "./support/scale-out/recompute";

// eslint-disable-next-line no-restricted-properties -- a bench reads where its services are
const env = process.env;
const seconds = Number(env.SCALE_OUT_SECONDS ?? 60);
const users = Number(env.SCALE_OUT_USERS ?? 24);
const streamsPerProcess = Number(env.SCALE_OUT_STREAMS ?? 20);
const adminUrl = env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const workers = Number(env.SCALE_OUT_WORKERS ?? 2);
const recomputeTrades = Number(env.SCALE_OUT_RECOMPUTE_TRADES ?? 100_000);
/** How long the worker computes before it is killed (s of its CPU time). */
const killAfterCpu = Number(env.SCALE_OUT_KILL_AFTER_CPU ?? 1.5);
const admin = { email: "admin@scale-out.test", password: "scale-out-admin-pass-1" };
const LOOP_BUDGET_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The back-dated recompute of the run with the kill, and what became of it. */
interface Recompute {
  seededMs: number;
  triggeredAt: number;
  /** When the worker running it was killed (epoch ms), and its CPU time in it by then (s). */
  killedAt: number | undefined;
  killedWorker: string | undefined;
  killedCpuS: number;
  /** Whether the stale mark still showed when the worker died: it died mid-recompute. */
  updatingAtKill: boolean;
  /** When the stale mark cleared and the snapshots queue was empty (epoch ms). */
  doneAt: number | undefined;
  check: RecomputeCheck;
  jobs: Awaited<ReturnType<typeof jobCounts>>;
}

interface Phase {
  processes: number;
  /** When the process was killed (epoch ms), in a run with a kill. */
  killedAt: number | undefined;
  load: LoadReport;
  reconciliation: Reconciliation;
  upstreamCalls: number;
  upstreamByOperation: string[];
  streams: StreamReport[];
  latencies: number[];
  /** Each process's live symbols and upstream streams, before the load and after it. */
  livePrices: Awaited<ReturnType<Cluster["livePrices"]>>;
  livePricesAfter: Awaited<ReturnType<Cluster["livePrices"]>>;
  loadFrom: number;
  loadTo: number;
  loop: LoopWindow[];
  recompute: Recompute;
}

/**
 * The heavy user's back-dated buy; with `kill`, the worker running its recompute is killed once
 * it has spent `killAfterCpu` s of CPU in it: the worker whose CPU time grows fastest while the
 * stale mark shows (the others run the load's small jobs). Then waits for the mark to clear and
 * the snapshots queue to empty.
 */
async function recomputeWithKill(
  cluster: Cluster,
  heavy: HeavyUser,
  seededMs: number,
  kill: boolean,
): Promise<Omit<Recompute, "check" | "jobs">> {
  const triggeredAt = Date.now();
  await heavy.tradeBackDated();
  console.log("  back-dated buy of the heavy user: recompute queued");
  const spent = Array.from({ length: workers }, () => 0);
  let last = spent.map((_, index) => cpuTicks(cluster.workerPid(index)));
  let killed: Pick<Recompute, "killedAt" | "killedWorker" | "killedCpuS" | "updatingAtKill"> = {
    killedAt: undefined,
    killedWorker: undefined,
    killedCpuS: 0,
    updatingAtKill: false,
  };
  while (kill && Date.now() - triggeredAt < 120_000) {
    await sleep(500);
    const now = spent.map((_, index) => cpuTicks(cluster.workerPid(index)));
    const used = now.map((ticks, index) => ticks - last[index]!);
    last = now;
    const busiest = used.indexOf(Math.max(...used));
    const others = Math.max(0, ...used.filter((_, index) => index !== busiest));
    // The load's jobs are small: a worker that computed at least 30% of the half second and
    // twice any other's share is the one holding the recompute; only such stretches count.
    if (used[busiest]! >= 15 && used[busiest]! >= 2 * others)
      spent[busiest]! += used[busiest]! / 100;
    if (spent[busiest]! >= killAfterCpu) {
      const updatingAtKill = await heavy.updating();
      if (!updatingAtKill) {
        spent.fill(0);
        continue;
      }
      cluster.killWorker(busiest);
      killed = {
        killedAt: Date.now(),
        killedWorker: `worker${busiest + 1}`,
        killedCpuS: spent[busiest]!,
        updatingAtKill,
      };
      console.log(
        `  kill -9 of worker ${busiest + 1} after ${spent[busiest]!.toFixed(1)} s of its CPU in ` +
          `the recompute (stale mark showing: ${updatingAtKill})`,
      );
      break;
    }
  }
  let doneAt: number | undefined;
  while (Date.now() - triggeredAt < 600_000) {
    await sleep(1000);
    if (await heavy.updating()) continue;
    const snapshots = (await jobCounts(cluster.balancerUrl, admin)).find(
      (queue) => queue.queue === "snapshots",
    );
    if (snapshots && snapshots.waiting + snapshots.active + snapshots.delayed === 0) {
      doneAt = Date.now();
      break;
    }
  }
  return { seededMs, triggeredAt, ...killed, doneAt };
}

/** A viewer's token, registered through the balancer. */
async function viewer(balancerUrl: string): Promise<string> {
  const answer = await fetch(`${balancerUrl}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `viewer-${randomUUID().slice(0, 8)}@example.com`,
      name: "Viewer",
      password: "scale-out-pass-1",
    }),
  });
  return ((await answer.json()) as { token: string }).token;
}

async function phase(processes: number, basePort: number, crash: boolean): Promise<Phase> {
  const database = await freshDatabase(adminUrl, `p${processes}`);
  const cluster = new Cluster({
    processes,
    basePort,
    balancerPort: basePort + 100,
    databaseUrl: database.url,
    redisUrl,
    redisKeyPrefix: `ledgerline-bench:${randomUUID().slice(0, 8)}:`,
    metricsToken: randomUUID(),
    workers,
    admin,
  });
  const streams = new StreamClients();
  try {
    await cluster.start();
    // SSE clients on every process and through HAProxy, open through the load and the kill;
    // a viewer holds at most LIVE_STREAMS_LIMIT streams, so each group of that many has its own.
    let opened = 0;
    let token = "";
    const open = async (url: string, via: string) => {
      if (opened++ % LIVE_STREAMS_LIMIT === 0) token = await viewer(cluster.balancerUrl);
      await streams.open(url, via, token);
    };
    for (let index = 0; index < processes; index++) {
      for (let i = 0; i < streamsPerProcess; i++) {
        await open(`http://127.0.0.1:${cluster.port(index)}`, `api${index + 1}`);
      }
    }
    for (let i = 0; i < streamsPerProcess; i++) await open(cluster.balancerUrl, "haproxy");
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const livePrices = await cluster.livePrices();
    // Both runs recompute the same history, so their throughput and upstream calls compare.
    const heavy = new HeavyUser(cluster.balancerUrl, database.url);
    const seeding = performance.now();
    await heavy.seed(recomputeTrades);
    const seededMs = performance.now() - seeding;
    console.log(`  seeded a user with ${recomputeTrades} trades`);
    // Each scrape resets the processes' event-loop histograms: this one starts the first window.
    await cluster.eventLoopDelays();
    const loadFrom = Date.now();
    const until = loadFrom + seconds * 1000;
    const loop: LoopWindow[] = [];
    let sampling = true;
    const sampler = (async () => {
      const seen = new Map<number, { at: number; runNs: number; waitNs: number }>();
      while (sampling) {
        await sleep(5000);
        const at = Date.now();
        for (const { pid, ...delay } of await cluster.eventLoopDelays()) {
          const sched = { at, ...schedStat(pid) };
          const before = seen.get(pid);
          seen.set(pid, sched);
          if (!before) continue; // a process started since: its first window has no start
          loop.push({
            ...delay,
            at,
            spanMs: at - before.at,
            runMs: (sched.runNs - before.runNs) / 1e6,
            waitMs: (sched.waitNs - before.waitNs) / 1e6,
          });
        }
      }
    })();
    const recomputing = sleep(3000).then(() => recomputeWithKill(cluster, heavy, seededMs, crash));
    let killedAt: number | undefined;
    const crashing = crash
      ? (async () => {
          await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 2));
          console.log(`  kill -9 of API process 1 at ${seconds / 2} s`);
          killedAt = Date.now();
          cluster.kill(0);
          await new Promise((resolve) => setTimeout(resolve, 5000));
          await cluster.startProcess(0);
          console.log("  API process 1 is back");
        })()
      : Promise.resolve();
    const [load] = await Promise.all([runLoad(cluster.balancerUrl, { users, until }), crashing]);
    const loadTo = Date.now();
    // Read as the load ends: the live feeds poll upstream for as long as the recompute is waited
    // for, which a run with a worker killed does longer.
    const { total: upstreamCalls, byOperation: upstreamByOperation } =
      await cluster.upstreamCalls();
    const recomputed = await recomputing;
    sampling = false;
    await sampler;
    const recompute = {
      ...recomputed,
      check: await heavy.check(),
      jobs: await jobCounts(cluster.balancerUrl, admin),
    };
    const livePricesAfter = await cluster.livePrices();
    const streamReport = streams.report();
    cluster.stop();
    return {
      processes,
      killedAt,
      load,
      reconciliation: await reconcile(database.url, heavy.userId),
      upstreamCalls,
      upstreamByOperation,
      streams: streamReport,
      latencies: streams.latencies.sort((a, b) => a - b),
      livePrices,
      livePricesAfter,
      loadFrom,
      loadTo,
      loop,
      recompute,
    };
  } finally {
    streams.close();
    cluster.stop();
    await database.drop();
  }
}

ensureBuilt();
console.log(
  `scale-out: ${users} users for ${seconds} s per run, through HAProxy; ${workers} worker processes`,
);
console.log("run 1: one API process");
const single = await phase(1, 4810, false);
console.log(
  `run 2: three API processes, one killed half-way; a ${recomputeTrades}-trade recompute, its worker killed`,
);
const scaled = await phase(3, 4820, true);

const line = (label: string, one: string | number, three: string | number) =>
  console.log(`${label.padEnd(44)} ${String(one).padStart(12)} ${String(three).padStart(12)}`);
console.log();
line("", "1 process", "3 processes");
for (const run of [single, scaled]) {
  if (run.load.errorSamples.length)
    console.log(`  errors (${run.processes}):`, run.load.errorSamples);
}
line("requests", single.load.requests, scaled.load.requests);
line(
  "throughput (requests/s)",
  (single.load.requests / seconds).toFixed(0),
  (scaled.load.requests / seconds).toFixed(0),
);
line("errors seen by clients", single.load.errors, scaled.load.errors);
line(
  "  of which trades a keyed retry completed",
  single.load.errorsRetried,
  scaled.load.errorsRetried,
);
line("trades left without an answer", single.load.tradesUnanswered, scaled.load.tradesUnanswered);
line("trades acknowledged", single.load.tradesAcknowledged, scaled.load.tradesAcknowledged);
line(
  "trades in the database",
  single.reconciliation.tradesStored,
  scaled.reconciliation.tradesStored,
);
line("positions", single.reconciliation.positions, scaled.reconciliation.positions);
line(
  "positions differing from the log's replay",
  single.reconciliation.positionsOff.length,
  scaled.reconciliation.positionsOff.length,
);
line("upstream market calls", single.upstreamCalls, scaled.upstreamCalls);
for (const run of [single, scaled]) {
  const unacknowledged = run.reconciliation.requestKeys.filter(
    (key) => run.load.tradeAnswers.get(key) !== 200,
  );
  for (const key of unacknowledged.slice(0, 5)) {
    console.log(
      `  stored, not acknowledged (${run.processes}): ${key} answered ${run.load.tradeAnswers.get(key) ?? "never"}`,
    );
  }
}
for (const run of [single, scaled]) {
  console.log(`  upstream calls (${run.processes}): ${run.upstreamByOperation.join(", ")}`);
}
const ratio = single.upstreamCalls === 0 ? 0 : scaled.upstreamCalls / single.upstreamCalls;
console.log();
const verdict = (ok: boolean) => (ok ? "within budget" : "OVER BUDGET");
const unexplained = scaled.load.errors - scaled.load.errorsRetried;
console.log(
  `errors other than retried in-flight trades: ${unexplained} (${verdict(unexplained === 0)})`,
);
console.log(
  `acknowledged == stored: ${scaled.load.tradesAcknowledged === scaled.reconciliation.tradesStored} (${verdict(scaled.load.tradesAcknowledged === scaled.reconciliation.tradesStored)})`,
);
console.log(`positions == replay: ${verdict(scaled.reconciliation.positionsOff.length === 0)}`);
console.log(
  `upstream calls, 3 processes vs 1: ${ratio.toFixed(2)}x (budget 1.05x: ${verdict(ratio <= 1.05)})`,
);
console.log(
  `throughput, 3 processes vs 1: ${(scaled.load.requests / single.load.requests).toFixed(2)}x`,
);

console.log();
for (const run of [single, scaled]) {
  console.log(
    `live prices, ${run.processes} process(es), ${streamsPerProcess} SSE clients per process and ` +
      `${streamsPerProcess} through HAProxy on ${streamSymbols.join(",")}: tick-to-client ` +
      `p50 ${percentile(run.latencies, 50)} ms, p99 ${percentile(run.latencies, 99)} ms ` +
      `(${run.latencies.length} ticks)`,
  );
  for (const [when, processes] of [
    ["before the load", run.livePrices],
    ["after it", run.livePricesAfter],
  ] as const) {
    const upstreams = processes.reduce((total, live) => total + live.upstreams, 0);
    console.log(
      `  ${when}: ${upstreams} upstream streams in the deployment for ${streamSymbols.length} symbols ` +
        `(${verdict(upstreams === streamSymbols.length)}); ` +
        processes
          .map((live) => `${live.process} watches ${live.symbols}, runs ${live.upstreams}`)
          .join("; "),
    );
  }
  for (const group of run.streams) {
    const when =
      run.killedAt === undefined || group.longestSilenceMs === 0
        ? ""
        : ` from ${((group.longestSilenceFrom - run.killedAt) / 1000).toFixed(1)} s after the kill`;
    console.log(
      `  ${group.via.padEnd(8)} ${group.clients} clients, ${group.events} events, ` +
        `${group.clientsWithAllSymbols} saw every symbol, ${group.ended} cut off, ` +
        `longest silence on a connected client ${(group.longestSilenceMs / 1000).toFixed(1)} s${when}, ` +
        `tick-to-client p50 ${percentile(group.latencies, 50)} ms, p99 ${percentile(group.latencies, 99)} ms`,
    );
  }
}

console.log();
const ms = (value: number) => `${value.toFixed(0)} ms`;
const share = (value: number) => `${(value * 100).toFixed(0)}%`;
console.log(
  `event-loop delay p99 of each API process: its worst 5 s window (prom-client's figure from ` +
    `/api/metrics, which counts its 10 ms timer); budget ${LOOP_BUDGET_MS} ms. Beside it, the ` +
    `share of the time its main thread ran and waited for a CPU (/proc schedstat).`,
);
let nothingLost = true;
for (const run of [single, scaled]) {
  const { recompute } = run;
  const end = recompute.doneAt ?? Date.now();
  const label = `${run.processes} API process(es)`;
  const sorted = run.load.timings.map((timing) => timing.ms).sort((a, b) => a - b);
  console.log(
    `${label}: requests through HAProxy p50 ${ms(percentile(sorted, 50))}, p99 ` +
      `${ms(percentile(sorted, 99))} (${sorted.length} answered); while the recompute ran p99 ` +
      `${ms(p99Within(run.load.timings, recompute.triggeredAt, end))}`,
  );
  for (const [stretch, from, to] of [
    ["whole load", run.loadFrom, run.loadTo],
    ["while the recompute ran", recompute.triggeredAt, end],
  ] as const) {
    // A window ending up to 5 s after the stretch covers its last seconds.
    const worst = worstLoopWindows(run.loop, from, to + 5000);
    console.log(
      `  event loop, ${stretch}: ` +
        worst
          .map(
            (w) =>
              `${w.process} p99 ${ms(w.p99)} (longest ${ms(w.max)}; ran ${share(w.running)}, ` +
              `waited for a CPU ${share(w.waiting)})`,
          )
          .join("; ") +
        ` (${verdict(worst.every((w) => w.p99 <= LOOP_BUDGET_MS))})`,
    );
  }
  const { check } = recompute;
  const failed = recompute.jobs.reduce((total, queue) => total + queue.failed, 0);
  const killed =
    recompute.killedAt === undefined
      ? run === scaled
        ? "its worker was never seen computing, so not killed (OVER BUDGET); "
        : ""
      : `${recompute.killedWorker} killed ${((recompute.killedAt - recompute.triggeredAt) / 1000).toFixed(1)} s ` +
        `after the buy, ${recompute.killedCpuS.toFixed(1)} s of its CPU in, the stale mark ` +
        `${recompute.updatingAtKill ? "showing" : "gone"}; `;
  console.log(
    `  recompute of ${recomputeTrades} trades (seeded in ${ms(recompute.seededMs)}): ${killed}` +
      (recompute.doneAt === undefined
        ? "never finished (OVER BUDGET)"
        : `done ${((recompute.doneAt - recompute.triggeredAt) / 1000).toFixed(1)} s after the buy` +
          (recompute.killedAt === undefined
            ? ""
            : `, ${((recompute.doneAt - recompute.killedAt) / 1000).toFixed(1)} s after the kill ` +
              `(BullMQ gives a dead worker's job to another once its 30 s lock lapses)`)),
  );
  const complete =
    recompute.doneAt !== undefined &&
    check.staleFrom === null &&
    check.portfolioDays === check.expectedDays &&
    check.holdingsOff === 0 &&
    check.trades >= recomputeTrades + 1 &&
    failed === 0 &&
    (run !== scaled || recompute.updatingAtKill);
  nothingLost &&= complete;
  console.log(
    `  then: stale mark ${check.staleFrom ?? "cleared"}; ${check.trades} rows in the user's log ` +
      `(the seeded trades, the buy and any splits); portfolio days ${check.portfolioDays} of ` +
      `${check.expectedDays} (${check.firstDay} to ${check.valuedThrough}); current holdings ` +
      `differing from the positions ${check.holdingsOff}; jobs failed ${failed} ` +
      `(${recompute.jobs.map((queue) => `${queue.queue} ${queue.failed}`).join(", ")}) ` +
      `(${verdict(complete)})`,
  );
}
console.log(`nothing lost with a worker killed mid-recompute: ${verdict(nothingLost)}`);
