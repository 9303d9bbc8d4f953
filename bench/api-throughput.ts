/**
 * Throughput of the authenticated hot reads (users list, watchlist, positions, a transactions
 * page) through each door the API has, against a bare Fastify route answering the same JSON,
 * measured in one run on one machine. The design budget: the transport the web app uses (tRPC)
 * reaches at least half the bare route's throughput.
 *
 *   tsx api-throughput.ts [seconds per measurement, default 5]
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";

const DURATION_S = Number(process.argv[2] ?? 5);
const CONNECTIONS = 50;

const server = spawn(
  process.execPath,
  ["--import", "tsx", join(import.meta.dirname, "support", "api-server.ts")],
  { stdio: ["ignore", "pipe", "inherit"] },
);
const [line] = (await once(createInterface({ input: server.stdout }), "line")) as [string];
const { port, barePort, token, reads } = JSON.parse(line) as {
  port: number;
  barePort: number;
  token: string;
  reads: { name: string; trpc: string; rest: string }[];
};
const headers = { authorization: `Bearer ${token}` };

async function requestsPerSecond(url: string) {
  // A short warm-up so the JIT has seen the path before it is timed.
  await autocannon({ url, connections: 10, duration: 1, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

try {
  console.log(`${CONNECTIONS} connections, ${DURATION_S} s each, server in its own process\n`);
  console.log(
    "read".padEnd(32) +
      "bare".padStart(8) +
      "tRPC".padStart(8) +
      "REST".padStart(8) +
      "  tRPC/bare  REST/bare",
  );
  for (const [index, read] of reads.entries()) {
    const bare = await requestsPerSecond(`http://127.0.0.1:${barePort}/read${index}`);
    const trpc = await requestsPerSecond(`http://127.0.0.1:${port}/api/trpc${read.trpc}`);
    const rest = await requestsPerSecond(`http://127.0.0.1:${port}/api${read.rest}`);
    console.log(
      read.name.padEnd(32) +
        [bare, trpc, rest].map((rps) => rps.toFixed(0).padStart(8)).join("") +
        `${(trpc / bare).toFixed(2).padStart(10)}x${(rest / bare).toFixed(2).padStart(10)}x`,
    );
  }
  console.log("\nreq/s; the budget is tRPC/bare >= 0.50 (docs: design.md, Performance budgets)");
} finally {
  server.kill();
}
