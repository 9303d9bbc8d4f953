import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContext } from "@ledgerline/api/platform/trpc/context";
import { appRouter } from "@ledgerline/api/router";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let userToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  userToken = (await t.registerUser()).token;
  adminToken = (await t.createAdmin()).token;
});
afterAll(() => t.close());

interface Sent {
  method: "GET" | "POST";
  url: string;
  token?: string;
  body?: string;
}

/** The request through the app's own transport. */
async function throughApp({ method, url, token, body }: Sent) {
  const response = await t.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(body !== undefined ? { payload: body } : {}),
  });
  return { status: response.statusCode, body: response.json<unknown>() };
}

/** The same request through tRPC's own Fetch adapter, over the same router and database. */
async function throughTrpcAdapter({ method, url, token, body }: Sent) {
  const headers = new Headers(token ? { authorization: `Bearer ${token}` } : {});
  if (body !== undefined) headers.set("content-type", "application/json");
  const response = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req: new Request(`http://ledgerline.test${url}`, { method, headers, body }),
    router: appRouter,
    createContext: ({ req }) =>
      createContext({
        req: {
          server: t.app,
          headers: Object.fromEntries(req.headers),
          ip: "127.0.0.1",
          id: "conformance",
        },
      }),
  });
  const answer: unknown = await response.json();
  return { status: response.status, body: answer };
}

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const login = { email: "nobody@example.com", password: "wrong-password-1" };

describe("the tRPC transport", () => {
  // Each case is a request the web app or a careless client can send; the answer must be the
  // one tRPC's own adapter gives, status and body, so the client reads both the same way.
  const cases: [string, () => Sent][] = [
    ["a query", () => ({ method: "GET", url: "/api/trpc/users.list", token: adminToken })],
    [
      "a query with input",
      () => ({
        method: "GET",
        url: `/api/trpc/market.snapshot?input=${input({ symbol: "AAPL" })}`,
        token: userToken,
      }),
    ],
    ["a query without a session", () => ({ method: "GET", url: "/api/trpc/users.list" })],
    [
      "a query the user may not make",
      () => ({
        method: "GET",
        url: "/api/trpc/users.list",
        token: userToken,
      }),
    ],
    [
      "a batch of queries, one failing",
      () => ({
        method: "GET",
        url: `/api/trpc/watchlist.list,users.list,market.snapshot?batch=1&input=${input({
          2: { symbol: "MSFT" },
        })}`,
        token: userToken,
      }),
    ],
    [
      "a batch without input",
      () => ({
        method: "GET",
        url: "/api/trpc/watchlist.list,overview.counts?batch=1",
        token: userToken,
      }),
    ],
    ["an unknown procedure", () => ({ method: "GET", url: "/api/trpc/users.nothing" })],
    ["a prototype key as the path", () => ({ method: "GET", url: "/api/trpc/__proto__" })],
    ["a mutation sent as GET", () => ({ method: "GET", url: "/api/trpc/auth.login" })],
    [
      "a query sent as POST",
      () => ({
        method: "POST",
        url: "/api/trpc/users.list",
        token: adminToken,
        body: "{}",
      }),
    ],
    [
      "input that is not JSON",
      () => ({
        method: "GET",
        url: "/api/trpc/market.snapshot?input=%7Bnope",
        token: userToken,
      }),
    ],
    [
      "a batch whose input is not an object",
      () => ({
        method: "GET",
        url: `/api/trpc/market.snapshot?batch=1&input=${input([{ symbol: "AAPL" }])}`,
        token: userToken,
      }),
    ],
    [
      "a mutation with invalid input",
      () => ({
        method: "POST",
        url: "/api/trpc/auth.login",
        body: JSON.stringify({ email: "not an email", password: "" }),
      }),
    ],
    [
      "a batch of mutations",
      () => ({
        method: "POST",
        url: "/api/trpc/auth.login,auth.login?batch=1",
        body: JSON.stringify({ 0: login, 1: { ...login, email: "other@example.com" } }),
      }),
    ],
  ];

  it.each(cases)("answers %s exactly as tRPC's own adapter does", async (name, build) => {
    const sent = build();
    const ours = await throughApp(sent);
    const theirs = await throughTrpcAdapter(sent);
    if (name === "input that is not JSON") {
      // The same answer in the project's words, not V8's parser's ('Unexpected token ...').
      const error = (theirs.body as { error: { message: string } }).error;
      expect(error.message).toMatch(/JSON/);
      error.message = "The input is not valid JSON";
    }
    expect(ours).toEqual(theirs);
  });

  it("answers a batch of mixed outcomes with 207 and each call's own status", async () => {
    const sent = cases.find(([name]) => name === "a batch of queries, one failing")![1]();
    const response = await throughApp(sent);
    expect(response.status).toBe(207);
    const calls = response.body as { result?: unknown; error?: { data: { httpStatus: number } } }[];
    expect(calls.map((call) => call.error?.data.httpStatus ?? 200)).toEqual([200, 403, 200]);
  });

  it("refuses a batch larger than 50 calls before running any", async () => {
    const paths = Array(51).fill("watchlist.list").join(",");
    const response = await throughApp({
      method: "GET",
      url: `/api/trpc/${paths}?batch=1`,
      token: userToken,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { message: "Batch call exceeds maximum size" } });
  });

  it("refuses bad input to a kept read as to any: an input given twice, or not JSON", async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { page: 1, pageSize: 25 } }));
    const kept = `/api/trpc/transactions.list?batch=1&input=${input}`;
    for (let read = 0; read < 2; read++) {
      expect((await throughApp({ method: "GET", url: kept, token: userToken })).status).toBe(200);
    }
    const twice = await throughApp({
      method: "GET",
      url: `${kept}&input=${input}`,
      token: userToken,
    });
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject([{ error: { message: '"input" may be given once' } }]);
    const users = "/api/trpc/users.list?batch=1";
    expect((await throughApp({ method: "GET", url: users, token: adminToken })).status).toBe(200);
    const listTwice = await throughApp({
      method: "GET",
      url: `${users}&input=%7B%7D&input=%7B%7D`,
      token: adminToken,
    });
    expect(listTwice.status).toBe(400);
    const notJson = await throughApp({ method: "GET", url: `${kept}x`, token: userToken });
    expect(notJson.status).toBe(400);
  });

  it("refuses streaming requests it does not serve", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/trpc/watchlist.list?batch=1",
      headers: { authorization: `Bearer ${userToken}`, "trpc-accept": "application/jsonl" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { message: "Streaming responses are not served" },
    });
  });

  it("answers malformed JSON bodies and too many requests in tRPC's error shape", async () => {
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/trpc/auth.login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      error: { data: { code: "BAD_REQUEST", httpStatus: 400, path: "auth.login" } },
    });

    const limited = await startTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: "1" } });
    await limited.request("GET", "/api/trpc/auth.session");
    const refused = await limited.request("GET", "/api/trpc/auth.session");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: { data: { code: "TOO_MANY_REQUESTS", httpStatus: 429 } },
    });
    await limited.close();
  });
});
