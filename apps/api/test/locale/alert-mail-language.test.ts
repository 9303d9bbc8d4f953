import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cryptoMarketService } from "../support/crypto-support";
import { firedBtcAlert, registerIn } from "../support/locale-support";
import { startTestApp, type TestApp } from "../support/test-app";

// Decision 0070, continued: the message inside an alert's mail in the recipient's language (the
// notification is stored in English, and the bell says it in its reader's language:
// notifications-language.test.ts); the note as the user wrote it.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ market: cryptoMarketService() });
});
afterAll(() => t.close());

/** A BTC alert above a level no price reaches, fired by a price past it; the mails sent. */
async function firedAlertMails(locale: string, email: string) {
  const { token } = await registerIn(t, locale, email);
  await firedBtcAlert(t, token);
  return t.app.deps.repos.mailOutbox.listFor(email);
}

describe("the alert mail in the recipient's language", () => {
  it("says a German account's fired alert in German, its note as written", async () => {
    const [mail] = await firedAlertMails("de-DE", "grete-alert@example.com");
    expect(mail?.subject).toBe("Ledgerline-Preisalarm");
    expect(mail!.bodyText.split("\n")[2]).toBe(
      "BTC steht bei $2,000,000,000.00, auf oder über Ihrer Alarmschwelle von $1,000,000,000.00. Notiz: sell half.",
    );
  });

  it("keeps the English for an English account", async () => {
    const [mail] = await firedAlertMails("en-US", "ann-alert@example.com");
    expect(mail!.bodyText.split("\n")[2]).toBe(
      "BTC is at $2,000,000,000.00, at or above your alert at $1,000,000,000.00. Note: sell half.",
    );
  });
});
