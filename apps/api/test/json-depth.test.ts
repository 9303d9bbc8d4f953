import { MAX_JSON_DEPTH } from "@ledgerline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonDepthMessage } from "../src/plugins/json-body";
import { startTestApp, type TestApp } from "./support/test-app";

/**
 * JSON nested past MAX_JSON_DEPTH is a 400 saying so, on both doors, signed in or not, before
 * anything walks the value (the NUL check, validation) and could overflow the stack.
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = (await t.registerUser()).token;
});
afterAll(() => t.close());

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
