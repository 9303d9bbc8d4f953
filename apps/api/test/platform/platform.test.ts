import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(() => t.close());

describe("HTTP platform", () => {
  it("answers GET /api/health", async () => {
    const response = await t.request("GET", "/api/health");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok", database: "ok", redis: "not configured" });
  });

  it("answers 429 with its message, not a 500, past the API request limit on a REST path", async () => {
    const limited = await startTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: "2" } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push(await limited.request("GET", "/api/portfolio"));
      expect(statuses.map((response) => response.status)).toEqual([401, 401, 429]);
      expect(statuses[2]!.body?.message).toMatch(/^Too many requests; try again in/);
    } finally {
      await limited.close();
    }
  });

  it("tells a client its request limit in headers, and when to retry past it", async () => {
    const limited = await startTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: "2" } });
    try {
      const responses = [];
      for (let i = 0; i < 3; i++) responses.push(await limited.request("GET", "/api/portfolio"));
      const limits = responses.map(({ headers }) => [
        headers["x-ratelimit-limit"],
        headers["x-ratelimit-remaining"],
        headers["retry-after"],
      ]);
      expect(limits).toEqual([
        ["2", "1", undefined],
        ["2", "0", undefined],
        ["2", "0", "60"],
      ]);
      expect(responses[2]!.headers["x-ratelimit-reset"]).toBe("60");
      expect(responses[2]!.body?.message).toBe("Too many requests; try again in 1 minute");
      // Not under /api: the web app's files are not counted.
      expect((await limited.request("GET", "/favicon.ico")).headers["x-ratelimit-limit"]).toBe(
        undefined,
      );
    } finally {
      await limited.close();
    }
  });

  it("answers 503 from /api/health when the database cannot be reached", async () => {
    await t.app.database.close();
    const response = await t.request("GET", "/api/health");
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ status: "unavailable", database: "down" });
  });

  it("sends a strict Content-Security-Policy with no inline script and a request id", async () => {
    const response = await t.request("GET", "/api/health");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).toBe("'self'");
    expect(csp).not.toContain("unsafe-eval");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await t.request("GET", "/api/nope");
    expect(response.status).toBe(404);
    expect(response.body?.message).toContain("/api/nope");
  });

  it("sends the request id with refusals and failures too, on both doors", async () => {
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    const answers = [
      await t.request("GET", "/api/nope"),
      await t.request("GET", "/api/portfolio"),
      await t.request("GET", "/api/trpc/portfolio.list"),
      { status: malformed.statusCode, headers: malformed.headers },
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 401, 401, 400]);
    for (const answer of answers) expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers malformed JSON with a 400, not a 500", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    // The tRPC door's answer to the same is in trpc-transport.test.ts.
  });

  it("answers unknown procedures with 404 and wrong methods with 405", async () => {
    expect((await t.request("GET", "/api/trpc/auth.nothing")).status).toBe(404);
    expect((await t.request("GET", "/api/trpc/auth.login")).status).toBe(405);
  });

  it("says nothing internal when the server itself fails", async () => {
    const user = await t.registerUser();
    await t.sql("DROP TABLE client_logs");
    const rest = await t.request("POST", "/api/logs", {
      token: user.token,
      body: { level: "info", message: "hello", timestamp: "2026-01-01T00:00:00Z" },
    });
    expect(rest.status).toBe(500);
    expect(rest.body?.message).toBe("Internal server error");
    expect(Object.keys(rest.body ?? {}).sort()).toEqual(["code", "message", "requestId"]);
    const trpc = await t.trpc(
      "mutation",
      "logs.create",
      { level: "info", message: "hello", timestamp: "2026-01-01T00:00:00Z" },
      user.token,
    );
    expect(trpc.status).toBe(500);
    expect(JSON.stringify(trpc.body)).not.toMatch(/client_logs|sqlite/i);
  });
});

