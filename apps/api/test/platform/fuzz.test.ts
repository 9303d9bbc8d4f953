import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "@ledgerline/contracts";
import { appRouter } from "@ledgerline/api/router";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Every documented REST operation, called with generated bodies, queries and path parameters,
 * valid and hostile: wrong types, numeric strings, huge and tiny numbers, long and unicode
 * strings, `__proto__` keys. No answer is a 5xx, and a 4xx changes nothing a user owns.
 */

type Method = "GET" | "POST" | "PUT" | "DELETE";
interface Operation {
  method: Method;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[] | null;
  /** Body fields taking a decimal as text or a JSON number (contracts' decimalInput). */
  decimalFields: string[];
}

interface FieldSchema {
  anyOf?: { type?: string }[];
}

/** A decimal input is documented as text or a number: `anyOf` of both. */
const isDecimalField = (schema: FieldSchema) =>
  ["string", "number"].every((type) => schema.anyOf?.some((option) => option.type === type));

/** Their only input is the caller's session, which they end: fuzzing them ends the fuzzing. */
const sessionEnders = new Set(["POST /api/auth/logout", "DELETE /api/users/self"]);

const hostileTexts = [
  "+5",
  "-1",
  "0",
  "-0",
  "1e9",
  "1e-9",
  "0x10",
  "NaN",
  "Infinity",
  "",
  " ",
  "null",
  "true",
  "__proto__",
  "constructor",
  "2026-13-45",
  "0001-01-01T00:00:00Z",
  "9".repeat(400),
  "0.000000000000000000001",
  "1.123456789012",
  "💥".repeat(300),
  "a".repeat(5000),
  "ÄÖÜ ß ﷽ \u0000 \u202e",
  "'; DROP TABLE users;--",
  "../../etc/passwd",
  "AAPL",
  "BTC",
  "1",
  "2",
];
const hostileText = fc.constantFrom(...hostileTexts);
/** JSON values no text can be: for body fields. */
const hostileJson: unknown[] = [
  1e308,
  -1e308,
  -1,
  0,
  5e-324,
  2 ** 53 + 2,
  0.1 + 0.2,
  null,
  true,
  [],
  {},
  [1],
];
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER + 2),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(hostileText, fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom("__proto__", "constructor", "price", "symbol"), hostileText, {
    maxKeys: 2,
  }),
);

/** A value the operation would accept for a field of this name, so that requests get past the first check. */
const plausible: Record<string, fc.Arbitrary<unknown>> = {
  symbol: fc.constantFrom("AAPL", "MSFT", "BTC", "ETH"),
  quantity: fc.constantFrom(1, "2", "0.5"),
  QuantityToBuy: fc.constantFrom(1, "0.25"),
  QuantityAlreadyOwned: fc.constantFrom(3, "2.5"),
  purchasePrice: fc.constantFrom(100, "150.25"),
  price: fc.constantFrom(100, "0.5"),
  purchaseDate: fc.constantFrom("2026-01-05T10:00:00Z", "2025-06-30T15:00:00.000+02:00"),
  notes: fc.constantFrom("note", ""),
  email: fc.uuid().map((id) => `${id.slice(0, 8)}@example.com`),
  newEmail: fc.uuid().map((id) => `${id.slice(0, 8)}@example.com`),
  password: fc.constant("long-enough-pass-1"),
  currentPassword: fc.constant("long-enough-pass-1"),
  newPassword: fc.constant("another-long-pass-2"),
  name: fc.constantFrom("Fuzz", "Zoë"),
  level: fc.constantFrom("info", "error"),
  message: fc.constant("m"),
  timestamp: fc.constant("2026-03-02T15:00:00.000Z"),
  gainers: fc.constant([{ symbol: "XYZ", price: 12.5, change: 1, changePercent: 2, volume: 10 }]),
  losers: fc.constant([]),
};

