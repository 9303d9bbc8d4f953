/**
 * Where a hot read's CPU goes, by door: the api-throughput server runs under `node --cpu-prof`,
 * each read is loaded through the bare route, tRPC and REST in turn (50 connections), and the
 * profile's samples are split by those windows. Per read and door it prints the server's CPU
 * per request and the costliest functions (self time) and packages per request, and the app's
 * own functions by inclusive time (what a request spends under each).
 *
 *   tsx api-profile.ts [seconds per window, default 5] [--built] [--top N] [--dump DIR]
 *
 * With BENCH_REDIS_URL set, the shared state is in that Redis, as in api-throughput. --dump
 * keeps the .cpuprofile (open it in DevTools); otherwise it is written to a temporary folder.
 */
import { once } from "node:events";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { startApiServer } from "./support/start-api-server";

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const BUILT = args.includes("--built");
const TOP = Number(option("--top") ?? 12);
const DIR = option("--dump") ?? mkdtempSync(join(tmpdir(), "ledgerline-api-profile-"));
const [seconds] = args.filter((arg, i) => !arg.startsWith("--") && !args[i - 1]?.startsWith("--"));
const DURATION_S = Number(seconds ?? 5);
const CONNECTIONS = 50;
/** Sampling interval in µs: finer than the default 1 ms, as a kept read costs ~100 µs. */
const INTERVAL_US = 200;

const profiling = ["--cpu-prof", `--cpu-prof-dir=${DIR}`, `--cpu-prof-interval=${INTERVAL_US}`];
const { server, port, barePort, reads, headers } = await startApiServer({
  built: BUILT,
  nodeFlags: profiling,
});

/** The server's monotonic clock in µs, the one its profile's timestamps are on. */
async function serverClock(): Promise<number> {
  const { clock } = (await (await fetch(`http://127.0.0.1:${barePort}/cpu`)).json()) as {
    clock: number;
  };
  return clock;
}

interface Window {
  read: string;
  door: string;
  start: number;
  end: number;
  requests: number;
}

const windows: Window[] = [];
try {
  for (const [index, read] of reads.entries()) {
    const doors = {
      bare: `http://127.0.0.1:${barePort}/read${index}`,
      tRPC: `http://127.0.0.1:${port}/api/trpc${read.trpc}`,
      REST: `http://127.0.0.1:${port}/api${read.rest}`,
    };
    for (const [door, url] of Object.entries(doors)) {
      await autocannon({ url, connections: 10, duration: 1, headers });
      const start = await serverClock();
      const result = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers,
      });
      const end = await serverClock();
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      windows.push({ read: read.name, door, start, end, requests: result.requests.total });
    }
  }
} finally {
  server.kill("SIGTERM");
}
await once(server, "exit");

interface Profile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
const file = readdirSync(DIR).find((name) => name.endsWith(".cpuprofile"));
if (!file) throw new Error(`no profile in ${DIR}`);
const profile = JSON.parse(readFileSync(join(DIR, file), "utf8")) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id);
const idle = new Set(["(idle)", "(program)", "(root)"]);

/** Where a frame's code is: a package, Node's own, or the repository's path. */
function placeOf(url: string): string {
  if (url === "") return "(native)";
  if (url.startsWith("node:")) return "node";
  const modules = url.lastIndexOf("/node_modules/");
  if (modules >= 0) {
    const [scope, name] = url.slice(modules + "/node_modules/".length).split("/");
    return scope!.startsWith("@") ? `${scope}/${name}` : scope!;
  }
  const repo = url.indexOf("/apps/") >= 0 ? url.indexOf("/apps/") : url.indexOf("/packages/");
  return repo >= 0 ? url.slice(repo + 1) : url.replace(/^file:\/\//, "");
}
const frameName = (id: number) => {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  return `${functionName || "(anonymous)"} ${placeOf(url)}${url ? `:${lineNumber + 1}` : ""}`;
};
const isApp = (id: number) => {
  const { url } = byId.get(id)!.callFrame;
  return url !== "" && !url.includes("/node_modules/") && /\/(apps|packages)\//.test(url);
};

const top = (totals: Map<string, number>, requests: number) =>
  [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([name, us]) => `    ${(us / requests).toFixed(1).padStart(7)} µs  ${name}`)
    .join("\n");

let time = profile.startTime;
const timestamps = profile.timeDeltas.map((delta) => (time += delta));
for (const window of windows) {
  const self = new Map<string, number>();
  const places = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  for (const [index, sample] of profile.samples.entries()) {
    const at = timestamps[index]!;
    if (at < window.start || at > window.end) continue;
    // A sample stands for the time until the next one.
    const us = (timestamps[index + 1] ?? at) - at;
    const { functionName, url } = byId.get(sample)!.callFrame;
    if (idle.has(functionName)) continue;
    busy += us;
    const name = frameName(sample);
    self.set(name, (self.get(name) ?? 0) + us);
    const place = functionName === "(garbage collector)" ? "(gc)" : placeOf(url);
    places.set(place, (places.get(place) ?? 0) + us);
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parentOf.get(id)) {
      if (!isApp(id)) continue;
      const appName = frameName(id);
      if (seen.has(appName)) continue;
      seen.add(appName);
      inclusive.set(appName, (inclusive.get(appName) ?? 0) + us);
    }
  }
  console.log(
    `\n${window.read}, ${window.door}: ${window.requests} requests, ${(window.requests / ((window.end - window.start) / 1e6)).toFixed(0)} req/s, ${(busy / window.requests).toFixed(1)} µs CPU/request on the main thread`,
  );
  console.log(`  self time per request:\n${top(self, window.requests)}`);
  console.log(`  by package or file:\n${top(places, window.requests)}`);
  console.log(`  app functions, inclusive:\n${top(inclusive, window.requests)}`);
}
console.log(`\nprofile: ${join(DIR, file)}`);
