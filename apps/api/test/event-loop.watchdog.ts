import { Worker } from "node:worker_threads";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, MAX_JSON_DEPTH } from "@ledgerline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_BODY_LIMIT } from "../src/services/import/service";
import { startTestApp, type TestApp } from "./support/test-app";

/**
 * The event-loop watchdog: the worst input of each endpoint that takes a body or a file (the
 * largest body it allows, the deepest JSON allowed, the most rows, the longest strings) is sent
 * while another client, on a thread of its own, asks /api/health over HTTP again and again. No
 * health answer may take more than 200 ms: one request must never stall everyone. The worst
 * health latency per endpoint is printed for the record.
 */

const LIMIT_MS = 200;
/**
 * Opt-in (LEDGERLINE_WATCHDOG=1): it sends about 200 MB of worst inputs and measures wall-clock
 * latency, which on a machine shared with other test runs measures the machine (an import refused
 * in 13 ms of work showed 134 ms at load 8). Run it alone on a quiet machine:
 * LEDGERLINE_WATCHDOG=1 pnpm --filter @ledgerline/api exec vitest run test/event-loop-watchdog.test.ts
 */
// eslint-disable-next-line no-restricted-properties -- an opt-in run, as the services' suites are
const enabled = process.env.LEDGERLINE_WATCHDOG === "1";
const DEFAULT_BODY_LIMIT = 64 * 1024;

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
let poller: Worker;
const samples: Sample[] = [];
const tokens = { user: "", admin: "" };

beforeAll(async () => {
  if (!enabled) return;
  t = await startTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: "10000000" } });
  tokens.user = (await t.registerUser()).token;
  tokens.admin = (await t.createAdmin()).token;
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  poller = new Worker(pollerSource, { eval: true, workerData: { url: `${address}/api/health` } });
  poller.on("message", (message: Sample | "done") => {
    if (message !== "done") samples.push(message);
  });
  // The poller is answering before anything is measured.
  while (samples.length < 5) await new Promise((resolve) => setTimeout(resolve, 20));
}, 60_000);

afterAll(async () => {
  if (!enabled) return;
  const done = new Promise((resolve) => poller.once("message", resolve));
  poller.postMessage("stop");
  await done;
  await poller.terminate();
  await t.close();
});

/** The slowest health answer that was in flight while `send` ran. */
async function worstHealthDuring(
  send: () => Promise<number>,
): Promise<{ ms: number; status: number }> {
  const from = now();
  const status = await send();
  // Work the request left running (a recompute after an import) counts as the request's.
  await t.settled();
  const to = now();
  // The answer in flight at the end arrives a little after.
  await new Promise((resolve) => setTimeout(resolve, 30));
  const during = samples.filter((sample) => sample.ended >= from && sample.started <= to);
  return { ms: Math.max(0, ...during.map((sample) => sample.ended - sample.started)), status };
}

async function send(method: string, url: string, payload: string, token = tokens.user) {
  const response = await t.app.inject({
    method: method as "POST",
    url,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    payload,
  });
  return response.statusCode;
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

const isAdminPath = (path: string) =>
  /\/(users|audit|marketmovers|secrets)/.test(path) &&
  path !== "/api/users/update-password" &&
  path !== "/api/users/update-email";

const worst: { endpoint: string; input: string; ms: number; status: number }[] = [];

async function measure(endpoint: string, input: string, run: () => Promise<number>) {
  let result = await worstHealthDuring(run);
  // A stall is there every time; a machine busy with other work (test files running beside this
  // one on two cores) delays an answer now and then, not three times running.
  for (let retry = 0; retry < 2 && result.ms > LIMIT_MS; retry++) {
    result = await worstHealthDuring(run);
  }
  worst.push({ endpoint, input, ...result });
}

describe.runIf(enabled)("event-loop watchdog", () => {
  it("answers /api/health within 200 ms while each body-taking endpoint gets its worst input", async () => {
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
      if (operation.path.startsWith("/api/import") && !operation.path.includes("mappings")) {
        for (const [input, file] of importFiles()) {
          const body = importBody(file());
          // Each file is at the limits, not past them (a 413 would measure nothing).
          expect(Buffer.byteLength(body), input).toBeLessThanOrEqual(IMPORT_BODY_LIMIT);
          await measure(endpoint, input, () => send(operation.method, url, body, token));
        }
        continue;
      }
      const limit = DEFAULT_BODY_LIMIT;
      for (const [input, body] of [
        ["largest body", largestBody(operation.fields, limit)],
        ["deepest JSON", deepestBody(operation.fields, limit)],
      ] as const) {
        await measure(endpoint, input, () => send(operation.method, url, body, token));
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
    await measure("tRPC batch", "50 calls, 64 KB", () =>
      send("POST", `/api/trpc/${Array(50).fill("alerts.create").join(",")}?batch=1`, batch),
    );
    await measure("tRPC alerts.create", "deepest JSON", () =>
      send("POST", "/api/trpc/alerts.create", deepestBody(["symbol", "note"], DEFAULT_BODY_LIMIT)),
    );
    for (const [input, file] of importFiles().slice(0, 2)) {
      const body = importBody(file());
      await measure("tRPC import.preview", input, () =>
        send("POST", "/api/trpc/import.preview", body),
      );
    }
    const width = Math.max(...worst.map((row) => row.endpoint.length + row.input.length + 3));
    console.info(
      `Worst /api/health latency while each endpoint took its worst input (limit ${LIMIT_MS} ms):\n` +
        worst
          .map(
            (row) =>
              `  ${`${row.endpoint} (${row.input})`.padEnd(width)}  ${row.ms.toFixed(0).padStart(4)} ms  -> ${row.status}`,
          )
          .join("\n"),
    );
    expect(worst.filter((row) => row.status >= 500)).toEqual([]);
    expect(worst.filter((row) => row.ms > LIMIT_MS)).toEqual([]);
  }, 900_000);
});
