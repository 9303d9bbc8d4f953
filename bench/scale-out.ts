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

// eslint-disable-next-line no-restricted-properties -- a bench reads where its services are
const env = process.env;
const seconds = Number(env.SCALE_OUT_SECONDS ?? 60);
const users = Number(env.SCALE_OUT_USERS ?? 24);
const streamsPerProcess = Number(env.SCALE_OUT_STREAMS ?? 20);
const adminUrl = env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

interface Phase {
  processes: number;
  /** When the process was killed (epoch ms), in a run with a kill. */
  killedAt: number | undefined;
  load: LoadReport;
  reconciliation: Reconciliation;
  upstreamCalls: number;
  streams: StreamReport[];
  latencies: number[];
  /** Each process's live symbols and upstream streams, before the load and after it. */
  livePrices: Awaited<ReturnType<Cluster["livePrices"]>>;
  livePricesAfter: Awaited<ReturnType<Cluster["livePrices"]>>;
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
    const until = Date.now() + seconds * 1000;
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
    const upstreamCalls = await cluster.upstreamCalls();
    const livePricesAfter = await cluster.livePrices();
    const streamReport = streams.report();
    cluster.stop();
    return {
      processes,
      killedAt,
      load,
      reconciliation: await reconcile(database.url),
      upstreamCalls,
      streams: streamReport,
      latencies: streams.latencies.sort((a, b) => a - b),
      livePrices,
      livePricesAfter,
    };
  } finally {
    streams.close();
    cluster.stop();
    await database.drop();
  }
}

ensureBuilt();
console.log(`scale-out: ${users} users for ${seconds} s per run, through HAProxy`);
console.log("run 1: one API process");
const single = await phase(1, 4810, false);
console.log("run 2: three API processes, one killed half-way");
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
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
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
