/**
 * Throughput of an authenticated hot read (the admin user list, 10 rows) through each door the
 * API has, against a bare Fastify route answering the same JSON, measured in one run on one
 * machine. The design budget: the transport the web app uses reaches at least half the bare
 * route's throughput.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";

const DURATION_S = Number(process.argv[2] ?? 8);
const CONNECTIONS = 50;

const server = spawn(
  process.execPath,
  ["--import", "tsx", join(import.meta.dirname, "support", "api-server.ts")],
  {
    stdio: ["ignore", "pipe", "inherit"],
  },
);
const [line] = (await once(createInterface({ input: server.stdout }), "line")) as [string];
const { port, barePort, token } = JSON.parse(line) as {
  port: number;
  barePort: number;
  token: string;
};
const auth = { authorization: `Bearer ${token}` };

async function measure(name: string, url: string, headers: Record<string, string> = {}) {
  // A short warm-up so the JIT has seen the path before it is timed.
  await autocannon({ url, connections: 10, duration: 1, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { name, rps: result.requests.average, p99: result.latency.p99 };
}

try {
  const bare = await measure("bare Fastify route", `http://127.0.0.1:${barePort}/users`);
  const results = [
    bare,
    await measure(
      "tRPC  GET /api/trpc/users.list",
      `http://127.0.0.1:${port}/api/trpc/users.list`,
      auth,
    ),
    await measure("REST  GET /api/users", `http://127.0.0.1:${port}/api/users`, auth),
  ];
  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each, server on its own process\n`);
  console.log("door".padEnd(34) + "req/s".padStart(10) + "p99 ms".padStart(9) + "  vs bare");
  for (const result of results) {
    console.log(
      result.name.padEnd(34) +
        result.rps.toFixed(0).padStart(10) +
        String(result.p99).padStart(9) +
        `  ${(result.rps / bare.rps).toFixed(2)}x`,
    );
  }
} finally {
  server.kill();
}
