import { currencyMessages, type FxRates } from "@ledgerline/contracts";
import { SimulatedFxRates } from "@ledgerline/market";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, trpcData, type TestApp } from "../support/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(() => t.close());

// The test app's market: the default seed, on Wednesday 2026-03-11.
const sim = new SimulatedFxRates({ seed: "20250101" });

describe("the display currency over REST", () => {
  it("is USD for a new account and changes to EUR", async () => {
    const user = await t.registerUser();
    const before = await t.request("GET", "/api/users/display-currency", { token: user.token });
    expect(before.body).toEqual({ currency: "USD" });

    const set = await t.request("PUT", "/api/users/display-currency", {
      token: user.token,
      body: { currency: "EUR" },
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ currency: "EUR" });
    const after = await t.request("GET", "/api/users/display-currency", { token: user.token });
    expect(after.body).toEqual({ currency: "EUR" });
    // Another user's setting is their own.
    const other = await t.registerUser();
    expect(
      (await t.request("GET", "/api/users/display-currency", { token: other.token })).body,
    ).toEqual({ currency: "USD" });
  });

  it("refuses a currency off the list with a 400 and changes nothing", async () => {
    const user = await t.registerUser();
    for (const currency of ["SEK", "eur", "", 7]) {
      const response = await t.request("PUT", "/api/users/display-currency", {
        token: user.token,
        body: { currency },
      });
      expect(response.status).toBe(400);
      expect(response.body?.message).toBe(currencyMessages.unknownCurrency);
    }
    const [row] = await t.sql<{ display_currency: string }>(
      "SELECT display_currency FROM users WHERE id = ?",
      [user.id],
    );
    expect(row?.display_currency).toBe("USD");
  });

  it("answers the rates of each day of a range, the Friday's for a weekend start", async () => {
    const user = await t.registerUser();
    await t.request("PUT", "/api/users/display-currency", {
      token: user.token,
      body: { currency: "EUR" },
    });
    const response = await t.request("GET", "/api/fx/rates", {
      token: user.token,
      query: { from: "2026-03-07", to: "2026-03-11" },
    });
    expect(response.status).toBe(200);
    const rates = response.body as unknown as FxRates;
    expect(rates.currency).toBe("EUR");
    expect(rates.days).toEqual(
      ["2026-03-06", "2026-03-09", "2026-03-10", "2026-03-11"].map((date) =>
        sim.rateOn("EUR", date),
      ),
    );
    expect(rates.latest).toEqual(sim.rateOn("EUR", "2026-03-11"));
  });

  it("answers no rates in USD: nothing is converted", async () => {
    const user = await t.registerUser();
    const response = await t.request("GET", "/api/fx/rates", {
      token: user.token,
      query: { from: "2026-03-01", to: "2026-03-11" },
    });
    expect(response.body).toEqual({ currency: "USD", latest: null, days: [] });
  });

  it("refuses a range that is not one with a 400", async () => {
    const user = await t.registerUser();
    const ranges: Record<string, string>[] = [
      { from: "2026-03-11", to: "2026-03-01" },
      { from: "yesterday", to: "2026-03-01" },
      { from: "2026-03-01" },
    ];
    for (const query of ranges) {
      const response = await t.request("GET", "/api/fx/rates", { token: user.token, query });
      expect(response.status).toBe(400);
    }
  });
});

describe("the display currency over tRPC", () => {
  it("sets JPY and answers yen rates; a bad currency is a 400", async () => {
    const user = await t.registerUser();
    const bad = await t.trpc("mutation", "displayCurrency.set", { currency: "XAU" }, user.token);
    expect(bad.status).toBe(400);
    const set = await t.trpc("mutation", "displayCurrency.set", { currency: "JPY" }, user.token);
    expect(trpcData(set)).toEqual({ currency: "JPY" });
    expect(trpcData(await t.trpc("query", "displayCurrency.get", undefined, user.token))).toEqual({
      currency: "JPY",
    });
    const rates = trpcData<FxRates>(
      await t.trpc(
        "query",
        "displayCurrency.rates",
        { from: "2026-03-10", to: "2026-03-11" },
        user.token,
      ),
    );
    // The day before the range comes along: the rate in force before its first day.
    expect(rates.days).toEqual(
      ["2026-03-09", "2026-03-10", "2026-03-11"].map((date) => sim.rateOn("JPY", date)),
    );
    expect(Number(rates.latest?.rate)).toBeGreaterThan(100);
  });
});
