import { MAX_JSON_DEPTH } from "@ledgerline/contracts";
import { turnsDuring } from "@ledgerline/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonDepthMessage } from "../../src/plugins/json-body";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Every refusal, the framework's own included, is answered in the project's error shape and
 * words: no Fastify code (FST_ERR_*) or text, no raw path quoted back, no zod default English;
 * JSON nested past MAX_JSON_DEPTH is a 400 on both doors, signed in or not, before anything
 * walks the value (the NUL check, validation) and could overflow the stack.
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = (await t.registerUser()).token;
});
afterAll(() => t.close());

/** Text that is the framework's or a library's, never the project's. */
const foreignText =
  /FST_ERR|Invalid input|expected \w+, received|Invalid option|not a valid url|but content-type is set|Unsupported Media Type|Unexpected token/i;

async function send(url: string, headers: Record<string, string>, payload?: string) {
  const response = await t.app.inject({
    method: payload === undefined ? "GET" : "POST",
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: response.statusCode, text: response.body, body: response.json<unknown>() };
}

const json = { "content-type": "application/json" };
const refusals = [
  { name: "malformed JSON", headers: json, payload: "{bad", status: 400 },
  { name: "an empty JSON body", headers: json, payload: "", status: 400 },
  {
    name: "a body over the limit",
    headers: json,
    payload: `{"note":"${"a".repeat(70_000)}"}`,
    status: 413,
  },
  {
    name: "a body that is not JSON",
    headers: { "content-type": "text/xml" },
    payload: "<a/>",
    status: 415,
  },
];
const messages: Record<number, RegExp> = {
  400: /^The request body is (not valid JSON|empty)/,
  413: /^The request body is larger than this request takes \(64 KB\)$/,
  415: /^Send the request body as JSON/,
};
const codes: Record<number, string> = {
  400: "BAD_REQUEST",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
};

describe("framework refusals", () => {
  it.each(refusals)(
    "answer $name on the REST door in the project's shape and words",
    async (refusal) => {
      const answer = await send("/api/alerts", refusal.headers, refusal.payload);
      expect(answer.status).toBe(refusal.status);
      const body = answer.body as { message: string; code: string };
      expect(Object.keys(body).sort()).toEqual(["code", "message"]);
      expect(body.code).toBe(codes[refusal.status]);
      expect(body.message).toMatch(messages[refusal.status]!);
      expect(answer.text).not.toMatch(foreignText);
    },
  );

  it.each(refusals)(
    "answer $name on the tRPC door in its envelope, in the project's words",
    async (refusal) => {
      const answer = await send("/api/trpc/alerts.create", refusal.headers, refusal.payload);
      expect(answer.status).toBe(refusal.status);
      const { error } = answer.body as { error: { message: string; data: unknown } };
      expect(error.data).toMatchObject({ code: codes[refusal.status], httpStatus: refusal.status });
      expect(error.message).toMatch(messages[refusal.status]!);
      expect(answer.text).not.toMatch(foreignText);
    },
  );

  it.each(["/api/savedstocks/%E0%A4%A", "/api/portfolio/%", "/api/trpc/%zz"])(
    "answer a malformed address (%s) with a 400 that does not quote it",
    async (url) => {
      const answer = await send(url, {});
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        message: "The request's address is not valid: a % must begin an escape such as %20 or %2F",
        code: "BAD_REQUEST",
      });
    },
  );

  it("answer an unknown path with a 404 in the same shape", async () => {
    const answer = await send("/api/no-such-thing", {});
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: "No route GET /api/no-such-thing", code: "NOT_FOUND" });
  });

  it("answer a tRPC query whose input is not JSON in the project's words", async () => {
    const answer = await send("/api/trpc/alerts.list?input=%7Bbad", {});
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { message: "The input is not valid JSON" } });
  });
});

describe("validation messages a schema does not word itself", () => {
  it("name the field in the project's words on both doors, never in zod's", async () => {
    const body = { symbol: 5, assetType: "BOND", condition: "above", value: "1" };
    const rest = await send("/api/alerts", json, JSON.stringify(body));
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({
      message: "symbol must be text; assetType must be one of STOCK, CRYPTO",
      issues: [
        { path: "symbol", message: "symbol must be text" },
        { path: "assetType", message: "assetType must be one of STOCK, CRYPTO" },
      ],
    });
    const trpc = await send(
      "/api/trpc/alerts.create",
      json,
      JSON.stringify({ ...body, symbol: undefined }),
    );
    expect(trpc.status).toBe(400);
    expect(trpc.body).toMatchObject({
      error: { message: "symbol is required; assetType must be one of STOCK, CRYPTO" },
    });
    expect(rest.text + trpc.text).not.toMatch(foreignText);
  });
});

