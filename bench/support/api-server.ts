/**
 * The server side of bench/api-throughput: the real app (sim market, temporary SQLite) and, on
 * a second port, a bare Fastify route answering the same JSON, so both are measured in one run
 * on one machine. Prints one JSON line with the ports and tokens, then serves until killed.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { buildApp } from "../../apps/api/src/app";
import { parseEnv } from "../../apps/api/src/env";
import { hashPassword } from "../../apps/api/src/services/passwords";

const dir = mkdtempSync(join(tmpdir(), "ledgerline-bench-"));
const env = parseEnv({
  NODE_ENV: "production",
  DATABASE_URL: join(dir, "app.db"),
  LOG_LEVEL: "silent",
  DEMO_SEED: "false",
  API_RATE_LIMIT_PER_MINUTE: "100000000",
});
const app = await buildApp({ env, logger: false, webRoot: false, marketRefresher: false });
const now = new Date();
const passwordHash = await hashPassword("bench-admin-pass");
await app.deps.repos.users.create(
  { email: "admin@bench.test", name: "Bench Admin", passwordHash, isAdmin: true },
  now,
);
for (let i = 1; i < 10; i++) {
  await app.deps.repos.users.create(
    { email: `user${i}@bench.test`, name: `Bench User ${i}`, passwordHash, isAdmin: false },
    now,
  );
}
await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as { port: number }).port;
const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email: "admin@bench.test", password: "bench-admin-pass" }),
});
const { token } = (await login.json()) as { token: string };

// The same ten rows the users list answers, from a route with nothing in front of it.
const rows = await (
  await fetch(`http://127.0.0.1:${port}/api/users`, {
    headers: { authorization: `Bearer ${token}` },
  })
).json();
const bare = Fastify({ logger: false });
bare.get("/users", () => rows);
await bare.listen({ port: 0, host: "127.0.0.1" });
const barePort = (bare.server.address() as { port: number }).port;

process.stdout.write(`${JSON.stringify({ port, barePort, token })}\n`);
