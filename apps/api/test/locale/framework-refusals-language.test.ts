import { textIn } from "@ledgerline/api/locale/catalog";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { frameworkMessages } from "../../src/plugins/error-answer";
import { jsonDepthMessage } from "../../src/plugins/json-body";
import { startTestApp, type TestApp } from "../support/test-app";

// Decision 0070, continued: the framework's refusals (plugins/error-answer.ts: a malformed or
// too large body, an unknown route, the request limit) in the language of the request's
// Accept-Language; English word for word for a client that asks for none.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: "8" } });
});
afterAll(() => t.close());

const german = { "accept-language": "de-DE,de;q=0.9,en;q=0.5" };
const json = { "content-type": "application/json" };

async function send(method: "GET" | "POST", url: string, headers = {}, payload?: string) {
  const response = await t.app.inject({ method, url, headers, payload });
  return { status: response.statusCode, body: response.json<{ message: string; code: string }>() };
}

describe("the framework's refusals in the reader's language", () => {
  it("says a malformed body, a body too large and an unknown route in German, on both doors", async () => {
    const rest = await send("POST", "/api/auth/login", { ...german, ...json }, "{bad");
    expect(rest).toEqual({
      status: 400,
      body: { message: "Der Anfragetext ist kein gültiges JSON", code: "BAD_REQUEST" },
    });
    const trpc = await send("POST", "/api/trpc/auth.login", { ...german, ...json }, "{bad");
    expect(trpc.status).toBe(400);
    expect(JSON.stringify(trpc.body)).toContain("Der Anfragetext ist kein gültiges JSON");
    const large = await send(
      "POST",
      "/api/auth/login",
      { ...german, ...json },
      `{"note":"${"a".repeat(70_000)}"}`,
    );
    expect(large.status).toBe(413);
    expect(large.body.message).toBe(
      "Der Anfragetext ist größer, als diese Anfrage annimmt (64 KB)",
    );
    const unknown = await send("GET", "/api/no-such-thing", german);
    expect(unknown).toEqual({
      status: 404,
      body: { message: "Keine Route GET /api/no-such-thing", code: "NOT_FOUND" },
    });
  });

  it("keeps the English for a client that sends no Accept-Language, then says the limit in Spanish", async () => {
    const english = await send("POST", "/api/auth/login", json, "{bad");
    expect(english.body.message).toBe("The request body is not valid JSON");
    expect((await send("GET", "/api/no-such-thing")).body.message).toBe(
      "No route GET /api/no-such-thing",
    );
    // Eight requests a minute: those of the test above and these, then the limit.
    const spanish = { "accept-language": "es" };
    const answers = [];
    for (let i = 0; i < 9; i++) answers.push(await send("GET", "/api/portfolio", spanish));
    const limited = answers.find((answer) => answer.status === 429);
    expect(limited?.body.code).toBe("TOO_MANY_REQUESTS");
    // The window's rest: a minute, or some seconds less on a slow machine.
    expect(limited?.body.message).toMatch(
      /^Demasiadas solicitudes; inténtalo de nuevo en (1 minuto|\d+ segundos)$/,
    );
  });

  it("has each of the framework's refusals in German and Spanish", () => {
    const req = { routeOptions: { bodyLimit: 64 * 1024 } } as FastifyRequest;
    const texts = [
      ...Object.values(frameworkMessages).map((message) => message(req)),
      "The request is not valid",
      jsonDepthMessage,
      "No route POST /api/x",
      "Internal server error",
      ...["1 second", "30 seconds", "1 minute", "2 minutes", "1 hour", "2 hours"].map(
        (wait) => `Too many requests; try again in ${wait}`,
      ),
    ];
    for (const language of ["de", "es"] as const) {
      expect(texts.filter((text) => textIn(text, language) === text)).toEqual([]);
    }
  });
});
