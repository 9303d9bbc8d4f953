import { cryptoQuote, marketMessages } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { subtract } from "@ledgerline/money";
import { toCryptoQuote } from "../../src/service/crypto-market-service";
import { serviceAt } from "../support/service";
import { DURING_SESSION } from "../support/times";

describe("crypto quotes", () => {
  it("compute change as last minus open and its percent of the open, exactly", () => {
    const quote = toCryptoQuote("BTC", "64090", {
      open: "84927.78",
      high: "85562.07",
      low: "83217.26",
      last: "83233.97",
      volume: 8043.06336134,
    });
    expect(quote).toEqual({
      symbol: "BTC",
      price: "64090",
      currency: "USD",
      open: "84927.78",
      change: "-1693.81",
      changePercent: -1.9944,
      volume: 8043.06336134,
      high24h: "85562.07",
      low24h: "83217.26",
    });
    expect(
      toCryptoQuote("SHIB", "0.00001657", {
        open: "0.00001599",
        high: "0.00001672",
        low: "0.00001573",
        last: "0.00001657",
        volume: 1,
      }).change,
    ).toBe("0.00000058");
  });

  it("are served through the cache, valid against the contract, with sub-cent precision", async () => {
    const { market, crypto } = serviceAt(DURING_SESSION);
    const [btc, shib] = [await market.crypto.getQuote("btc"), await market.crypto.getQuote("SHIB")];
    expect(cryptoQuote.safeParse(btc).success).toBe(true);
    expect(btc.change).toBe(subtract(btc.price, btc.open));
    expect(shib.price).toMatch(/^0\.0000\d+$/);
    await market.crypto.getQuote("BTC");
    expect(crypto.calls.map((call) => call.method)).toEqual([
      "getSpotPrice",
      "get24hStats",
      "getSpotPrice",
      "get24hStats",
    ]);
  });

  it("report an unknown coin per symbol without failing the others", async () => {
    const { market } = serviceAt(DURING_SESSION);
    const results = await market.crypto.getQuotes(["ETH", "NOPE"]);
    expect(results[0]).toMatchObject({ symbol: "ETH", ok: true });
    expect(results[1]).toMatchObject({
      symbol: "NOPE",
      ok: false,
      error: { kind: "not_found", message: marketMessages.failedToFetchCryptoData },
    });
  });
});
