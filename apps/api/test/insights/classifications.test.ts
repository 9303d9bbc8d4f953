import type { ClassificationView } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { appPerTest } from "../support/app-per-test";
import { stocksRestApp } from "../support/portfolio-support";

const apps = appPerTest();

const setUp = () => apps.open(stocksRestApp());

const appleByMarket = {
  sector: "information-technology",
  industry: "Technology Hardware, Storage & Peripherals",
  country: "US",
  assetClass: "equity",
  marketCap: "mega",
};

describe("classifications", () => {
  it("answers the simulated market's real sector, and the person's fields over it (REST)", async () => {
    const { rest } = await setUp();
    const market = await rest("GET", "/classifications/STOCK/aapl");
    expect(market.status, JSON.stringify(market.body)).toBe(200);
    expect(market.body).toEqual({
      assetType: "STOCK",
      symbol: "AAPL",
      classification: appleByMarket,
      overridden: [],
    });

    const set = await rest("PUT", "/classifications/STOCK/AAPL", {
      sector: "consumer-discretionary",
      country: "IE",
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const overridden = {
      assetType: "STOCK",
      symbol: "AAPL",
      classification: { ...appleByMarket, sector: "consumer-discretionary", country: "IE" },
      overridden: ["country", "sector"],
    };
    expect(set.body).toEqual(overridden);
    expect((await rest("GET", "/classifications/STOCK/AAPL")).body).toEqual(overridden);

    // A second PUT replaces the first: the sector is the market's again.
    await rest("PUT", "/classifications/STOCK/AAPL", { industry: "Consumer Electronics" });
    expect(
      ((await rest("GET", "/classifications/STOCK/AAPL")).body as unknown as ClassificationView)
        .classification,
    ).toEqual({ ...appleByMarket, industry: "Consumer Electronics" });

    const cleared = await rest("DELETE", "/classifications/STOCK/AAPL");
    expect(cleared.body).toEqual({ ...market.body });
  });

  it("gives coins their category and takes the person's (tRPC)", async () => {
    const { call } = await setUp();
    const usdc = await call<ClassificationView>("query", "classifications.get", {
      assetType: "CRYPTO",
      symbol: "usdc",
    });
    expect(usdc.data).toEqual({
      assetType: "CRYPTO",
      symbol: "USDC",
      classification: { category: "stablecoin" },
      overridden: [],
    });
    const set = await call<ClassificationView>("mutation", "classifications.set", {
      assetType: "CRYPTO",
      symbol: "ETH",
      override: { category: "defi" },
    });
    expect(set.data.classification).toEqual({ category: "defi" });
    const read = await call<ClassificationView>("query", "classifications.get", {
      assetType: "CRYPTO",
      symbol: "ETH",
    });
    expect(read.data).toMatchObject({
      classification: { category: "defi" },
      overridden: ["category"],
    });
    const cleared = await call<ClassificationView>("mutation", "classifications.clear", {
      assetType: "CRYPTO",
      symbol: "ETH",
    });
    expect(cleared.data.classification).toEqual({ category: "layer-1" });
  });

  it("refuses what is not on the lists with a 400 and keeps nothing", async () => {
    const { rest, call } = await setUp();
    for (const [url, body] of [
      ["/classifications/STOCK/AAPL", { sector: "tech" }],
      ["/classifications/STOCK/AAPL", {}],
      ["/classifications/STOCK/AAPL", { category: "meme" }],
      ["/classifications/STOCK/AAPL", { country: "usa" }],
      ["/classifications/CRYPTO/BTC", { sector: "energy" }],
      ["/classifications/BOND/X", { sector: "energy" }],
      ["/classifications/STOCK/NOT A SYMBOL", { sector: "energy" }],
    ] as const) {
      const refused = await rest("PUT", url, body);
      expect(refused.status, `${url} ${JSON.stringify(body)}`).toBe(400);
    }
    const trpc = await call("mutation", "classifications.set", {
      assetType: "STOCK",
      symbol: "AAPL",
      override: { marketCap: "huge" },
    });
    expect(trpc.status).toBe(400);
    expect((await rest("GET", "/classifications/STOCK/AAPL")).body).toMatchObject({
      overridden: [],
    });
  });

  it("keeps one user's overrides from another", async () => {
    const { rest } = await setUp();
    await rest("PUT", "/classifications/STOCK/MSFT", { sector: "utilities" });
    const other = await apps.t.registerUser();
    const theirs = await apps.t.request("GET", "/api/classifications/STOCK/MSFT", {
      token: other.token,
    });
    expect(theirs.body).toMatchObject({
      classification: { sector: "information-technology" },
      overridden: [],
    });
    expect((await apps.t.request("GET", "/api/classifications/STOCK/MSFT")).status).toBe(401);
  });
});
