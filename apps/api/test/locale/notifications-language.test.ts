import { dateOf } from "@ledgerline/clock";
import type { Notification } from "@ledgerline/contracts";
import { driftAlertMessage } from "@ledgerline/api/insights/drift-alert-rule";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cryptoMarketService } from "../support/crypto-support";
import { firedBtcAlert, registerIn } from "../support/locale-support";
import { startTestApp, type TestApp } from "../support/test-app";

// Decision 0070, continued: the bell's notifications (and so the toast of a new one, which the
// bell shows from the same list) in the reader's language, through both doors. They are stored
// in English and put into the language as they are read: one stored before the account changed
// its language reads in the new one. English byte for byte; the note as the user wrote it.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ market: cryptoMarketService() });
});
afterAll(() => t.close());

/**
 * A new account in `locale` with a fired BTC price alert (its note "sell half") and, stored
 * after it, a fired sector drift alert; its token.
 */
async function notifiedAccount(locale: string, email: string) {
  const { token, id } = await registerIn(t, locale, email);
  await firedBtcAlert(t, token);
  const { repos } = t.app.deps;
  const at = new Date(dateOf(t.clock).getTime() + 1000);
  const drift = await repos.driftAlerts.put(id, "sector", { points: "5", repeat: "once" }, at);
  const message = driftAlertMessage(drift, {
    key: "Information Technology",
    label: "Information Technology",
    target: "0.5",
    actual: "0.375",
    difference: "-0.125",
  });
  expect(await repos.driftAlerts.trigger(drift.id, "12.5", at, message)).not.toBeNull();
  return token;
}

async function bell(door: "rest" | "trpc", token: string): Promise<string[]> {
  const answer =
    door === "rest"
      ? await t.request("GET", "/api/notifications", { token })
      : await t.trpc("query", "notifications.list", undefined, token);
  expect(answer.status).toBe(200);
  const list =
    door === "rest"
      ? (answer.body as unknown as Notification[])
      : (answer.body as unknown as { result: { data: Notification[] } }).result.data;
  return list.map((notification) => notification.message);
}

describe("the bell's notifications in the reader's language", () => {
  it.each(["rest", "trpc"] as const)(
    "says a German account's alerts in German (%s)",
    async (door) => {
      const token = await notifiedAccount("de-DE", `grete-bell-${door}@example.com`);
      expect(await bell(door, token)).toEqual([
        "Ihre Aufteilung nach Sektoren ist abgewichen: Informationstechnologie liegt bei 37.50% gegenüber dem Ziel von 50.00%, 12.5 Punkte darunter, mehr als Ihre Alarmschwelle von 5 Punkten",
        "BTC steht bei $2,000,000,000.00, auf oder über Ihrer Alarmschwelle von $1,000,000,000.00. Notiz: sell half",
      ]);
    },
  );

  it("reads the ones stored before in the language the account has chosen since", async () => {
    const token = await notifiedAccount("de-DE", "grete-bell-switch@example.com");
    const changed = await t.request("PUT", "/api/users/locale", {
      token,
      body: { locale: "es-ES" },
    });
    expect(changed.status).toBe(200);
    expect(await bell("rest", token)).toEqual([
      "Tu distribución por sector se ha desviado: Tecnología de la información está en 37.50% frente a su objetivo de 50.00%, 12.5 puntos por debajo, más allá de tu alerta en 5 puntos",
      "BTC está en $2,000,000,000.00, igual o por encima de tu alerta en $1,000,000,000.00. Nota: sell half",
    ]);
  });

  it("keeps the English byte for byte for an English account", async () => {
    const token = await notifiedAccount("en-US", "ann-bell@example.com");
    const english = [
      "Your sector mix has drifted: Information Technology is at 37.50% against its 50.00% target, 12.5 points under, beyond your alert at 5 points",
      "BTC is at $2,000,000,000.00, at or above your alert at $1,000,000,000.00. Note: sell half",
    ];
    expect(await bell("rest", token)).toEqual(english);
    expect(await bell("trpc", token)).toEqual(english);
    const stored = await t.sql<{ message: string }>(
      "SELECT message FROM notifications ORDER BY id DESC LIMIT 2",
    );
    expect(stored.map((row) => row.message)).toEqual(english);
  });
});
