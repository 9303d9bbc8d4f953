import { historicalBar, marketMessages } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { appPerTest } from "../support/app-per-test";
import { cryptoApp } from "../support/crypto-support";

const apps = appPerTest();

async function setUp() {
  const app = await apps.open(cryptoApp());
  return app;
}

type Bar = { date: string; c: string };

describe("crypto.history", () => {
  it("answers a month of daily bars by default, every UTC day, ending at the quote's price", async () => {
    const { call, quotePrice } = await setUp();
    const history = await call<Bar[]>("query", "crypto.history", { symbol: "btc", range: "1M" });
    expect(history.status).toBe(200);
    for (const bar of history.data) expect(historicalBar.safeParse(bar).success).toBe(true);
    expect(history.data[0]!.date).toBe("2026-02-11");
    expect(history.data.at(-1)!.date).toBe("2026-03-11");
    expect(history.data).toHaveLength(29);
    expect(history.data.at(-1)!.c).toBe(await quotePrice("BTC"));
    const unknownRange = await call<Bar[]>("query", "crypto.history", {
      symbol: "BTC",
      range: "5Y",
    });
    expect(unknownRange.data).toEqual(history.data);
  });

  it("covers the stock chart's ranges", async () => {
    const { call } = await setUp();
    const lengths: Record<string, number> = {};
    for (const range of ["1W", "3M", "6M", "1Y"]) {
      lengths[range] = (
        await call<Bar[]>("query", "crypto.history", { symbol: "ETH", range })
      ).data.length;
    }
    expect(lengths).toEqual({ "1W": 8, "3M": 91, "6M": 182, "1Y": 366 });
  });

  it("refuses a malformed symbol with 400 and an unknown coin with 404", async () => {
    const { call } = await setUp();
    const malformed = await call("query", "crypto.history", { symbol: "B T C", range: "1M" });
    expect(malformed.status).toBe(400);
    expect(malformed.message).toBe(marketMessages.invalidCryptoSymbol);
    const unknown = await call("query", "crypto.history", { symbol: "NOPE", range: "1M" });
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe(marketMessages.failedToFetchHistoricalData);
  });

  it("refuses anonymous requests with 401", async () => {
    await setUp();
    expect(
      (await apps.t.trpc("query", "crypto.history", { symbol: "BTC", range: "1M" })).status,
    ).toBe(401);
  });
});
