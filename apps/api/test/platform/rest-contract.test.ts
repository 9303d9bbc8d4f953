import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pinnedOpenMarket } from "../support/portfolio-support";
import { SoftwareAuthenticator } from "../support/software-authenticator";
import { startTestApp, type TestApp } from "../support/test-app";

type Method = "GET" | "POST" | "PUT" | "DELETE";
interface Operation {
  method: Method;
  path: string;
  operationId: string;
  hasBody: boolean;
  responses: Record<string, unknown>;
}
interface OpenApi {
  info: { license?: unknown };
  paths: Record<
    string,
    Record<
      string,
      { operationId: string; requestBody?: unknown; responses: Record<string, unknown> }
    >
  >;
}

let t: TestApp;
let doc: OpenApi;
let operations: Operation[];
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);

beforeAll(async () => {
  t = await startTestApp({
    market: pinnedOpenMarket(),
    env: { SECRETS_ENDPOINTS_ENABLED: "true", POLYGON_API_KEY: "polygon-test-key" },
  });
  doc = (await t.request("GET", "/api/openapi.json")).body as unknown as OpenApi;
  ajv.addSchema(doc, "openapi");
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as Method,
      path,
      operationId: operation.operationId,
      hasBody: operation.requestBody !== undefined,
      responses: operation.responses,
    })),
  );
});
afterAll(() => t.close());

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