describe("OpenAPI document", () => {
  it("describes every REST path with its method and the docs page serves it", async () => {
    const doc = (await t.request("GET", "/api/openapi.json")).body as unknown as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        "POST /api/auth/login",
        "POST /api/auth/passkeys/options",
        "POST /api/auth/passkeys/verify",
        "GET /api/auth/sso",
        "POST /api/auth/sso/session",
        "POST /api/auth/register",
        "POST /api/auth/logout",
        "POST /api/auth/forgot-password",
        "POST /api/auth/reset-password",
        "POST /api/users/update-password",
        "POST /api/users/update-email",
        "DELETE /api/users/self",
        "GET /api/users/display-currency",
        "PUT /api/users/display-currency",
        "GET /api/fx/rates",
        "GET /api/users/locale",
        "PUT /api/users/locale",
        "GET /api/users",
        "DELETE /api/users/{id}",
        "POST /api/users/{id}/reset-password",
        "GET /api/accounts",
        "POST /api/accounts",
        "PUT /api/accounts/{id}",
        "DELETE /api/accounts/{id}",
        "GET /api/audit/logs",
        "GET /api/admin/jobs",
        "GET /api/admin/sso",
        "PUT /api/admin/sso",
        "GET /api/account/passkeys",
        "POST /api/account/passkeys/options",
        "POST /api/account/passkeys",
        "DELETE /api/account/passkeys/{id}",
        "GET /api/admin/jobs/{queue}/failed",
        "POST /api/admin/jobs/{queue}/failed/{id}/retry",
        "DELETE /api/admin/jobs/{queue}/failed/{id}",
        "POST /api/logs",
        "GET /api/marketmovers",
        "POST /api/marketmovers",
        "GET /api/stockdata/summary",
        "GET /api/stream",
        "GET /api/secrets/polygon-api-key",
        "GET /api/secrets/coinbase-api-key",
        "GET /api/secrets/coinbase-api-secret",
        "GET /api/transaction",
        "GET /api/savedcryptos",
        "POST /api/savedcryptos/{symbol}",
        "DELETE /api/savedcryptos/{symbol}",
        "GET /api/cryptoportfolio",
        "POST /api/cryptoportfolio",
        "PUT /api/cryptoportfolio/{id}",
        "POST /api/cryptoportfolio/{id}/sell",
        "GET /api/savedstocks",
        "POST /api/savedstocks/{symbol}",
        "DELETE /api/savedstocks/{symbol}",
        "GET /api/portfolio",
        "POST /api/portfolio",
        "PUT /api/portfolio/{id}",
        "POST /api/portfolio/{id}/sell",
        "GET /api/portfolio/performance",
        "GET /api/portfolio/performance/holdings",
        "GET /api/portfolio/history",
        "GET /api/portfolio/history/update",
        "POST /api/auth/login/mfa",
        "GET /api/account/mfa",
        "POST /api/account/mfa/setup",
        "POST /api/account/mfa/enable",
        "POST /api/account/mfa/disable",
        "GET /api/api-keys",
        "POST /api/api-keys",
        "DELETE /api/api-keys/{id}",
        "GET /api/alerts",
        "POST /api/alerts",
        "DELETE /api/alerts/{id}",
        "GET /api/notifications",
        "POST /api/notifications/read",
        "POST /api/import/detect",
        "POST /api/import/preview",
        "POST /api/import",
        "GET /api/import/mappings",
        "POST /api/import/mappings",
        "DELETE /api/import/mappings/{id}",
        "GET /api/corporate-actions",
        "GET /api/income",
        "POST /api/income",
        "PUT /api/income/{id}",
        "DELETE /api/income/{id}",
        "GET /api/income/calendar",
        "GET /api/income/forecast",
        "POST /api/accounts/{id}/reconcile",
        "POST /api/transfers",
        "GET /api/cash",
        "POST /api/cash",
        "PUT /api/cash/{id}",
        "DELETE /api/cash/{id}",
        "GET /api/lots",
        "GET /api/tax/realized",
        "GET /api/tax/harvest",
        "GET /api/tax/form-8949.csv",
        "GET /api/classifications/{assetType}/{symbol}",
        "PUT /api/classifications/{assetType}/{symbol}",
        "DELETE /api/classifications/{assetType}/{symbol}",
        "GET /api/portfolio/allocation",
        "GET /api/portfolio/risk",
        "GET /api/portfolio/returns/monthly",
        "GET /api/portfolio/targets",
        "PUT /api/portfolio/targets",
        "GET /api/portfolio/rebalance",
        "GET /api/drift-alerts",
        "PUT /api/drift-alerts/{by}",
        "DELETE /api/drift-alerts/{by}",
        "GET /api/tax/method-preview",
      ].sort(),
    );
    const login = doc.paths["/api/auth/login"]?.post as {
      requestBody: {
        content: { "application/json": { schema: { properties: Record<string, unknown> } } };
      };
    };
    expect(Object.keys(login.requestBody.content["application/json"].schema.properties)).toEqual([
      "email",
      "password",
      "name",
    ]);
    const docs = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain("swagger");
  });
});