/** A JSON body: each field plausible or hostile, sometimes extra keys, sometimes not an object at all. */
function bodyOf(fields: string[]): fc.Arbitrary<string> {
  const field = (name: string) =>
    fc.oneof(
      { weight: 3, arbitrary: plausible[name] ?? hostileValue },
      { weight: 1, arbitrary: hostileValue },
    );
  const object = fc
    .tuple(
      fc.record(Object.fromEntries(fields.map((name) => [name, field(name)])), {
        requiredKeys: [],
      }),
      fc.dictionary(
        fc.constantFrom("__proto__", "constructor", "isAdmin", "userId"),
        hostileValue,
        {
          maxKeys: 1,
        },
      ),
    )
    .map(
      ([known, extra]) =>
        JSON.stringify(known).slice(0, -1) +
        (Object.keys(extra).length
          ? `${Object.keys(known).length ? "," : ""}${JSON.stringify(extra).slice(1)}`
          : "}"),
    );
  return fc.oneof(
    { weight: 8, arbitrary: object },
    { weight: 1, arbitrary: hostileValue.map((value) => JSON.stringify(value) ?? "null") },
  );
}

let t: TestApp;
let operations: Operation[];
const tokens: { user: string; admin: string } = { user: "", admin: "" };

/** What a user owns or the server keeps for them; a refused request must leave all of it as it was. */
const guarded = [
  "SELECT id, email, name, password_hash, is_admin FROM users ORDER BY id",
  "SELECT * FROM positions ORDER BY id",
  "SELECT * FROM transactions ORDER BY id",
  "SELECT * FROM saved_stocks ORDER BY 1",
  "SELECT * FROM saved_cryptos ORDER BY 1",
  "SELECT * FROM password_reset_tokens ORDER BY 1",
  "SELECT * FROM stored_market_movers ORDER BY 1",
  "SELECT * FROM client_logs ORDER BY 1",
];
async function snapshot(): Promise<string> {
  const tables = await Promise.all(guarded.map((sql) => t.app.database.query(sql)));
  return JSON.stringify(tables);
}
/**
 * The guarded tables as a refused request left them, while nothing else has been sent since:
 * the next request's "before" (reading them again took 64 s of the file on PostgreSQL).
 * Anything else that reaches the app (a tRPC call, a new sign-in) forgets it.
 */
let unchangedSince: string | undefined;

async function signIn() {
  unchangedSince = undefined;
  tokens.user = (await t.registerUser()).token;
  if (!tokens.admin) tokens.admin = (await t.createAdmin()).token;
}

beforeAll(async () => {
  t = await startTestApp({
    env: { API_RATE_LIMIT_PER_MINUTE: "1000000" },
    throttleLimits: { registrationsPerIp: [10_000, 3600] },
  });
  await signIn();
  await t.request("POST", "/api/portfolio", {
    token: tokens.user,
    body: { symbol: "AAPL", quantity: 2, purchasePrice: 100 },
  });
  await t.request("POST", "/api/cryptoportfolio", {
    token: tokens.user,
    body: { symbol: "BTC", quantity: "0.5", purchasePrice: 40000 },
  });
  await t.request("POST", "/api/savedstocks/AAPL", { token: tokens.user, body: {} });
  const document = (await t.request("GET", "/api/openapi.json")).body as unknown as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in?: string; name?: string }[];
          requestBody?: {
            content: Record<string, { schema?: { properties?: Record<string, FieldSchema> } }>;
          };
        }
      >
    >;
  };
  operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const named = (where: string) =>
        parameters.flatMap((p) => (p.in === where && p.name ? [p.name] : []));
      const schema = operation.requestBody?.content["application/json"]?.schema;
      return {
        method: method.toUpperCase() as Method,
        path,
        pathParams: named("path"),
        queryParams: named("query"),
        bodyFields: operation.requestBody ? Object.keys(schema?.properties ?? {}) : null,
        decimalFields: Object.entries(schema?.properties ?? {}).flatMap(([name, field]) =>
          isDecimalField(field) ? [name] : [],
        ),
      };
    }),
  );
}, 60_000);
afterAll(async () => {
  console.info(
    `fuzz: ${sent} requests over ${operations.length} REST operations and ${Object.keys(procedureTypes).length} tRPC procedures; 5xx answers: ${faults}`,
  );
  await t.close();
});

