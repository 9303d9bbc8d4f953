import { afterEach, describe, expect, it } from "vitest";
import { fixedClock } from "@ledgerline/clock";
import { PolygonFxRates } from "../../src/fx/polygon-fx-rates";
import type { ForeignCurrency, FxRateProvider } from "../../src/fx/types";
import { createMarketService } from "../../src/service/create-market-service";
import { isMarketDataError } from "../../src/errors";
import { fixture, startFixtureServer, type FixtureServer } from "../support/fixture-server";

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const fixturePath = "/v2/aggs/ticker/C:USDEUR/range/1/day/2026-11-20/2026-11-30";

describe("Polygon's forex aggregates", () => {
  it("read each day's close as that day's rate, to 4 decimals", async () => {
    server = await startFixtureServer((request) =>
      request.path === fixturePath
        ? { body: fixture("polygon/aggs-C-USDEUR-day.json") }
        : undefined,
    );
    const polygon = new PolygonFxRates({ apiKey: "test-key", baseUrl: server.url });
    const rates = await polygon.getDailyRates("EUR", "2026-11-20", "2026-11-30");
    expect(rates).toEqual([
      { date: "2026-11-20", rate: "0.925" },
      // 0.92265 rounds half to even.
      { date: "2026-11-23", rate: "0.9226" },
      { date: "2026-11-24", rate: "0.9212" },
      { date: "2026-11-25", rate: "0.9199" },
      { date: "2026-11-26", rate: "0.9209" },
      { date: "2026-11-27", rate: "0.9213" },
    ]);
    expect(server.requests[0]?.headers.authorization).toBe("Bearer test-key");
    expect(server.requests[0]?.query.get("sort")).toBe("asc");
  });

  it("fail as the spec's exchange-rate error when the key is refused", async () => {
    server = await startFixtureServer(() => ({
      status: 401,
      body: fixture("polygon/error-401-unknown-key.json"),
    }));
    const polygon = new PolygonFxRates({ apiKey: "bad", baseUrl: server.url });
    const failure: unknown = await polygon
      .getDailyRates("EUR", "2026-11-20", "2026-11-30")
      .catch((error: unknown) => error);
    expect(isMarketDataError(failure) && failure.kind).toBe("unauthorized");
    expect((failure as Error).message).toBe("Failed to fetch exchange rates");
  });
});

/** A provider that publishes 0.9 + day/10000 on weekdays and counts its calls. */
function countingProvider() {
  const calls: string[] = [];
  const provider: FxRateProvider = {
    id: "counting",
    simulated: true,
    getDailyRates(currency: ForeignCurrency, from: string, to: string) {
      calls.push(`${currency} ${from} ${to}`);
      const rates = [];
      for (let t = Date.parse(from); t <= Date.parse(to); t += 86_400_000) {
        const date = new Date(t);
        if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
        rates.push({ date: date.toISOString().slice(0, 10), rate: `0.9${date.getUTCDate()}` });
      }
      return Promise.resolve(rates);
    },
  };
  return { provider, calls };
}

describe("the FX door of the market service", () => {
  // Monday 2026-11-30, midday UTC.
  const clock = fixedClock(new Date("2026-11-30T12:00:00Z"));

  it("answers the range's rates with the one in force on its first day, and the latest", async () => {
    const { provider } = countingProvider();
    const market = createMarketService({ clock, fx: { provider } });
    // Saturday to Wednesday: Friday's rate is the one in force on Saturday.
    const rates = await market.fx.rates("EUR", "2026-11-21", "2026-11-25");
    expect(rates.days.map((rate) => rate.date)).toEqual([
      "2026-11-20",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
    ]);
    expect(rates.latest).toEqual({ date: "2026-11-30", rate: "0.930" });
  });

  it("asks upstream for a past day once, however often it is read", async () => {
    const { provider, calls } = countingProvider();
    const market = createMarketService({ clock, fx: { provider } });
    await market.fx.rates("EUR", "2026-11-01", "2026-11-30");
    await market.fx.rates("EUR", "2026-11-10", "2026-11-30");
    await market.fx.rates("EUR", "2026-11-01", "2026-11-20");
    expect(calls).toEqual(["EUR 2026-11-16 2026-11-30", "EUR 2026-10-18 2026-11-29"]);
    // An earlier start fetches only the days before the kept ones.
    await market.fx.rates("EUR", "2026-10-01", "2026-11-30");
    expect(calls.at(-1)).toBe("EUR 2026-09-17 2026-10-17");
  });
});
