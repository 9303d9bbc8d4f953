import {
  investmentAccountMessages,
  marketMessages,
  transferMessages,
  type InvestmentAccount,
} from "@ledgerline/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pinnedOpenMarket } from "../support/portfolio-support";
import { registerIn as registerInApp } from "../support/locale-support";
import { startTestApp, type TestApp } from "../support/test-app";

// Decision 0070, continued: the accounts', cash's, transfers', income's, market's and admin's
// refusals in the reader's language; English word for word for a client that asks for none.

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp({ market: pinnedOpenMarket() });
});
afterEach(() => t.close());

const registerIn = async (locale: string, email?: string) =>
  (await registerInApp(t, locale, email)).token;

async function accountsOf(token: string) {
  return (await t.request("GET", "/api/accounts", { token }))
    .body as unknown as InvestmentAccount[];
}

describe("a German account's refusals", () => {
  it("says the accounts' and transfers' refusals in German", async () => {
    const token = await registerIn("de-DE");
    const [main] = await accountsOf(token);
    const onlyOne = await t.request("DELETE", `/api/accounts/${main!.id}`, { token, body: {} });
    expect(onlyOne.status).toBe(409);
    expect(onlyOne.body?.message).toBe("Ihr einziges Konto kann nicht gelöscht werden");
    const taken = await t.request("POST", "/api/accounts", { token, body: { name: main!.name } });
    expect(taken.status).toBe(409);
    expect(taken.body?.message).toBe("Sie haben bereits ein Konto mit diesem Namen");
    const same = await t.request("POST", "/api/transfers", {
      token,
      body: { fromAccountId: main!.id, toAccountId: main!.id, date: "2026-01-02", amount: "5" },
    });
    expect(same.status).toBe(400);
    expect(same.body?.message).toBe(
      "Ein Übertrag erfolgt zwischen zwei verschiedenen Konten: Wählen Sie ein anderes Zielkonto",
    );
    const ahead = await t.request("POST", "/api/cash", {
      token,
      body: { accountId: main!.id, type: "deposit", date: "2099-01-01", amount: "5" },
    });
    expect(ahead.status).toBe(400);
    expect(ahead.body?.message).toBe("Das Datum darf nicht in der Zukunft liegen");
    const missing = await t.request("DELETE", "/api/cash/9999", { token });
    expect(missing.status).toBe(404);
    expect(missing.body?.message).toBe("Barbewegung nicht gefunden");
  });

  it("says the income's refusals in German, the date named in German too", async () => {
    const token = await registerIn("de-DE", "hans@example.com");
    const refused = await t.request("POST", "/api/income", {
      token,
      body: {
        symbol: "AAPL",
        exDate: "2099-01-02",
        payDate: "2099-01-03",
        quantity: "1",
        amountPerShare: "0.25",
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body?.message).toBe("Der Ex-Tag darf nicht in der Zukunft liegen");
    const missing = await t.request("DELETE", "/api/income/9999", { token });
    expect(missing.status).toBe(404);
    expect(missing.body?.message).toBe("Dividendeneintrag nicht gefunden");
  });

  it("tells a German admin what was done in German", async () => {
    const admin = await t.createAdmin();
    await t.sql("UPDATE users SET locale = ? WHERE email = ?", ["de-DE", "root@example.com"]);
    const user = await t.registerUser({ email: "ex@example.com" });
    const deleted = await t.request("DELETE", `/api/users/${user.id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "ex@example.com wurde gelöscht" });
  });
});

describe("the market's refusals, and the English a client without a language reads", () => {
  it("says a bad symbol in a Spanish account's language, in the spec's English to others", async () => {
    const spanish = await t.request("POST", "/api/savedstocks/1BAD", {
      token: await registerIn("es-ES"),
      headers: { "accept-language": "en" },
    });
    expect(spanish.status).toBe(400);
    expect(spanish.body?.message).toBe(
      "Un símbolo de acción tiene de 1 a 10 caracteres: primero una letra y luego letras, dígitos, «.» o «-»",
    );
    const english = await t.request("POST", "/api/savedstocks/1BAD", {
      token: await registerIn("en-US"),
    });
    expect(english.body?.message).toBe(marketMessages.invalidStockSymbol);
  });

  it("keeps the accounts' and transfers' English for a client that sends no Accept-Language", async () => {
    const token = await registerIn("en-US", "ann@example.com");
    const [main] = await accountsOf(token);
    const onlyOne = await t.request("DELETE", `/api/accounts/${main!.id}`, { token, body: {} });
    expect(onlyOne.body?.message).toBe(investmentAccountMessages.onlyAccount);
    const same = await t.request("POST", "/api/transfers", {
      token,
      body: { fromAccountId: main!.id, toAccountId: main!.id, date: "2026-01-02", amount: "5" },
    });
    expect(same.body?.message).toBe(transferMessages.sameAccount);
  });
});
