import { cannotRemoveWhileHeld, marketMessages } from "@ledgerline/contracts";
import { createManualClock } from "@ledgerline/market/testing";
import { describe, expect, it } from "vitest";
import {
  cryptoApp,
  cryptoMarketService,
  MARKET_NOW,
  signInCrypto,
  SwitchableCryptoMarket,
} from "../support/crypto-support";
import { appPerTest } from "../support/app-per-test";

const apps = appPerTest();

async function setUp(options: Parameters<typeof cryptoApp>[0] = {}) {
  const app = await apps.open(cryptoApp(options));
  return app;
}

/** A market whose clock moves and whose provider can fail; nothing stale is served past freshness. */
async function movingMarket() {
  const clock = createManualClock(MARKET_NOW);
  const provider = new SwitchableCryptoMarket(clock);
  const app = await setUp({
    market: cryptoMarketService({ clock, provider, ttls: { staleMs: 0 } }),
  });
  return { ...app, clock, provider };
}

describe("the crypto watchlist over tRPC", () => {
  it("saves a coin at the server's current quote and lists the watchlist by symbol", async () => {
    const { save, watchlist, quotePrice } = await setUp();
    const saved = await save("sol");
    expect(saved.status).toBe(200);
    const price = await quotePrice("SOL");
    expect(saved.data).toMatchObject({
      symbol: "SOL",
      price,
      savedPrice: price,
      currency: "USD",
      stale: false,
    });
    await save("BTC");
    await save("ETH");
    const list = await watchlist();
    expect(list.data.map((item) => item.symbol)).toEqual(["BTC", "ETH", "SOL"]);
    for (const item of list.data) expect(item.savedPrice).toBe(item.price);
  });

  it("saves its own quote, not the figures a client posts", async () => {
    const { save, quotePrice } = await setUp();
    const saved = await save("ETH", { price: 1, open: "2", change: 3, volume: 4 });
    expect(saved.status).toBe(200);
    expect(saved.data.savedPrice).toBe(await quotePrice("ETH"));
    expect(saved.data.open).not.toBe("2");
  });

  it("answers 'Cryptocurrency not found' for an unknown coin and the symbol rule for a malformed one", async () => {
    const { save, watchlist } = await setUp();
    const unknown = await save("NOPE");
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe(marketMessages.cryptocurrencyNotFound);
    const malformed = await save("B-T-C");
    expect(malformed.status).toBe(400);
    expect(malformed.message).toBe(marketMessages.invalidCryptoSymbol);
    expect((await watchlist()).data).toEqual([]);
  });

  it("answers the refreshed price beside the saved price and stores the fresh quote on the row", async () => {
    const { save, watchlist, clock, user } = await movingMarket();
    const saved = (await save("BTC")).data;
    await clock.advance(30 * 60_000);
    const [refreshed] = (await watchlist()).data;
    expect(refreshed!.savedPrice).toBe(saved.price);
    expect(refreshed!.price).not.toBe(saved.price);
    expect(refreshed!.stale).toBe(false);
    const row = await apps.t.app.deps.repos.cryptoWatchlist.find(user.id, "BTC");
    expect(row?.lastQuote?.price).toBe(refreshed!.price);
    expect(row?.savedPrice).toBe(saved.price);
  });

  it("keeps the stored quote of a coin whose refresh fails and marks it stale", async () => {
    const { save, watchlist, clock, provider } = await movingMarket();
    const saved = (await save("ETH")).data;
    await clock.advance(30 * 60_000);
    provider.failing = true;
    const [kept] = (await watchlist()).data;
    expect(kept).toMatchObject({ symbol: "ETH", price: saved.price, stale: true });
    provider.failing = false;
    const [fresh] = (await watchlist()).data;
    expect(fresh!.stale).toBe(false);
    expect(fresh!.price).not.toBe(saved.price);
  });

  it("saving a watched coin again resets its saved price to the current quote", async () => {
    const { save, clock } = await movingMarket();
    const first = (await save("DOGE")).data;
    await clock.advance(60 * 60_000);
    const again = (await save("DOGE")).data;
    expect(again.savedPrice).toBe(again.price);
    expect(again.savedPrice).not.toBe(first.savedPrice);
  });

  it("removes a watched coin, and says so when it is not watched", async () => {
    const { save, remove, watchlist } = await setUp();
    await save("ADA");
    const removed = await remove("ada");
    expect(removed).toMatchObject({
      status: 200,
      data: { message: "ADA removed from your watchlist" },
    });
    expect((await watchlist()).data).toEqual([]);
    const again = await remove("ADA");
    expect(again.status).toBe(404);
    expect(again.message).toBe("ADA is not in your watchlist");
  });

  it("blocks removing a watched coin that is still held, with the spec's notice", async () => {
    const { save, remove, buy, watchlist } = await setUp();
    await save("BTC");
    await buy({ symbol: "BTC", quantity: "0.5", purchasePrice: "60000" });
    const blocked = await remove("BTC");
    expect(blocked.status).toBe(409);
    expect(blocked.message).toBe(cannotRemoveWhileHeld("BTC"));
    expect((await watchlist()).data.map((item) => item.symbol)).toEqual(["BTC"]);
  });

  it("keeps every user's watchlist to themselves", async () => {
    const { save, watchlist } = await setUp();
    await save("LINK");
    const other = await signInCrypto(apps.t);
    expect((await other.watchlist()).data).toEqual([]);
    expect((await other.remove("LINK")).status).toBe(404);
    expect((await watchlist()).data.map((item) => item.symbol)).toEqual(["LINK"]);
  });
});

