/**
 * Throughput of the authenticated hot reads (users list, watchlist, positions, a transactions
 * page) through each door the API has, against a bare Fastify route answering the same JSON,
 * measured in one run on one machine. The design budget: the transport the web app uses (tRPC)
 * reaches at least half the bare route's throughput.
 *
 * The three are measured in turn, `rounds` times over, and each ratio is the median of its
 * rounds: on a shared, loaded machine the load drifts between measurements, and interleaving
 * keeps a drift from landing on one door only. Beside requests per second, the server's CPU time
 * per request (the bare routes run in the same process) says the same without the wall clock.
 *
 *   tsx api-throughput.ts [seconds per measurement, default 5] [rounds, default 3] [--built]
 *
 * With --built the server runs bundled as production runs it (apps/api/build.mjs) instead of
 * under tsx. With BENCH_REDIS_URL set, its shared state is in that Redis.
 */
import autocannon from "autocannon";
import { startApiServer } from "./support/start-api-server";

const BUILT = process.argv.includes("--built");
const [seconds, rounds] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const DURATION_S = Number(seconds ?? 5);
const ROUNDS = Number(rounds ?? 3);
const CONNECTIONS = 50;

const { server, port, barePort, reads, headers } = await startApiServer({
  built: BUILT,
});

/** The server process's user + system CPU time so far, in microseconds. */
async function serverCpu(): Promise<number> {
  const usage = (await (await fetch(`http://127.0.0.1:${barePort}/cpu`)).json()) as {
    user: number;
    system: number;
  };
  return usage.user + usage.system;
}

interface Measurement {
  rps: number;
  cpuPerRequest: number;
}

async function measure(url: string): Promise<Measurement> {
  // A short warm-up so the JIT has seen the path before it is timed.
  await autocannon({ url, connections: 10, duration: 1, headers });
  const cpuBefore = await serverCpu();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const cpu = (await serverCpu()) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, cpuPerRequest: cpu / result.requests.total };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const fixed = (value: number, width: number, digits = 0) => value.toFixed(digits).padStart(width);

try {
  console.log(
    `${CONNECTIONS} connections, ${DURATION_S} s each, ${ROUNDS} rounds, server in its own process (${BUILT ? "bundled" : "under tsx"})\n`,
  );
  console.log(
    "read".padEnd(32) +
      "bare".padStart(8) +
      "tRPC".padStart(8) +
      "REST".padStart(8) +
      "  tRPC/bare  REST/bare" +
      "  µs CPU/req: bare  tRPC  REST  (bare/tRPC  bare/REST)",
  );
  for (const [index, read] of reads.entries()) {
    const rounds: { bare: Measurement; trpc: Measurement; rest: Measurement }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      rounds.push({
        bare: await measure(`http://127.0.0.1:${barePort}/read${index}`),
        trpc: await measure(`http://127.0.0.1:${port}/api/trpc${read.trpc}`),
        rest: await measure(`http://127.0.0.1:${port}/api${read.rest}`),
      });
    }
    const of = (pick: (round: (typeof rounds)[number]) => number) => median(rounds.map(pick));
    const cpu = {
      bare: of((round) => round.bare.cpuPerRequest),
      trpc: of((round) => round.trpc.cpuPerRequest),
      rest: of((round) => round.rest.cpuPerRequest),
    };
    console.log(
      read.name.padEnd(32) +
        fixed(
          of((round) => round.bare.rps),
          8,
        ) +
        fixed(
          of((round) => round.trpc.rps),
          8,
        ) +
        fixed(
          of((round) => round.rest.rps),
          8,
        ) +
        `${fixed(
          of((round) => round.trpc.rps / round.bare.rps),
          10,
          2,
        )}x` +
        `${fixed(
          of((round) => round.rest.rps / round.bare.rps),
          10,
          2,
        )}x` +
        `${fixed(cpu.bare, 19)}${fixed(cpu.trpc, 6)}${fixed(cpu.rest, 6)}` +
        `${fixed(cpu.bare / cpu.trpc, 10, 2)}x${fixed(cpu.bare / cpu.rest, 10, 2)}x`,
    );
  }
  console.log(
    "\nreq/s and their ratios: medians of the rounds; the budget is tRPC/bare >= 0.50 (docs: design.md, Performance budgets)",
  );
} finally {
  server.kill();
}
