import { monitorEventLoopDelay } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import {
  IMPORT_DETECT_MAX_CHARS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  LOTS_PAGE_MAX,
  MAX_JSON_DEPTH,
} from "@ledgerline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_BODY_LIMIT } from "@ledgerline/api/import/service";
import { encodeLotCursor } from "@ledgerline/api/tax/lot-pages";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * The event-loop watchdog: the worst input of each endpoint that takes a body or a file (the
 * largest body it allows, the deepest JSON allowed, the most rows, the longest strings) is sent
 * while another client, on a thread of its own, asks /api/health over HTTP again and again. Two
 * measures, each printed per endpoint for the record:
 * - no health answer may take more than 200 ms (the issue's rule, what a client sees);
 * - the app's event loop (this process's: the app runs in it) may not be held longer than 50 ms
 *   per MB of the request's body, and never need be held longer than 50 ms for a smaller one
 *   (Node's histogram of the loop's delay, sampled every 10 ms). This one names the stall
 *   itself, where health latency also counts the machine's other work.
 * It runs in `pnpm test` after every other suite, alone (`test:watchdog`, decision 0022): two
 * cores shared with other test files measure the load, not the app.
 */

const HEALTH_LIMIT_MS = 200;
const BLOCK_MS_PER_MB = 50;
const DEFAULT_BODY_LIMIT = 64 * 1024;
const MB = 1024 * 1024;

/** The longest the event loop may be held by a request whose body is `bytes` long. */
const blockLimitMs = (bytes: number) => BLOCK_MS_PER_MB * Math.max(1, bytes / MB);

interface Sample {
  started: number;
  ended: number;
}

/** Asks for /api/health in a loop from a worker thread, posting each answer's times. */
const pollerSource = `
const { parentPort, workerData } = require("node:worker_threads");
let stopped = false;
parentPort.on("message", () => { stopped = true; });
(async () => {
  while (!stopped) {
    const started = performance.timeOrigin + performance.now();
    const response = await fetch(workerData.url);
    await response.arrayBuffer();
    parentPort.postMessage({ started, ended: performance.timeOrigin + performance.now() });
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  parentPort.postMessage("done");
})();
`;

const now = () => performance.timeOrigin + performance.now();

let t: TestApp;
let address: string;
let poller: Worker;
let client: Worker;
const samples: Sample[] = [];
const tokens = { user: "", admin: "" };
let userId = 0;

beforeAll(async () => {
  t = await startTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: "10000000" } });
  const user = await t.registerUser();
  tokens.user = user.token;
  userId = user.id;
  tokens.admin = (await t.createAdmin()).token;
  address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  client = new Worker(clientSource, { eval: true });
  poller = new Worker(pollerSource, { eval: true, workerData: { url: `${address}/api/health` } });
  poller.on("message", (message: Sample | "done") => {
    if (message !== "done") samples.push(message);
  });
  // The poller is answering before anything is measured.
  while (samples.length < 5) await new Promise((resolve) => setTimeout(resolve, 20));
}, 60_000);

afterAll(async () => {
  const done = new Promise((resolve) => poller.once("message", resolve));
  poller.postMessage("stop");
  await done;
  await poller.terminate();
  await client.terminate();
  await t.close();
});

interface Measured {
  /** The slowest health answer in flight while the request (and the work it left) ran. */
  healthMs: number;
  /** The longest the app's event loop was held meanwhile. */
  blockMs: number;
  status: number;
}

/**
 * Waits for a health answer asked after this call. The test builds each file (200,000 rows, a
 * 20 MB JSON body) on this thread, where the app runs: a health request asked meanwhile waits
 * for the test, not for the app, and is not the request's to answer for.
 */
