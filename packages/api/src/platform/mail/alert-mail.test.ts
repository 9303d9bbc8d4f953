import { describe, expect, it } from "vitest";
import { driftAlertMessage } from "../../insights/drift-alert-rule";
import { alertMessage } from "../../live/alert-evaluator";
import { alertMail, type Recipient } from "./templates";

/**
 * The alert mail's message (decision 0070): the notification's English, put into the recipient's
 * language through the catalog's `api_alert_*` messages, each condition and each mix; the note
 * is the user's own words and stays as written; English byte for byte as the notification's.
 */
const to = (locale: string): Recipient => ({ email: "grete@example.com", name: "Grete", locale });
const messageLine = (locale: string, message: string, kind: "price" | "drift" = "price") =>
  alertMail(to(locale), message, "https://ledgerline.test", kind).text.split("\n")[2];

const above = { symbol: "BTC", condition: "above", value: "85000", note: null } as const;
const drift = {
  key: "Information Technology",
  label: "Information Technology",
  target: "0.5",
  actual: "0.625",
  difference: "0.125",
};

describe("the alert mail's message in the recipient's language", () => {
  it("says each price condition in German, the note as written", () => {
    expect(messageLine("de-DE", alertMessage(above, "86733.97", 2))).toBe(
      "BTC steht bei $86,733.97, auf oder über Ihrer Alarmschwelle von $85,000.00.",
    );
    expect(
      messageLine(
        "de-DE",
        alertMessage({ ...above, condition: "below", note: "Quantity" }, "1", 0),
      ),
    ).toMatch(
      /^BTC steht bei \$1\.00, auf oder unter Ihrer Alarmschwelle von .*\. Notiz: Quantity\.$/,
    );
    expect(
      messageLine("es-ES", alertMessage({ ...above, condition: "move", value: "5" }, "1", -6.5)),
    ).toMatch(/^BTC se movió .* hoy \(precio \$1\.00\), más allá de tu alerta en ±5.*\.$/);
  });

  it("says a drift alert's mix and side in Spanish and German", () => {
    expect(
      messageLine("es-ES", driftAlertMessage({ by: "sector", points: "5" }, drift), "drift"),
    ).toBe(
      "Tu distribución por sector se ha desviado: Tecnología de la información está en 62.50% frente a su objetivo de 50.00%, 12.5 puntos por encima, más allá de tu alerta en 5 puntos.",
    );
    const under = { ...drift, actual: "0.375", difference: "-0.125" };
    for (const by of ["assetClass", "sector", "symbol"] as const) {
      const text = messageLine("de-DE", driftAlertMessage({ by, points: "5" }, under), "drift");
      expect(text).toMatch(/^Ihre Aufteilung nach \w+ ist abgewichen: .* 12\.5 Punkte darunter, /);
    }
  });

  it("keeps the notification's English for an English or French account", () => {
    const message = alertMessage({ ...above, note: "take profit" }, "86733.97", 2);
    expect(messageLine("en-US", message)).toBe(`${message}.`);
    expect(messageLine("fr-FR", message)).toBe(`${message}.`);
    const drifted = driftAlertMessage({ by: "symbol", points: "5" }, drift);
    expect(messageLine("en-GB", drifted, "drift")).toBe(`${drifted}.`);
  });
});
