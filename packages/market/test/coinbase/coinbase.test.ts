import { marketMessages } from "@ledgerline/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { CoinbaseCryptoMarket } from "../../src/coinbase/coinbase-crypto-market";
import { MarketDataError } from "../../src/errors";
import {
  fixture,
  startFixtureServer,
  type FixtureServer,
  type Route,
} from "../support/fixture-server";

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function coinbaseWith(route: Route, timeoutMs = 2000) {
  server = await startFixtureServer(route);
  // Both Coinbase hosts are served by the one local server, under different prefixes.
  return new CoinbaseCryptoMarket({
    apiBaseUrl: `${server.url}/app`,
    exchangeBaseUrl: `${server.url}/exchange`,
    timeoutMs,
  });
}

const recorded: Route = (request) => {
  switch (request.path) {
    case "/app/v2/prices/BTC-USD/spot":
      return { body: fixture("coinbase/spot-BTC-USD.json") };
    case "/exchange/products/BTC-USD/stats":
      return { body: fixture("coinbase/stats-BTC-USD.json") };
    case "/app/v2/currencies/crypto":
      return { body: fixture("coinbase/currencies-crypto.json") };
    case "/app/v2/prices/NOPE-USD/spot":
      return { status: 404, body: fixture("coinbase/error-404-invalid-currency.json") };
    default:
      return undefined;
  }
};

async function failureOf(promise: Promise<unknown>): Promise<MarketDataError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MarketDataError);
  return error as MarketDataError;
}

describe("Coinbase adapter against recorded payloads", () => {
  it("reads the spot price as a canonical decimal", async () => {
    const coinbase = await coinbaseWith(recorded);
    expect(await coinbase.getSpotPrice("BTC")).toBe("64090");
    expect(server!.requests[0]!.headers["user-agent"]).toMatch(/ledgerline/);
  });

  it("reads 24 h stats, all of them strings upstream", async () => {
    const coinbase = await coinbaseWith(recorded);
    expect(await coinbase.get24hStats("BTC")).toEqual({
      open: "84927.78",
      high: "85562.07",
      low: "83217.26",
      last: "83233.97",
      volume: 8043.06336134,
    });
  });

  it("lists crypto currencies by code", async () => {
    const coinbase = await coinbaseWith(recorded);
    expect(await coinbase.listCurrencies()).toEqual([
      { id: "BTC", name: "Bitcoin" },
      { id: "ETH", name: "Ethereum" },
    ]);
  });

  it("also reads the fiat list's id field", async () => {
    const coinbase = await coinbaseWith((request) =>
      request.path === "/app/v2/currencies/crypto"
        ? { body: fixture("coinbase/currencies.json") }
        : undefined,
    );
    expect((await coinbase.listCurrencies()).map((currency) => currency.id)).toEqual([
      "AED",
      "USD",
      "EUR",
    ]);
  });
});

describe("Coinbase adapter faults", () => {
  it("maps an invalid currency (404) to not found with the crypto message", async () => {
    const coinbase = await coinbaseWith(recorded);
    expect(await failureOf(coinbase.getSpotPrice("NOPE"))).toMatchObject({
      kind: "not_found",
      message: marketMessages.failedToFetchCryptoData,
    });
  });

  it("maps 429 to rate_limited", async () => {
    const coinbase = await coinbaseWith(() => ({
      status: 429,
      body: fixture("coinbase/error-429-rate-limit.json"),
    }));
    expect(await failureOf(coinbase.get24hStats("BTC"))).toMatchObject({
      kind: "rate_limited",
      message: marketMessages.failedToFetchCryptoData,
    });
  });

  it("maps a failing currency list to the supported-currencies message", async () => {
    const coinbase = await coinbaseWith(() => ({ status: 503, body: "unavailable" }));
    expect(await failureOf(coinbase.listCurrencies())).toMatchObject({
      kind: "unavailable",
      message: marketMessages.failedToFetchSupportedCurrencies,
    });
  });

  it("maps a timeout, a malformed body and a malformed amount", async () => {
    const hung = await coinbaseWith(() => ({ hang: true }), 150);
    expect(await failureOf(hung.getSpotPrice("BTC"))).toMatchObject({ kind: "unavailable" });
    await server!.close();
    const garbage = await coinbaseWith(() => ({ body: "<html>" }));
    expect(await failureOf(garbage.get24hStats("BTC"))).toMatchObject({ kind: "bad_response" });
    await server!.close();
    const badAmount = await coinbaseWith(() => ({
      body: '{"data":{"amount":"lots","base":"BTC","currency":"USD"}}',
    }));
    expect(await failureOf(badAmount.getSpotPrice("BTC"))).toMatchObject({ kind: "bad_response" });
  });
});