describe("the crypto watchlist over REST", () => {
  it("answers GET /api/savedcryptos with price and open as text and the other figures as numbers", async () => {
    const { save, rest, watchlist } = await setUp();
    await save("SHIB");
    const response = await rest("GET", "/api/savedcryptos");
    expect(response.status).toBe(200);
    const [item] = response.body as unknown as Record<string, unknown>[];
    const [exact] = (await watchlist()).data;
    expect(item).toMatchObject({
      symbol: "SHIB",
      currency: "USD",
      price: exact!.price,
      open: exact!.open,
      change: Number(exact!.change),
      changePercent: exact!.changePercent,
      volume: exact!.volume,
      high24h: Number(exact!.high24h),
      low24h: Number(exact!.low24h),
      savedPrice: Number(exact!.savedPrice),
      stale: false,
    });
    expect(typeof item!.price).toBe("string");
    expect(item!.price).toMatch(/^0\.0000\d+$/);
    expect(typeof item!.high24h).toBe("number");
  });

  it("saves with POST /api/savedcryptos/{symbol}, with the spec's body or with none", async () => {
    const { rest, quotePrice } = await setUp();
    const withBody = await rest("POST", "/api/savedcryptos/eth", {
      price: 1,
      open: 1,
      change: 0,
      changePercent: 0,
      volume: 10,
      high24h: 1,
      low24h: 1,
    });
    expect(withBody.status).toBe(200);
    expect(withBody.body).toMatchObject({
      symbol: "ETH",
      savedPrice: Number(await quotePrice("ETH")),
    });
    const withoutBody = await rest("POST", "/api/savedcryptos/BTC");
    expect(withoutBody.status).toBe(200);
    expect(withoutBody.body).toMatchObject({ symbol: "BTC", price: await quotePrice("BTC") });
    const list = await rest("GET", "/api/savedcryptos");
    expect((list.body as unknown as { symbol: string }[]).map((item) => item.symbol)).toEqual([
      "BTC",
      "ETH",
    ]);
  });

  it("refuses bad posted figures with 400 and an unknown coin with 404, saving nothing", async () => {
    const { rest } = await setUp();
    const garbage = await rest("POST", "/api/savedcryptos/BTC", { price: "lots" });
    expect(garbage.status).toBe(400);
    expect(garbage.body?.message).toBe("price must be a number");
    const unknown = await rest("POST", "/api/savedcryptos/ZZZZ");
    expect(unknown.status).toBe(404);
    expect(unknown.body?.message).toBe(marketMessages.cryptocurrencyNotFound);
    expect((await rest("POST", "/api/savedcryptos/not-a-coin")).status).toBe(400);
    expect((await rest("GET", "/api/savedcryptos")).body).toEqual([]);
  });

  it("removes with DELETE /api/savedcryptos/{symbol}: 409 while held, 404 when not watched", async () => {
    const { rest, save, buy } = await setUp();
    await save("SOL");
    await save("XRP");
    await buy({ symbol: "SOL", quantity: "2", purchasePrice: "150" });
    const held = await rest("DELETE", "/api/savedcryptos/SOL");
    expect(held.status).toBe(409);
    expect(held.body?.message).toBe(cannotRemoveWhileHeld("SOL"));
    const removed = await rest("DELETE", "/api/savedcryptos/xrp");
    expect(removed).toMatchObject({
      status: 200,
      body: { message: "XRP removed from your watchlist" },
    });
    expect((await rest("DELETE", "/api/savedcryptos/XRP")).status).toBe(404);
  });

  it("refuses anonymous requests with 401", async () => {
    await setUp();
    for (const [method, url] of [
      ["GET", "/api/savedcryptos"],
      ["POST", "/api/savedcryptos/BTC"],
      ["DELETE", "/api/savedcryptos/BTC"],
    ] as const) {
      expect((await apps.t.request(method, url)).status).toBe(401);
    }
    expect((await apps.t.trpc("query", "cryptoWatchlist.list")).status).toBe(401);
  });
});
