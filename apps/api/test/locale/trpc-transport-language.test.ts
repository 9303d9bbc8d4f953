import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerIn } from "../support/locale-support";
import { startTestApp, type TestApp } from "../support/test-app";

// Decision 0070, continued: the tRPC transport's own refusals (trpc/http-transport.ts: a batch
// too large, an input that is not JSON, no such procedure, an internal error) in the reader's
// language: the account's once the context is built, else the Accept-Language's; English word
// for word for a client that asks for none.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const german = { "accept-language": "de-DE,de;q=0.9,en;q=0.5" };
const spanish = { "accept-language": "es" };
const tooLargeBatch = `/api/trpc/${Array(51).fill("watchlist.list").join(",")}?batch=1`;

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: "GET", url, headers });
  return { status: response.statusCode, text: response.body };
}

const messageOf = (text: string) =>
  (JSON.parse(text) as { error: { message: string } }).error.message;

describe("the tRPC transport's refusals in the reader's language", () => {
  it("says a batch too large in the Accept-Language's language, before any context", async () => {
    const refused = await get(tooLargeBatch, german);
    expect(refused.status).toBe(400);
    expect(messageOf(refused.text)).toBe("Der Batch-Aufruf überschreitet die maximale Größe");
  });

  it("says an input that is not JSON in a German account's language", async () => {
    const { token } = await registerIn(t, "de-DE", "grete-trpc@example.com");
    const refused = await get("/api/trpc/alerts.list?input=%7Bbad", {
      authorization: `Bearer ${token}`,
    });
    expect(refused.status).toBe(400);
    expect(messageOf(refused.text)).toBe("Die Eingabe ist kein gültiges JSON");
  });

  it("says no such procedure in Spanish, and a subscription's unreadable input in German", async () => {
    const missing = await get("/api/trpc/nope.list", spanish);
    expect(missing.status).toBe(404);
    expect(messageOf(missing.text)).toBe('No hay ningún procedimiento en la ruta "nope.list"');
    // A subscription's input is read before its context is built: a refused event stream.
    const stream = await get("/api/trpc/import.progress?input=%7Bbad", german);
    expect(stream.text).toContain("event: serialized-error");
    expect(stream.text).toContain("Die Eingabe ist kein gültiges JSON");
  });

  it("says an internal error answered before any context in the Accept-Language's language", async () => {
    // Building the context fails (the session's look-up throws): a bare 500, with no account.
    const sessions = t.app.deps.repos.sessions;
    const findActive = sessions.findActive.bind(sessions);
    sessions.findActive = () => Promise.reject(new Error("session store on fire"));
    try {
      const authorization = "Bearer some-session-token";
      const failed = await get("/api/trpc/watchlist.list", { ...german, authorization });
      expect(failed.status).toBe(500);
      expect(messageOf(failed.text)).toBe("Interner Serverfehler");
      expect(failed.text).not.toContain("on fire");
      const stream = await get("/api/trpc/import.progress", { ...spanish, authorization });
      expect(stream.text).toContain("event: serialized-error");
      expect(stream.text).toContain("Error interno del servidor");
      const english = await get("/api/trpc/watchlist.list", { authorization });
      expect(messageOf(english.text)).toBe("Internal server error");
    } finally {
      sessions.findActive = findActive;
    }
  });

  it("keeps the English for a client that sends no Accept-Language", async () => {
    expect(messageOf((await get(tooLargeBatch)).text)).toBe("Batch call exceeds maximum size");
    expect(messageOf((await get("/api/trpc/nope.list")).text)).toBe(
      'No procedure found on path "nope.list"',
    );
    const stream = await get("/api/trpc/import.progress?input=%7Bbad");
    expect(stream.text).toContain("The input is not valid JSON");
  });
});