/** JSON nested past MAX_JSON_DEPTH: a 400 saying so, before anything walks the value. */
const arrays = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const objects = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

async function post(url: string, payload: string, signedIn = true) {
  const response = await t.app.inject({
    method: "POST",
    url,
    headers: {
      "content-type": "application/json",
      ...(signedIn ? { authorization: `Bearer ${token}` } : {}),
    },
    payload,
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

const tRPCMessage = (body: Record<string, unknown>) =>
  (body as { error?: { message?: string } }).error?.message;

describe("deeply nested JSON", () => {
  it.each([
    ["20,000 '['", arrays(20_000)],
    ["3,000 '{\"a\":'", objects(3_000)],
    ["one level past the limit", arrays(MAX_JSON_DEPTH + 1)],
  ])("is a 400 to a tRPC procedure, before any access check: %s", async (_name, payload) => {
    for (const signedIn of [false, true]) {
      const answer = await post("/api/trpc/alerts.create", payload, signedIn);
      expect(answer.status).toBe(400);
      expect(tRPCMessage(answer.body)).toBe(jsonDepthMessage);
    }
    const batch = await post("/api/trpc/alerts.create,alerts.delete?batch=1", `{"0":${payload}}`);
    expect(batch.status).toBe(400);
    expect(tRPCMessage(batch.body)).toBe(jsonDepthMessage);
  });

  it("is a 400 in a tRPC query's input", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/trpc/alerts.list?input=${encodeURIComponent(arrays(20_000))}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(tRPCMessage(response.json())).toBe(jsonDepthMessage);
  });

  it("is a 400 on the REST door, in the project's shape", async () => {
    const answer = await post("/api/alerts", `{"note":${objects(3_000)}}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: jsonDepthMessage, code: "BAD_REQUEST" });
  });

  it("counts no bracket inside a string, and lets the deepest allowed nesting through", async () => {
    const note = "[".repeat(100);
    const alert = { symbol: "BTC", assetType: "CRYPTO", condition: "above", value: "1", note };
    expect((await post("/api/alerts", JSON.stringify(alert))).status).toBe(200);
    // The deepest allowed body reaches validation, which refuses it for what it is.
    const deepest = await post("/api/alerts", `{"note":${arrays(MAX_JSON_DEPTH - 1)}}`);
    expect(deepest.status).toBe(400);
    expect(deepest.body.message).not.toBe(jsonDepthMessage);
  });
});

describe("a large JSON body (an import's file)", () => {
  const header = "transactionDate,type,symbol,transactionType,quantity,price,notes\n";
  /** An import body of `bytes` of escaped quotes in one cell, followed by `tail`. */
  const largeBody = (bytes: number, tail = "") =>
    `{"source":"ledgerline","csv":${JSON.stringify(header + `"${'""'.repeat(bytes / 4)}"\n`)}${tail}}`;

  it("is parsed beside the event loop, which turns meanwhile", async () => {
    // 8 MB, refused for its depth only at its end: on the event loop the scan held it in one go.
    const body = largeBody(8 * 1024 * 1024, `,"x":${arrays(MAX_JSON_DEPTH + 1)}`);
    const { result: answer, turns } = await turnsDuring(() => post("/api/import/preview", body));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: jsonDepthMessage, code: "BAD_REQUEST" });
    expect(turns).toBeGreaterThan(20);
  });

  it("answers malformed JSON and a poisoned prototype as the small-body parser does", async () => {
    const malformed = await post("/api/import/preview", largeBody(512 * 1024).slice(0, -1));
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      message: "The request body is not valid JSON",
      code: "BAD_REQUEST",
    });
    const poisoned = await post("/api/import/preview", largeBody(512 * 1024, `,"__proto__":{}`));
    expect(poisoned.status).toBe(400);
    expect(poisoned.body).toEqual(malformed.body);
  });

  it("reaches the procedure parsed, as a small one does", async () => {
    const csv =
      `${header}2025-01-02T15:00:00.000Z,STOCK,AAPL,BUY,1,100,${"n".repeat(400)}\n`.repeat(1000);
    const body = JSON.stringify({ source: "ledgerline", csv });
    expect(body.length).toBeGreaterThan(256 * 1024);
    const answer = await post("/api/import/preview", body);
    expect(answer.status).toBe(200);
  });
});