type Actor = "user" | "admin" | "anonymous";
const failures: string[] = [];
/** Requests sent and 5xx answers, for the record (printed after the run). */
let sent = 0;
let faults = 0;
/** A library's or the framework's words, which never reach a client. */
const foreignText =
  /big\.js|zod|SQLITE|Unexpected token|at .*\.ts:\d+|FST_ERR|Invalid input|expected \w+, received|is not a valid url/i;

/** Sends one request and records what breaks the rules: a 5xx, or a 4xx that changed data or leaks a library's text. */
async function send(
  operation: Operation,
  actor: Actor,
  pathValues: readonly string[],
  query: Record<string, string>,
  body: string | undefined,
  { encodePath = true } = {},
): Promise<number> {
  let url = operation.path;
  operation.pathParams.forEach((name, index) => {
    const value = pathValues[index] ?? "1";
    url = url.replace(`{${name}}`, encodePath ? encodeURIComponent(value) : value);
  });
  const search = new URLSearchParams(query).toString();
  const before = unchangedSince ?? (await snapshot());
  unchangedSince = undefined;
  const token = actor === "anonymous" ? undefined : tokens[actor];
  // Read as a stream: an accepted live-price stream never ends, so only its status is kept.
  const response = await t.app.inject({
    method: operation.method,
    url: search ? `${url}?${search}` : url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(body !== undefined ? { payload: body } : {}),
    payloadAsStream: true,
  });
  sent += 1;
  const status = response.statusCode;
  const text = String(response.headers["content-type"]).startsWith("text/event-stream")
    ? (response.stream().destroy(), "")
    : await readAll(response.stream());
  const what = `${operation.method} ${url}?${search} ${body ?? ""} -> ${status} ${text.slice(0, 200)}`;
  if (status >= 500) {
    faults += 1;
    failures.push(what);
  }
  if (status >= 400 && status < 500) {
    const after = await snapshot();
    if (after !== before) failures.push(`changed data: ${what}`);
    else unchangedSince = after;
    if (foreignText.test(text)) failures.push(`library text: ${what}`);
  }
  // A fuzzed account change may end the user's session (a new password, say): sign in anew.
  if (status < 500 && token && actor === "user") {
    const alive = await t.trpc("query", "auth.session", undefined, token);
    if (alive.status === 401) await signIn();
  }
  return status;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += String(chunk);
  return text;
}

const plausibleValue = (name: string) =>
  plausible[name] ? fc.sample(plausible[name], { numRuns: 1, seed: 7 })[0] : "1";

/** A request the operation would take: each body field plausible, AAPL or 1 in the path. */
function plausibleRequest(operation: Operation) {
  const fields = operation.bodyFields ?? [];
  return {
    validBody: Object.fromEntries(fields.map((name) => [name, plausibleValue(name)])),
    validPath: operation.pathParams.map((name): string => (name === "symbol" ? "AAPL" : "1")),
  };
}

/** Every procedure by dotted path, as tRPC keeps them at run time. */
const procedureTypes = appRouter._def.procedures as unknown as Record<
  string,
  { _def: { type: "query" | "mutation" | "subscription" } }
>;

