import { messages } from "@ledgerline/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pinnedOpenMarket } from "../support/portfolio-support";
import { registerIn as registerInApp } from "../support/locale-support";
import { startTestApp, type TestApp } from "../support/test-app";

// Decision 0070: the API's texts in the account's language, else Accept-Language's, else English.

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp({ market: pinnedOpenMarket() });
});
afterEach(() => t.close());

const registerIn = (locale: string, email?: string) => registerInApp(t, locale, email);

interface TrpcError {
  error: { message: string; data: { issues: { path: string; message: string }[] | null } };
}

describe("a German account", () => {
  it("gets a trade's validation errors in German through tRPC", async () => {
    const { token } = await registerIn("de-DE");
    const zero = await t.trpc(
      "mutation",
      "portfolio.buy",
      { symbol: "AAPL", quantity: "0", purchasePrice: "10" },
      token,
    );
    expect(zero.status).toBe(400);
    const { error } = zero.body as unknown as TrpcError;
    expect(error.message).toBe("Menge muss größer als 0 sein");
    expect(error.data.issues).toEqual([
      { path: "quantity", message: "Menge muss größer als 0 sein" },
    ]);
    const tooPrecise = await t.trpc(
      "mutation",
      "portfolio.buy",
      { symbol: "AAPL", quantity: "1.123456789", purchasePrice: "10" },
      token,
    );
    expect((tooPrecise.body as unknown as TrpcError).error.message).toBe(
      "Menge darf höchstens 8 Nachkommastellen haben",
    );
  });

  it("gets German over REST too, whatever its Accept-Language says", async () => {
    const { token } = await registerIn("de-CH");
    const zero = await t.request("POST", "/api/portfolio", {
      token,
      body: { symbol: "AAPL", quantity: 0, purchasePrice: 1 },
      headers: { "accept-language": "en-US" },
    });
    expect(zero.status).toBe(400);
    expect(zero.body?.message).toBe("Menge muss größer als 0 sein");
    const wrong = await t.request("POST", "/api/users/update-password", {
      token,
      body: { currentPassword: "not-the-password", newPassword: "another-horse-43" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body?.message).toBe("Das aktuelle Passwort ist falsch");
    const changed = await t.request("POST", "/api/users/update-password", {
      token,
      body: { currentPassword: "correct-horse-42", newPassword: "another-horse-43" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ message: "Das Passwort wurde geändert" });
  });

  it("gets its password-reset mail in German", async () => {
    await registerIn("de-DE", "grete@example.com");
    // Asked in English by someone else: the mail is the account's, in the account's language.
    const asked = await t.request("POST", "/api/auth/forgot-password", {
      body: { email: "grete@example.com" },
    });
    expect(asked.body?.message).toBe(messages.forgotPasswordSent);
    await t.settled();
    const [mail] = await t.app.deps.repos.mailOutbox.listFor("grete@example.com");
    expect(mail?.subject).toBe("Setzen Sie Ihr Ledgerline-Passwort zurück");
    const lines = mail!.bodyText.split("\n");
    expect(lines[0]).toBe("Hallo Grete,");
    expect(lines[2]).toMatch(/^Jemand hat angefordert, das Passwort Ihres Ledgerline-Kontos/);
    expect(lines[4]).toMatch(/^https:\/\/ledgerline\.test\/reset-password\?token=/);
    expect(mail!.bodyText).toContain("ignorieren Sie diese E-Mail");
  });
});

describe("a visitor who is not signed in", () => {
  it("gets a failed sign-in in Spanish when Accept-Language asks for it", async () => {
    await registerIn("en-US", "ana@example.com");
    const failed = await t.request("POST", "/api/auth/login", {
      body: { email: "ana@example.com", password: "wrong-password-1" },
      headers: { "accept-language": "fr;q=0.9, es-ES, en;q=0.5" },
    });
    expect(failed.status).toBe(400);
    expect(failed.body?.message).toBe("Credenciales no válidas");
    const viaTrpc = await t.request("POST", "/api/trpc/auth.login", {
      body: { email: "ana@example.com", password: "wrong-password-1" },
      headers: { "accept-language": "es" },
    });
    expect((viaTrpc.body as unknown as TrpcError).error.message).toBe("Credenciales no válidas");
    const asked = await t.request("POST", "/api/auth/forgot-password", {
      body: { email: "nobody@example.com" },
      headers: { "accept-language": "es" },
    });
    expect(asked.body?.message).toBe(
      "Si existe una cuenta con ese correo, te hemos enviado un enlace para restablecer la contraseña. Es válido durante 30 minutos.",
    );
  });

  it("gets English over REST without Accept-Language, or with one naming no catalog language", async () => {
    await registerIn("es-ES", "ana@example.com");
    const failed = await t.request("POST", "/api/auth/login", {
      body: { email: "ana@example.com", password: "wrong-password-1" },
    });
    expect(failed.status).toBe(400);
    expect(failed.body?.message).toBe(messages.invalidCredentials);
    const french = await t.request("POST", "/api/auth/register", {
      body: { email: "x", name: "X", password: "correct-horse-42" },
      headers: { "accept-language": "fr-FR, ja" },
    });
    expect(french.status).toBe(400);
    expect(french.body?.message).toBe(messages.emailInvalid);
  });

  it("gets a refused request body's issues in Spanish over REST, each and joined", async () => {
    const refused = await t.request("POST", "/api/auth/register", {
      body: { email: "x", name: "X", password: "123" },
      headers: { "accept-language": "es" },
    });
    expect(refused.status).toBe(400);
    const body = refused.body as unknown as TrpcError["error"]["data"] & { message: string };
    expect(body.issues?.map((issue) => issue.message)).toEqual([
      "Introduce un correo electrónico válido",
      "La contraseña debe tener al menos 6 caracteres",
    ]);
    expect(body.message).toBe(
      "Introduce un correo electrónico válido; La contraseña debe tener al menos 6 caracteres",
    );
    // The English a client without the header reads is the spec's own.
    const english = await t.request("POST", "/api/auth/register", {
      body: { email: "x", name: "X", password: "123" },
    });
    expect(english.body?.message).toBe(`${messages.emailInvalid}; ${messages.passwordTooShort}`);
  });
});