async function pollerCaughtUp() {
  const since = now();
  while ((samples.at(-1)?.started ?? 0) < since) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function measureOnce(send: () => Promise<number>): Promise<Measured> {
  await pollerCaughtUp();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const from = now();
  delay.enable();
  const status = await send();
  // Work the request left running (a recompute after an import) counts as the request's.
  await t.settled();
  delay.disable();
  const to = now();
  // The answer in flight at the end arrives a little after.
  await new Promise((resolve) => setTimeout(resolve, 30));
  const during = samples.filter((sample) => sample.ended >= from && sample.started <= to);
  return {
    healthMs: Math.max(0, ...during.map((sample) => sample.ended - sample.started)),
    // The histogram counts the delay past its 10 ms resolution.
    blockMs: delay.max / 1e6 + 10,
    status,
  };
}

/**
 * Sends the measured requests from a thread of its own, as a client elsewhere would: its body
 * is handed over before the clock starts and its answer's bytes are let go as they come. Through
 * Fastify's inject, or a client on the app's thread, the client's own work (joining a 31 MB
 * answer into one string: about 300 ms; reading 40 MB of lots) was charged to the app.
 */
const clientSource = `
const { parentPort } = require("node:worker_threads");
const http = require("node:http");
let body;
parentPort.on("message", (message) => {
  if (message.bytes) {
    body = Buffer.from(message.bytes);
    parentPort.postMessage({ ready: true });
    return;
  }
  const request = http.request(message.url, { method: message.method, headers: message.headers }, (response) => {
    response.on("end", () => parentPort.postMessage({ status: response.statusCode }));
    response.resume();
  });
  request.on("error", (error) => parentPort.postMessage({ error: String(error) }));
  request.end(message.method === "GET" ? undefined : body);
});
`;

type ClientAnswer = { ready: true } | { status: number } | { error: string };

function clientAnswer(): Promise<ClientAnswer> {
  return new Promise((resolve) => client.once("message", resolve));
}

/** Hands the client the body of the requests to come, outside any measurement. */
async function loadBody(payload: Buffer) {
  const ready = clientAnswer();
  client.postMessage({ bytes: payload });
  await ready;
}

async function send(method: string, url: string, bytes: number, token = tokens.user) {
  const headers: Record<string, string | number> = { authorization: `Bearer ${token}` };
  if (method !== "GET") {
    headers["content-type"] = "application/json";
    headers["content-length"] = bytes;
  }
  const answer = clientAnswer();
  client.postMessage({ method, url: new URL(url, address).href, headers });
  const result = await answer;
  if ("error" in result) throw new Error(result.error);
  if (!("status" in result)) throw new Error("The client answered out of turn");
  return result.status;
}

/** A JSON object of the fields with long strings, as long as the limit allows. */
function largestBody(fields: string[], limit: number): string {
  const names = fields.length ? fields : ["x"];
  const each = Math.floor((limit - 64 - names.length * 40) / names.length);
  return JSON.stringify(Object.fromEntries(names.map((name) => [name, "é".repeat(each / 2)])));
}

/** The fields as arrays nested to the deepest depth allowed, around long strings. */
function deepestBody(fields: string[], limit: number): string {
  const names = fields.length ? fields : ["x"];
  const depth = MAX_JSON_DEPTH - 1;
  const each = Math.floor((limit - 64 - names.length * (2 * depth + 40)) / names.length);
  const nested = (text: string) => "[".repeat(depth) + JSON.stringify(text) + "]".repeat(depth);
  return `{${names.map((name) => `${JSON.stringify(name)}:${nested("a".repeat(each))}`).join(",")}}`;
}

const ledgerlineHeader = "transactionDate,type,symbol,transactionType,quantity,price,notes\n";
function tradeRows(count: number): string {
  const start = Date.parse("2020-01-01T00:00:00Z");
  const rows: string[] = [ledgerlineHeader];
  for (let index = 0; index < count; index++) {
    rows.push(`${new Date(start + index * 60_000).toISOString()},STOCK,AAPL,BUY,1,100,\n`);
  }
  return rows.join("");
}

const importBody = (csv: string) => JSON.stringify({ source: "ledgerline", csv });

/** The worst files the import takes (or refuses), each at the limits. */
function importFiles(): [string, () => string][] {
  return [
    [`${IMPORT_MAX_ROWS.toLocaleString("en-US")} trades`, () => tradeRows(IMPORT_MAX_ROWS)],
    ["200,000 blank ',' rows", () => ledgerlineHeader + ",\n".repeat(IMPORT_MAX_ROWS)],
    ["200,000 short rows", () => ledgerlineHeader + "x\n".repeat(IMPORT_MAX_ROWS)],
    ["1,000,000 empty lines", () => ledgerlineHeader + "\n".repeat(1_000_000)],
    [
      "a 10 MB cell",
      () =>
        ledgerlineHeader +
        `2025-01-01T00:00:00.000Z,STOCK,AAPL,BUY,1,100,${"a".repeat(IMPORT_MAX_BYTES - 200)}\n`,
    ],
    ["a 10 MB line", () => "a".repeat(IMPORT_MAX_BYTES)],
    [
      // Every character of the cell escaped in CSV and again in JSON: the largest body allowed.
      "a 10 MB quoted cell of quotes",
      () =>
        ledgerlineHeader +
        `2025-01-01T00:00:00.000Z,STOCK,AAPL,BUY,1,100,"${'""'.repeat((IMPORT_MAX_BYTES - 200) / 2)}"\n`,
    ],
  ];
}

/** The doors that take a whole file (the import's preview and run), not its first lines. */
const takesFiles = (path: string) => path === "/api/import" || path === "/api/import/preview";

const isAdminPath = (path: string) =>
  /\/(users|audit|marketmovers|secrets)/.test(path) &&
  path !== "/api/users/update-password" &&
  path !== "/api/users/update-email";

const worst: (Measured & { endpoint: string; input: string; bytes: number })[] = [];

async function measure(
  endpoint: string,
  input: string,
  request: { method: string; url: string; body: string; token?: string },
) {
  const payload = Buffer.from(request.body, "utf8");
  const bytes = payload.length;
  await loadBody(payload);
  const run = () => send(request.method, request.url, bytes, request.token);
  const within = (result: Measured) =>
    result.healthMs <= HEALTH_LIMIT_MS && result.blockMs <= blockLimitMs(bytes);
  let result = await measureOnce(run);
  // A stall is there every time; a machine busy with other work delays an answer or a timer
  // now and then, not three times running. The best of three tries counts.
  for (let retry = 0; retry < 2 && !within(result); retry++) {
    const again = await measureOnce(run);
    if (again.healthMs + again.blockMs < result.healthMs + result.blockMs) result = again;
  }
  worst.push({ endpoint, input, bytes, ...result });
}

/** The most rows the file's first lines (detect) may hold: blank ones, as many as it takes. */
const mostRowsDetected = () =>
  JSON.stringify({
    csv: ledgerlineHeader + ",\n".repeat((IMPORT_DETECT_MAX_CHARS - ledgerlineHeader.length) / 2),
  });

describe("event-loop watchdog", () => {
  it("answers health within 200 ms and holds the event loop at most 50 ms per MB for each worst input", async () => {
    const document = (await t.request("GET", "/api/openapi.json")).body as unknown as {
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, { schema?: { properties?: object } }> } }
        >
      >;
    };
    const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).flatMap(([method, operation]) =>
        operation.requestBody
          ? [
              {
                method: method.toUpperCase(),
                path,
                fields: Object.keys(
                  operation.requestBody.content["application/json"]?.schema?.properties ?? {},
                ),
              },
            ]
          : [],
      ),
    );
    expect(operations.length).toBeGreaterThan(20);

    for (const operation of operations) {
      const url = operation.path.replace(/\{symbol\}/g, "AAPL").replace(/\{[^}]+\}/g, "1");
      const token = isAdminPath(operation.path) ? tokens.admin : tokens.user;
      const endpoint = `${operation.method} ${operation.path}`;
      const method = operation.method;
      if (takesFiles(operation.path)) {
        for (const [input, file] of importFiles()) {
          const body = importBody(file());
          // Each file is at the limits, not past them (a 413 would measure nothing).
          expect(Buffer.byteLength(body), input).toBeLessThanOrEqual(IMPORT_BODY_LIMIT);
          await measure(endpoint, input, { method, url, body, token });
        }
        continue;
      }
      const inputs: [string, string][] = [
        ["largest body", largestBody(operation.fields, DEFAULT_BODY_LIMIT)],
        ["deepest JSON", deepestBody(operation.fields, DEFAULT_BODY_LIMIT)],
      ];
      // The file's first lines (detect) come in a small body: as many rows as it holds.
      if (operation.fields.includes("csv")) {
        inputs.push(["most rows", mostRowsDetected()]);
      }
      for (const [input, body] of inputs) {
        expect(Buffer.byteLength(body), input).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT);
        await measure(endpoint, input, { method, url, body, token });
      }
    }

    // The tRPC door: a full batch of the largest calls, the deepest input, and the import's file.
    const call = JSON.stringify({
      symbol: "BTC",
      assetType: "CRYPTO",
      condition: "above",
      value: "1",
      note: "n".repeat(1000),
    });
    const batch = `{${Array.from({ length: 50 }, (_, index) => `"${index}":${call}`).join(",")}}`;
    await measure("tRPC batch", "50 calls, 64 KB", {
      method: "POST",
      url: `/api/trpc/${Array(50).fill("alerts.create").join(",")}?batch=1`,
      body: batch,
    });
    await measure("tRPC alerts.create", "deepest JSON", {
      method: "POST",
      url: "/api/trpc/alerts.create",
      body: deepestBody(["symbol", "note"], DEFAULT_BODY_LIMIT),
    });
    for (const [input, file] of importFiles().slice(0, 2)) {
      await measure("tRPC import.preview", input, {
        method: "POST",
        url: "/api/trpc/import.preview",
        body: importBody(file()),
      });
    }
    // Reads that replay the user's whole trade log, first read each (the 200,000 trades the
    // import above wrote, one lot each): the lots are replayed and listed in turns.
    for (const url of [
      "/api/tax/realized?year=2020",
      "/api/tax/form-8949.csv?year=2020",
      "/api/lots?open=false",
      "/api/tax/harvest",
    ]) {
      await measure(`GET ${url.split("?")[0]}`, "200,000 trades held", {
        method: "GET",
        url,
        body: "",
      });
    }
    // The worst page of each (decision 0046): the most rows, at the end of the list, after a
    // row no longer there, so the list is searched for it before the page is cut.
    for (const [url, list] of [
      ["/api/lots?open=false", "lots"],
      ["/api/tax/harvest?", "harvest"],
    ] as const) {
      const cursor = encodeLotCursor(userId, list, { offset: 199_500, lastId: "gone" });
      await measure(`GET ${url.split("?")[0]}`, "200,000 trades held, last page of 500", {
        method: "GET",
        url: `${url}&limit=${LOTS_PAGE_MAX}&cursor=${cursor}`,
        body: "",
      });
    }
    const width = Math.max(...worst.map((row) => row.endpoint.length + row.input.length + 3));
    console.info(
      `The slowest /api/health answer (limit ${HEALTH_LIMIT_MS} ms) and the longest event-loop block ` +
        `(limit ${BLOCK_MS_PER_MB} ms per MB, at least ${BLOCK_MS_PER_MB} ms) while each endpoint took ` +
        `its worst input:\n` +
        worst
          .map(
            (row) =>
              `  ${`${row.endpoint} (${row.input})`.padEnd(width)}  ${(row.bytes / MB).toFixed(2).padStart(5)} MB  ` +
              `health ${row.healthMs.toFixed(0).padStart(4)} ms  block ${row.blockMs.toFixed(0).padStart(4)} ms  -> ${row.status}`,
          )
          .join("\n"),
    );
    expect(worst.filter((row) => row.status >= 500)).toEqual([]);
    const over = worst.filter(
      (row) => row.healthMs > HEALTH_LIMIT_MS || row.blockMs > blockLimitMs(row.bytes),
    );
    expect(over).toEqual([]);
  }, 1_200_000);
});