const validators = new Map<string, ValidateFunction>();
/** Checks an answer against what the document promises for its operation and status. */
function expectDocumented(operation: Operation, status: number, body: unknown) {
  const label = `${operation.method} ${operation.path} answered ${status} ${JSON.stringify(body)}`;
  expect(Object.keys(operation.responses), label).toContain(String(status));
  const ref = `openapi#/${pointer("paths", operation.path, operation.method.toLowerCase(), "responses", String(status), "content", "application/json", "schema")}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  expect(validate(body) ? [] : validate.errors, label).toEqual([]);
}

interface Call {
  token?: string;
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  status?: number;
}

/** The authenticator app's code for a base32 secret, now or a step (30 s) later. */
function currentCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: t.clock.now() + stepsAhead * 30_000,
  });
}

describe("every operation in the OpenAPI document", () => {
  // Some 80 operations, each called and checked: 20 s on a machine at load 14.
  it("answers what the document says, on success and on refusal", async () => {
    const user = await t.registerUser();
    const other = await t.registerUser();
    const leaving = await t.registerUser();
    const admin = await t.createAdmin();
    const device = new SoftwareAuthenticator({ origin: t.env.APP_ORIGIN });
    const state = {
      stockPosition: 0,
      cryptoPosition: 0,
      alert: 0,
      apiKey: 0,
      mfaSecret: "",
      passkeyOptions: undefined as unknown,
      passkey: 0,
      income: 0,
      importMapping: 0,
      account: 0,
      cash: 0,
    };
    const income = {
      symbol: "KO",
      exDate: "2026-01-02",
      payDate: "2026-01-20",
      quantity: 10,
      amountPerShare: "0.51",
    };

    /** One call per operation, in an order where each finds what it needs. */
    const plan: [string, () => Call][] = [
      ["login", () => ({ body: { email: user.email, password: user.password, name: "" } })],
      [
        "register",
        () => ({ body: { email: "new@example.com", password: "a-long-pass-77", name: "New" } }),
      ],
      ["forgotPassword", () => ({ body: { email: user.email } })],
      [
        "resetPassword",
        () => ({
          body: { token: "not-a-token", email: user.email, newPassword: "another-pass-88" },
          status: 400,
        }),
      ],
      [
        "storeClientLog",
        () => ({ body: { level: "info", message: "hello", timestamp: "2026-03-11T15:00:00Z" } }),
      ],
      ["listUsers", () => ({ token: admin.token })],
      [
        "resetUserPassword",
        () => ({
          token: admin.token,
          params: { id: other.id },
          body: { newPassword: "reset-by-admin-5" },
        }),
      ],
      ["listJobQueues", () => ({ token: admin.token })],
      ["listFailedJobs", () => ({ token: admin.token, params: { queue: "mail" } })],
      // Nothing has failed here: the documented 404 is what a stale id gets.
      [
        "retryFailedJob",
        () => ({ token: admin.token, params: { queue: "mail", id: "1" }, status: 404 }),
      ],
      [
        "removeFailedJob",
        () => ({ token: admin.token, params: { queue: "mail", id: "1" }, status: 404 }),
      ],
      ["getSsoProvider", () => ({})],
      ["completeSsoSignIn", () => ({ body: { code: "not-a-code" }, status: 400 })],
      ["getSsoSettings", () => ({ token: admin.token })],
      // Without a provider configured, requiring single sign-on is refused.
      ["updateSsoSettings", () => ({ token: admin.token, body: { required: true }, status: 400 })],
      ["listAuditLogs", () => ({ token: admin.token, query: { page: "1", pageSize: "5" } })],
      ["getMarketMovers", () => ({ token: user.token })],
      [
        "storeMarketMovers",
        () => ({
          token: admin.token,
          body: {
            gainers: [
              {
                symbol: "AAPL",
                price: 190.25,
                changePercent: 1.5,
                volume: 1000,
                marketStatus: "open",
              },
            ],
            losers: [],
          },
        }),
      ],
      ["getMarketSummary", () => ({ token: user.token })],
      // An accepted stream never ends; its events are checked in live-prices.test.ts.
      ["streamQuotes", () => ({ token: user.token, query: { symbols: "AAPL,<b>" }, status: 400 })],
      ["getPolygonApiKey", () => ({ token: admin.token })],
      ["getCoinbaseApiKey", () => ({ token: admin.token, status: 404 })],
      ["getCoinbaseApiSecret", () => ({ token: admin.token, status: 404 })],
      ["saveStock", () => ({ token: user.token, params: { symbol: "AAPL" }, body: {} })],
      ["listSavedStocks", () => ({ token: user.token })],
      [
        "buyStock",
        () => ({ token: user.token, body: { symbol: "AAPL", quantity: 2, purchasePrice: 180 } }),
      ],
      ["listStockPositions", () => ({ token: user.token })],
      [
        "buyMoreStock",
        () => ({
          token: user.token,
          params: { id: state.stockPosition },
          body: { QuantityToBuy: 1, QuantityAlreadyOwned: 3, purchasePrice: 181 },
        }),
      ],
      [
        "sellStock",
        () => ({
          token: user.token,
          params: { id: state.stockPosition },
          body: { quantity: 1, price: 182 },
        }),
      ],
      ["removeSavedStock", () => ({ token: user.token, params: { symbol: "AAPL" }, status: 409 })],
      ["saveCrypto", () => ({ token: user.token, params: { symbol: "BTC" } })],
      ["listSavedCryptos", () => ({ token: user.token })],
      [
        "buyCrypto",
        () => ({ token: user.token, body: { symbol: "BTC", quantity: 0.5, purchasePrice: 60000 } }),
      ],
      ["listCryptoPositions", () => ({ token: user.token })],
      [
        "buyMoreCrypto",
        () => ({
          token: user.token,
          params: { id: state.cryptoPosition },
          body: { QuantityToBuy: 0.25, purchasePrice: 61000 },
        }),
      ],
      [
        "sellCrypto",
        () => ({
          token: user.token,
          params: { id: state.cryptoPosition },
          body: { quantity: 0.1 },
        }),
      ],
      ["removeSavedCrypto", () => ({ token: user.token, params: { symbol: "BTC" }, status: 409 })],
      ["getPortfolioPerformance", () => ({ token: user.token, query: { range: "1Y" } })],
      ["getPortfolioHoldingsPerformance", () => ({ token: user.token, query: { range: "1Y" } })],
      ["getPortfolioHistory", () => ({ token: user.token, query: { range: "1Y" } })],
      ["getPortfolioHistoryUpdate", () => ({ token: user.token })],
      ["listLots", () => ({ token: user.token, query: { open: "true", limit: "50" } })],
      ["getRealizedGains", () => ({ token: user.token, query: { year: "2026" } })],
      ["downloadForm8949", () => ({ token: user.token, query: { year: "2026" } })],
      ["getTaxLossHarvest", () => ({ token: user.token, query: { limit: "50" } })],
      [
        "createAlert",
        () => ({
          token: user.token,
          body: { symbol: "BTC", assetType: "CRYPTO", condition: "below", value: "1" },
        }),
      ],
      ["listAlerts", () => ({ token: user.token })],
      ["deleteAlert", () => ({ token: user.token, params: { id: state.alert } })],
      ["listNotifications", () => ({ token: user.token })],
      ["markNotificationsRead", () => ({ token: user.token, body: {} })],
      [
        "listTransactions",
        () => ({ token: user.token, query: { sortBy: "transactionDate", sortOrder: "desc" } }),
      ],
      [
        "createApiKey",
        () => ({
          token: user.token,
          body: { name: "script", scope: "read", password: user.password },
        }),
      ],
      ["listApiKeys", () => ({ token: user.token })],
      ["getMfaStatus", () => ({ token: user.token })],
      ["setUpMfa", () => ({ token: user.token, body: { password: user.password } })],
      ["enableMfa", () => ({ token: user.token, body: { code: currentCode(state.mfaSecret) } })],
      [
        "disableMfa",
        // The step that turned it on is spent; the next one is still accepted (clock drift).
        () => ({
          token: user.token,
          body: { password: user.password, code: currentCode(state.mfaSecret, 1) },
        }),
      ],
      ["loginMfa", () => ({ body: { mfaToken: "not-a-challenge", code: "123456" }, status: 400 })],
      [
        "passkeyRegistrationOptions",
        () => ({ token: user.token, body: { password: user.password } }),
      ],
      [
        "createPasskey",
        () => ({
          token: user.token,
          body: { name: "Laptop", response: device.register(state.passkeyOptions as never) },
        }),
      ],
      ["listPasskeys", () => ({ token: user.token })],
      ["passkeySignInOptions", () => ({ body: {} })],
      [
        "signInWithPasskey",
        () => ({ body: { response: device.authenticate(state.passkeyOptions as never) } }),
      ],
      [
        "deletePasskey",
        () => ({
          token: user.token,
          params: { id: state.passkey },
          body: { password: user.password },
        }),
      ],
      ["revokeApiKey", () => ({ token: user.token, params: { id: state.apiKey } })],
      [
        "detectImport",
        () => ({
          token: user.token,
          body: { csv: "Date;Symbol;Action;Quantity;Price\n03.02.2025;AAPL;Buy;1;187,50\n" },
        }),
      ],
      [
        "previewImport",
        () => ({
          token: user.token,
          body: {
            source: "ledgerline",
            csv: "transactionDate,type,symbol,transactionType,quantity,price,notes\n2026-01-02T10:00:00Z,STOCK,MSFT,BUY,1,400,\n",
          },
        }),
      ],
      [
        "importTransactions",
        () => ({
          token: user.token,
          body: {
            source: "ledgerline",
            csv: "transactionDate,type,symbol,transactionType,quantity,price,notes\n2026-01-02T10:00:00Z,STOCK,MSFT,BUY,1,400,\n",
          },
        }),
      ],
      [
        "saveImportMapping",
        () => ({
          token: user.token,
          body: {
            name: "Broker",
            mapping: {
              columns: { date: "D", symbol: "S", action: "A", quantity: "Q", price: "P" },
              actions: { buy: ["Buy"] },
            },
          },
        }),
      ],
      ["listImportMappings", () => ({ token: user.token })],
      ["deleteImportMapping", () => ({ token: user.token, params: { id: state.importMapping } })],
      ["listCorporateActions", () => ({ token: user.token, query: { symbol: "MSFT" } })],
      [
        "setClassification",
        () => ({
          token: user.token,
          params: { assetType: "STOCK", symbol: "AAPL" },
          body: { sector: "consumer-discretionary" },
        }),
      ],
      ["getPortfolioAllocation", () => ({ token: user.token, query: { by: "sector" } })],
      ["getPortfolioRisk", () => ({ token: user.token, query: { range: "1M" } })],
      ["getMonthlyReturns", () => ({ token: user.token })],
      [
        "setPortfolioTargets",
        () => ({
          token: user.token,
          body: {
            by: "assetClass",
            targets: [
              { key: "equity", weight: "0.7" },
              { key: "crypto", weight: "0.3" },
            ],
          },
        }),
      ],
      ["getPortfolioTargets", () => ({ token: user.token, query: { by: "assetClass" } })],
      ["getRebalance", () => ({ token: user.token, query: { by: "assetClass", cash: "500" } })],
      [
        "setDriftAlert",
        () => ({ token: user.token, params: { by: "assetClass" }, body: { points: "5" } }),
      ],
      ["listDriftAlerts", () => ({ token: user.token })],
      ["deleteDriftAlert", () => ({ token: user.token, params: { by: "assetClass" } })],
      [
        "getClassification",
        () => ({ token: user.token, params: { assetType: "CRYPTO", symbol: "BTC" } }),
      ],
      [
        "clearClassification",
        () => ({ token: user.token, params: { assetType: "STOCK", symbol: "AAPL" } }),
      ],
      ["createIncome", () => ({ token: user.token, body: income })],
      ["listIncome", () => ({ token: user.token })],
      [
        "getIncomeCalendar",
        () => ({ token: user.token, query: { from: "2026-03-01", to: "2026-05-31" } }),
      ],
      ["getIncomeForecast", () => ({ token: user.token })],
      [
        "updateIncome",
        () => ({
          token: user.token,
          params: { id: state.income },
          body: { ...income, total: 4.5 },
        }),
      ],
      ["deleteIncome", () => ({ token: user.token, params: { id: state.income } })],
      ["listAccounts", () => ({ token: user.token })],
      ["setDisplayCurrency", () => ({ token: user.token, body: { currency: "EUR" } })],
      ["getDisplayCurrency", () => ({ token: user.token })],
      ["setLocale", () => ({ token: user.token, body: { locale: "de-DE" } })],
      ["getLocale", () => ({ token: user.token })],
      [
        "getDisplayCurrencyRates",
        () => ({ token: user.token, query: { from: "2026-01-01", to: "2026-01-31" } }),
      ],
      [
        "createCash",
        () => ({
          token: user.token,
          body: { type: "deposit", amount: "100.5", date: "2026-01-05", notes: "paycheck" },
        }),
      ],
      ["listCash", () => ({ token: user.token, query: { from: "2026-01-01", to: "2026-01-31" } })],
      [
        "updateCash",
        () => ({
          token: user.token,
          params: { id: state.cash },
          body: { type: "interest", amount: 1, date: "2026-01-05" },
        }),
      ],
      ["deleteCash", () => ({ token: user.token, params: { id: state.cash } })],
      ["createAccount", () => ({ token: user.token, body: { name: "IRA", type: "ira" } })],
      [
        "updateAccount",
        () => ({ token: user.token, params: { id: state.account }, body: { name: "Roth" } }),
      ],
      [
        "previewCostBasisMethod",
        () => ({ token: user.token, query: { accountId: String(state.account), method: "fifo" } }),
      ],
      [
        "reconcileAccount",
        () => ({
          token: user.token,
          params: { id: state.account },
          body: { asOf: "2026-01-31", cash: "0", holdings: [] },
        }),
      ],
      [
        "createTransfer",
        () => ({
          token: user.token,
          body: {
            fromAccountId: state.account,
            toAccountId: state.account,
            date: "2026-01-31",
            symbol: "AAPL",
            assetType: "STOCK",
            quantity: "1",
          },
          status: 400,
        }),
      ],
      ["deleteAccount", () => ({ token: user.token, params: { id: state.account }, body: {} })],
      [
        "updatePassword",
        () => ({
          token: user.token,
          body: { currentPassword: user.password, newPassword: "changed-pass-66" },
        }),
      ],
      [
        "updateEmail",
        () => ({
          token: user.token,
          body: { newEmail: "renamed@example.com", currentPassword: "changed-pass-66" },
        }),
      ],
      ["deleteUser", () => ({ token: admin.token, params: { id: other.id } })],
      ["deleteOwnAccount", () => ({ token: leaving.token })],
      ["logout", () => ({ token: user.token })],
    ];
    expect(plan.map(([id]) => id).sort()).toEqual(operations.map((op) => op.operationId).sort());

    for (const [operationId, describeCall] of plan) {
      const operation = operations.find((op) => op.operationId === operationId)!;
      const call = describeCall();
      const url = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
        String(call.params?.[name]),
      );
      const answer = await t.request(operation.method, url, {
        token: call.token,
        query: call.query,
        body: call.body,
      });
      expect(answer.status, `${operationId}: ${JSON.stringify(answer.body)}`).toBe(
        call.status ?? 200,
      );
      // A download (Form 8949's CSV) is documented as a string: its text is what is checked.
      expectDocumented(operation, answer.status, answer.body ?? answer.text);
      const position = (answer.body as { position?: { id: number } } | undefined)?.position;
      if (operationId === "buyStock") state.stockPosition = position!.id;
      if (operationId === "buyCrypto") state.cryptoPosition = position!.id;
      if (operationId === "createAlert")
        state.alert = (answer.body as unknown as { id: number }).id;
      if (operationId === "setUpMfa")
        state.mfaSecret = (answer.body as unknown as { secret: string }).secret;
      if (operationId === "passkeyRegistrationOptions" || operationId === "passkeySignInOptions")
        state.passkeyOptions = answer.body;
      if (operationId === "createPasskey")
        state.passkey = (answer.body as unknown as { id: number }).id;
      if (operationId === "createApiKey")
        state.apiKey = (answer.body as unknown as { id: number }).id;
      if (operationId === "saveImportMapping")
        state.importMapping = (answer.body as unknown as { id: number }).id;
      if (operationId === "createIncome")
        state.income = (answer.body as unknown as { id: number }).id;
      if (operationId === "createCash") state.cash = (answer.body as unknown as { id: number }).id;
      if (operationId === "createAccount")
        state.account = (answer.body as unknown as { id: number }).id;
      if (operationId === "getPortfolioHistory") {
        // Both benchmark bases, and one it does not know, as documented (issue 37).
        for (const [benchmark, status] of [
          ["return", 200],
          ["contributions", 200],
          ["price", 400],
        ] as const) {
          const basis = await t.request(operation.method, url, {
            token: call.token,
            query: { range: "ALL", benchmark },
          });
          expect(basis.status, `${benchmark}: ${JSON.stringify(basis.body)}`).toBe(status);
          expectDocumented(operation, basis.status, basis.body);
          if (status === 200) expect(basis.body).toMatchObject({ benchmark: { basis: benchmark } });
        }
      }
    }
  }, 90_000);

  it("answers bad input with a documented 400 that says what was wrong, never a 5xx", async () => {
    const admin = await t.createAdmin("bad-input@example.com");
    const garbage = { nested: ["not", "a", "value"] };
    for (const operation of operations.filter((op) => op.hasBody)) {
      const schema = (
        doc.paths[operation.path]![operation.method.toLowerCase()]!.requestBody as {
          content: { "application/json": { schema: { properties?: Record<string, unknown> } } };
        }
      ).content["application/json"].schema;
      const url = operation.path.replace(/\{(\w+)\}/g, "1");
      for (const body of [
        Object.fromEntries(Object.keys(schema.properties ?? {}).map((name) => [name, garbage])),
        [1, 2, 3],
      ]) {
        const answer = await t.request(operation.method, url, { token: admin.token, body });
        const label = `${operation.operationId} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`;
        expect(answer.status, label).toBe(400);
        expect(typeof answer.body?.message, label).toBe("string");
        expectDocumented(operation, answer.status, answer.body);
      }
    }
    for (const operation of operations.filter((op) => op.path.includes("{id}"))) {
      const answer = await t.request(operation.method, operation.path.replace("{id}", "abc"), {
        token: admin.token,
        body: operation.hasBody ? {} : undefined,
      });
      expect(answer.status, operation.operationId).toBeGreaterThanOrEqual(400);
      expect(answer.status, operation.operationId).toBeLessThan(500);
      expectDocumented(operation, answer.status, answer.body);
    }
  });
});

describe("the OpenAPI document", () => {
  it("names every operation and its licence", () => {
    expect(operations.filter((op) => !op.operationId)).toEqual([]);
    expect(new Set(operations.map((op) => op.operationId)).size).toBe(operations.length);
    const license = doc.info.license as { name?: unknown; url?: unknown } | undefined;
    expect([typeof license?.name, typeof license?.url]).toEqual(["string", "string"]);
  });

  it("lints clean, warnings included, under Redocly's recommended rules", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ledgerline-openapi-"));
    const file = join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(doc));
    const cli = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");
    const run = promisify(execFile);
    const lint = [cli, "lint", file, "--extends=recommended", "--format=json"];
    const result = await run(process.execPath, lint, {
      env: { REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    }).catch((error: { stdout: string }) => error);
    const report = JSON.parse(result.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    expect(report.problems.map(({ ruleId, message }) => `${ruleId}: ${message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});
