/**
 * Live prices at scale (issue 12): SSE clients on GET /api/stream against one API process.
 *  1. 1,000 clients over 200 symbols: tick-to-client latency (market time of the tick to its
 *     arrival at the client), p50 and p99; budget p99 < 200 ms.
 *  2. 10,000 clients over the same 200 symbols: the server's RSS (budget < 400 MB) and its
 *     upstream subscriptions (budget: exactly the number of distinct symbols).
 *
 *   tsx stream.ts [seconds per measurement, default 10]
 */
import { spawn } from "node:child_process";
import { request, type ClientRequest } from "node:http";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { onServerSentEvents } from "./support/sse";

const SECONDS = Number(process.argv[2] ?? 10);

const MAX_CLIENTS = 10_000;

const server = spawn(
  process.execPath,
  [
    "--import",
    "tsx",
    join(import.meta.dirname, "support", "stream-server.ts"),
    String(MAX_CLIENTS),
  ],
  { stdio: ["pipe", "pipe", "inherit"] },
);
const lines = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
async function nextLine<T>(): Promise<T> {
  const { value } = (await lines.next()) as { value: string };
  return JSON.parse(value) as T;
}
const { port, tokens, streamsPerViewer, symbols, marketOffsetMs } = await nextLine<{
  port: number;
  tokens: string[];
  streamsPerViewer: number;
  symbols: string[];
  marketOffsetMs: number;
}>();
async function stats() {
  server.stdin.write("stats\n");
  return nextLine<{
    rssMb: number;
    heapMb: number;
    upstreams: number;
    listeners: number;
    streams: number;
  }>();
}

const clients: ClientRequest[] = [];
let measuring = false;
const latencies: number[] = [];
let events = 0;

/**
 * The client'th SSE client, on one symbol (the next after the previous client's), as the viewer
 * whose share of the streams holds it; records each quote's delay while measuring.
 */
function connect(client: number): Promise<void> {
  const symbol = symbols[client % symbols.length]!;
  const token = tokens[Math.floor(client / streamsPerViewer)]!;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: `/api/stream?symbols=${symbol}`,
        headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" },
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
        resolve();
        onServerSentEvents(res, (block) => {
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          if (!id) return;
          events += 1;
          if (measuring) latencies.push(Date.now() + marketOffsetMs - Number(id));
        });
      },
    );
    req.on("error", reject);
    req.end();
    clients.push(req);
  });
}

async function connectMany(count: number) {
  const batch = 200;
  for (let start = clients.length; start < count; start += batch) {
    const wave = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      wave.push(connect(i));
    }
    await Promise.all(wave);
    if ((start + batch) % 2000 === 0 && start + batch > 1000) {
      const now = await stats();
      console.log(
        `  ${start + batch} clients: RSS ${now.rssMb} MB (heap ${now.heapMb} MB), ` +
          `${now.streams} streams, ${now.upstreams} upstreams, ${now.listeners} listeners`,
      );
    }
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  const idle = await stats();
  console.log(
    `server idle: ${idle.rssMb} MB RSS (heap ${idle.heapMb} MB), ${idle.upstreams} upstreams`,
  );

  await connectMany(1000);
  await sleep(2000);
  measuring = true;
  await sleep(SECONDS * 1000);
  measuring = false;
  const sorted = latencies.sort((a, b) => a - b);
  const at1k = await stats();
  console.log(
    `1,000 clients, ${symbols.length} symbols: ${sorted.length} ticks delivered in ${SECONDS} s; ` +
      `tick-to-client p50 ${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms ` +
      `(budget p99 < 200 ms); ${at1k.upstreams} upstreams for ${symbols.length} symbols`,
  );

  const started = Date.now();
  await connectMany(MAX_CLIENTS);
  console.log(`10,000 clients connected in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const before = events;
  await sleep(SECONDS * 1000);
  const at10k = await stats();
  console.log(
    `10,000 clients, ${symbols.length} symbols: server RSS ${at10k.rssMb} MB (budget < 400 MB); ` +
      `${at10k.upstreams} upstream subscriptions for ${symbols.length} distinct symbols ` +
      `(budget: equal); ${at10k.streams} streams over ${at10k.listeners} listeners; ` +
      `${Math.round((events - before) / SECONDS)} quote events/s delivered`,
  );
  for (const client of clients) client.destroy();
  await sleep(2000);
  const after = await stats();
  console.log(
    `all clients gone: ${after.streams} streams, ${after.upstreams} upstreams, ` +
      `${after.listeners} listeners`,
  );
} finally {
  server.kill();
}