/** One tRPC call, counted and checked as a REST request is; answers its status. */
async function sendTrpc(path: string, input: unknown, actor: Actor, raw?: string) {
  unchangedSince = undefined;
  const type = procedureTypes[path]?._def.type;
  const token = actor === "anonymous" ? undefined : tokens[actor];
  const text = raw ?? JSON.stringify(input);
  const answer =
    type === "mutation"
      ? await t.request("POST", `/api/trpc/${path}`, {
          token,
          body: text,
          headers: { "content-type": "application/json" },
        })
      : await t.request("GET", `/api/trpc/${path}`, { token, query: { input: text } });
  sent += 1;
  const what = `tRPC ${path} ${text.slice(0, 120)} -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
  if (answer.status >= 500) {
    faults += 1;
    failures.push(what);
  }
  if (foreignText.test(JSON.stringify(answer.body))) failures.push(`library text: ${what}`);
  return answer.status;
}

const fuzzed = () => operations.filter((op) => !sessionEnders.has(`${op.method} ${op.path}`));
const actorFor = (operation: Operation): Actor =>
  /\/(users|audit|marketmovers|secrets)/.test(operation.path) &&
  operation.path !== "/api/users/update-password" &&
  operation.path !== "/api/users/update-email"
    ? "admin"
    : "user";

describe("fuzzing every documented operation", () => {
  it("finds the documented operations", () => {
    expect(operations.length).toBeGreaterThanOrEqual(30);
  });

  it("answers no 5xx to generated requests, and a 4xx changes nothing", async () => {
    failures.length = 0;
    for (const operation of fuzzed()) {
      const request = fc.record({
        actor: fc.constantFrom<Actor>("user", "admin", "anonymous"),
        path: fc.tuple(...operation.pathParams.map(() => hostileText)),
        query: fc.dictionary(
          fc.constantFrom(...(operation.queryParams.length ? operation.queryParams : ["x"])),
          hostileText,
          { maxKeys: 4 },
        ),
        body: operation.bodyFields ? bodyOf(operation.bodyFields) : fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ actor, path, query, body }) => {
          await send(operation, actor, path, query, body);
        }),
        { numRuns: 60, seed: 20261123 },
      );
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it("answers no 5xx with each hostile value in each field, the others plausible", async () => {
    failures.length = 0;
    for (const operation of fuzzed()) {
      const actor = actorFor(operation);
      const fields = operation.bodyFields ?? [];
      const { validBody, validPath } = plausibleRequest(operation);
      const validJson = fields.length ? JSON.stringify(validBody) : undefined;
      for (const value of hostileTexts) {
        for (const [index] of operation.pathParams.entries()) {
          const path = [...validPath];
          path[index] = value;
          await send(operation, actor, path, {}, validJson);
        }
        for (const name of operation.queryParams)
          await send(operation, actor, validPath, { [name]: value }, undefined);
      }
      for (const value of [...hostileTexts, ...hostileJson])
        for (const name of fields) {
          const body = JSON.stringify({ ...validBody, [name]: value });
          await send(operation, actor, validPath, {}, body);
        }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  /** Numbers past the one bound of every decimal field (contracts' decimalInput). */
  const hugeNumbers: unknown[] = [1e21, 1e308, -1e21, "9".repeat(26), `-${"9".repeat(26)}`];

  it("refuses a huge number, as a JSON number or as text, in every decimal field with a 400", async () => {
    failures.length = 0;
    const accepted: string[] = [];
    const fields: string[] = [];
    for (const operation of fuzzed()) {
      const actor = actorFor(operation);
      const { validBody, validPath } = plausibleRequest(operation);
      for (const name of operation.decimalFields) {
        fields.push(`${operation.method} ${operation.path} ${name}`);
        for (const value of hugeNumbers) {
          const body = JSON.stringify({ ...validBody, [name]: value });
          const status = await send(operation, actor, validPath, {}, body);
          if (status !== 400) accepted.push(`${fields.at(-1)}=${String(value)} -> ${status}`);
        }
      }
    }
    // Decimal inputs only the tRPC door has, through the same validator.
    const trpcDecimals: [string, Record<string, unknown>, string][] = [
      ["portfolio.buyMore", { positionId: 1, quantity: "1", purchasePrice: "1" }, "expectedHeld"],
      ["portfolio.buy", { symbol: "AAPL", quantity: "1", purchasePrice: "1" }, "quantity"],
      [
        "cryptoPortfolio.buy",
        { symbol: "BTC", quantity: "1", purchasePrice: "1" },
        "purchasePrice",
      ],
      ["alerts.create", { symbol: "BTC", assetType: "CRYPTO", condition: "above" }, "value"],
      [
        "income.create",
        { symbol: "KO", exDate: "2026-01-02", payDate: "2026-01-15", quantity: "1" },
        "amountPerShare",
      ],
    ];
    for (const [path, input, name] of trpcDecimals) {
      fields.push(`tRPC ${path} ${name}`);
      for (const value of hugeNumbers) {
        const status = await sendTrpc(path, { ...input, [name]: value }, "user");
        if (status !== 400) accepted.push(`tRPC ${path} ${name}=${String(value)} -> ${status}`);
      }
    }
    console.info(`decimal fields given huge numbers: ${fields.length}`);
    expect(fields.length).toBeGreaterThanOrEqual(25);
    expect(accepted).toEqual([]);
    expect(failures).toEqual([]);
  }, 600_000);

  it("refuses JSON nested past the limit with a 400, on every operation and every tRPC procedure", async () => {
    failures.length = 0;
    const deep = [
      "[".repeat(20_000) + "]".repeat(20_000),
      '{"a":'.repeat(3_000) + "1" + "}".repeat(3_000),
      "[".repeat(MAX_JSON_DEPTH + 1) + "]".repeat(MAX_JSON_DEPTH + 1),
    ];
    const passed: string[] = [];
    for (const operation of fuzzed()) {
      if (operation.bodyFields === null) continue;
      const { validPath } = plausibleRequest(operation);
      for (const actor of ["anonymous", actorFor(operation)] as const) {
        for (const body of deep) {
          const status = await send(operation, actor, validPath, {}, body);
          if (status !== 400) passed.push(`${operation.method} ${operation.path} -> ${status}`);
        }
      }
    }
    const procedures = Object.keys(procedureTypes);
    for (const path of procedures) {
      for (const actor of ["anonymous", "user"] as const) {
        // A query's input travels in the URL: the shortest nesting past the limit is enough.
        for (const raw of deep.slice(-1)) {
          const status = await sendTrpc(path, undefined, actor, raw);
          if (status !== 400) passed.push(`tRPC ${path} -> ${status}`);
        }
      }
      const type = procedureTypes[path]!._def.type;
      if (type === "mutation") {
        const status = await sendTrpc(path, undefined, "user", deep[0]);
        if (status !== 400) passed.push(`tRPC ${path} (20,000 '[') -> ${status}`);
      }
    }
    console.info(`tRPC procedures given deep JSON: ${procedures.length}`);
    expect(procedures.length).toBeGreaterThanOrEqual(60);
    expect(passed).toEqual([]);
    expect(failures).toEqual([]);
  }, 600_000);

  it("answers invalid percent-encoding in every path parameter with a 400 in the project's words", async () => {
    failures.length = 0;
    const broken = ["%", "%zz", "%E0%A4%A", "%C3%28", "AAPL%"];
    const wrong: string[] = [];
    let parameters = 0;
    for (const operation of fuzzed()) {
      const { validBody, validPath } = plausibleRequest(operation);
      const body = operation.bodyFields ? JSON.stringify(validBody) : undefined;
      for (const [index] of operation.pathParams.entries()) {
        parameters += 1;
        for (const value of broken) {
          const path = [...validPath];
          path[index] = value;
          const status = await send(operation, actorFor(operation), path, {}, body, {
            encodePath: false,
          });
          if (status !== 400)
            wrong.push(`${operation.method} ${operation.path} ${value} -> ${status}`);
        }
      }
    }
    expect(parameters).toBeGreaterThanOrEqual(10);
    expect(wrong).toEqual([]);
    expect(failures).toEqual([]);
  }, 600_000);
});
