import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerIn } from "../support/locale-support";
import { startTestApp, type TestApp } from "../support/test-app";

// Decision 0070, continued: zod's own messages (contracts' zod-messages.ts, where a schema gives
// none of its own) in the reader's language on both doors, the field's path as the request
// wrote it; English word for word for a client that asks for none.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const json = { "content-type": "application/json" };
const alert = { symbol: 5, assetType: "BOND", condition: "above", value: "1" };

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: "POST",
    url,
    headers: { ...json, ...headers },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

describe("zod's messages in the reader's language", () => {
  it("says a German account's refusal in German on both doors, each issue and their sum", async () => {
    const { token } = await registerIn(t, "de-DE", "grete-zod@example.com");
    const authorization = `Bearer ${token}`;
    const rest = await post("/api/alerts", alert, { authorization });
    const oneOf = "assetType muss einer dieser Werte sein: STOCK, CRYPTO";
    expect([rest.status, rest.body.message]).toEqual([400, `symbol muss Text sein; ${oneOf}`]);
    expect(rest.body.issues).toEqual([
      { path: "symbol", message: "symbol muss Text sein" },
      { path: "assetType", message: oneOf },
    ]);
    const trpc = await post(
      "/api/trpc/alerts.create",
      { ...alert, symbol: undefined },
      { authorization },
    );
    expect(trpc.status).toBe(400);
    expect(trpc.body).toMatchObject({ error: { message: `symbol ist erforderlich; ${oneOf}` } });
  });

  it("says it in Spanish for an Accept-Language with no account, and in English for none", async () => {
    const spanish = await post("/api/trpc/auth.login", "x", { "accept-language": "es" });
    expect(spanish.status).toBe(400);
    expect(spanish.body).toMatchObject({
      error: { message: "El dato enviado debe ser un objeto" },
    });
    const english = await post("/api/trpc/auth.login", "x");
    expect(english.body).toMatchObject({ error: { message: "The input must be an object" } });
  });
});
