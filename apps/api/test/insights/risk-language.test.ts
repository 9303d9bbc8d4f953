import { riskReasons, type PortfolioRisk } from "@ledgerline/contracts";
import { afterEach, describe, expect, it } from "vitest";
import type { TestApp } from "../support/test-app";
import { historyApp } from "../support/transactions-support";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The history tests' user on the pinned market (today Wednesday 11 March 2026), in a locale. */
async function userIn(locale: string) {
  const me = await historyApp();
  t = me.t;
  if (locale !== "en-US") {
    const set = await me.t.request("PUT", "/api/users/locale", {
      token: me.user.token,
      body: { locale },
    });
    expect(set.status).toBe(200);
  }
  const rest = async (headers: Record<string, string> = {}) => {
    const response = await me.t.request("GET", "/api/portfolio/risk?range=1M", {
      token: me.user.token,
      headers,
    });
    expect(response.status).toBe(200);
    return response.body as unknown as PortfolioRisk;
  };
  return { ...me, rest };
}

const reasons = (risk: PortfolioRisk) => ({
  volatility: risk.volatility.reason,
  sharpeRatio: risk.sharpeRatio.reason,
  beta: risk.beta.reason,
  correlation: risk.correlation.reason,
  maxDrawdown: risk.maxDrawdown.reason,
});

describe("why a risk figure is missing, in the reader's language", () => {
  it("says it in German to a German account, through both doors", async () => {
    const me = await userIn("de-DE");
    const nothing = "In diesem Zeitraum wurde nichts gehalten.";
    expect(reasons(await me.ok<PortfolioRisk>("insights.risk", { range: "1M" }))).toEqual({
      volatility: nothing,
      sharpeRatio: nothing,
      beta: nothing,
      correlation: nothing,
      maxDrawdown: nothing,
    });
    expect(reasons(await me.rest()).maxDrawdown).toBe(nothing);
    // A reason with a value: the day count stays as the server counted it.
    await me.buy("STOCK", "AAPL", "10", "240", "2026-03-10T15:00:00Z");
    const short = await me.ok<PortfolioRisk>("insights.risk", { range: "1M" });
    expect(short.volatility).toEqual({
      value: null,
      reason:
        "Benötigt mindestens 2 tägliche Renditen (3 Schlusskurse an Wochentagen); dieser Zeitraum hat 1.",
    });
    expect(short.maxDrawdown.reason).toBeNull();
  });

  it("says it in Spanish to a Spanish account", async () => {
    const me = await userIn("es-ES");
    const risk = await me.ok<PortfolioRisk>("insights.risk", { range: "1M" });
    expect(risk.volatility.reason).toBe("No tuviste nada en este periodo.");
    await me.buy("STOCK", "AAPL", "10", "240", "2026-03-10T15:00:00Z");
    expect((await me.rest()).volatility.reason).toBe(
      "Se necesitan al menos 2 rentabilidades diarias (3 cierres de días laborables); este periodo tiene 1.",
    );
  });

  it("keeps the contracts' English for an English account, whatever the client sends", async () => {
    const me = await userIn("en-US");
    expect((await me.rest()).volatility.reason).toBe(riskReasons.nothingHeld);
    expect((await me.rest({ "accept-language": "de-DE" })).volatility.reason).toBe(
      riskReasons.nothingHeld,
    );
    await me.buy("STOCK", "AAPL", "10", "240", "2026-03-10T15:00:00Z");
    expect((await me.ok<PortfolioRisk>("insights.risk", { range: "1M" })).volatility.reason).toBe(
      riskReasons.tooFewDays(1),
    );
  });
});
