import { afterEach, describe, expect, it } from "vitest";
import { fixedClock } from "@ledgerline/clock";
import { coinCategoryOf } from "../../src/classification/coin-categories";
import { marketCapBucket } from "../../src/classification/market-cap";
import { industryOfSic, sectorOfSic } from "../../src/classification/sic-sectors";
import { PolygonStockMarket } from "../../src/polygon/polygon-stock-market";
import { simCoins } from "../../src/sim/crypto/coins";
import { sp500Constituents } from "../../src/sim/data/sp500-constituents.gen";
import { countryOfRegion } from "../../src/sim/stocks/classification";
import { fixture, startFixtureServer, type FixtureServer } from "../support/fixture-server";
import { simAt } from "../support/sim";

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("Polygon classification from recorded ticker details", () => {
  it("maps AAPL's SIC description, locale, type and market cap to the fixed lists", async () => {
    server = await startFixtureServer((request) =>
      request.path === "/v3/reference/tickers/AAPL"
        ? { body: fixture("polygon/ticker-details-AAPL.json") }
        : undefined,
    );
    const polygon = new PolygonStockMarket({
      apiKey: "test-key",
      baseUrl: server.url,
      clock: fixedClock(new Date("2022-04-28T01:00:00Z")),
    });
    expect(await polygon.getClassification("AAPL")).toEqual({
      sector: "information-technology",
      industry: "Electronic Computers",
      country: "US",
      assetClass: "equity",
      // 2,488,795,282,370 USD: above the 200 billion floor of mega caps.
      marketCap: "mega",
    });
  });
});

describe("SIC descriptions on the sector list", () => {
  it.each([
    ["ELECTRONIC COMPUTERS", "information-technology"],
    ["SERVICES-PREPACKAGED SOFTWARE", "information-technology"],
    ["SEMICONDUCTORS & RELATED DEVICES", "information-technology"],
    ["COMPUTER COMMUNICATIONS EQUIPMENT", "information-technology"],
    ["PHARMACEUTICAL PREPARATIONS", "health-care"],
    ["HOSPITAL & MEDICAL SERVICE PLANS", "health-care"],
    ["NATIONAL COMMERCIAL BANKS", "financials"],
    ["FIRE, MARINE & CASUALTY INSURANCE", "financials"],
    ["PETROLEUM REFINING", "energy"],
    ["NATURAL GAS DISTRIBUTION", "utilities"],
    ["ELECTRIC SERVICES", "utilities"],
    ["REAL ESTATE INVESTMENT TRUSTS", "real-estate"],
    ["BEVERAGES", "consumer-staples"],
    ["RETAIL-VARIETY STORES", "consumer-staples"],
    ["RETAIL-CATALOG & MAIL-ORDER HOUSES", "consumer-discretionary"],
    ["MOTOR VEHICLES & PASSENGER CAR BODIES", "consumer-discretionary"],
    ["RETAIL-EATING PLACES", "consumer-discretionary"],
    ["SERVICES-VIDEO TAPE RENTAL", "communication-services"],
    ["TELEPHONE COMMUNICATIONS (NO RADIOTELEPHONE)", "communication-services"],
    ["AIRCRAFT", "industrials"],
    ["STEEL WORKS, BLAST FURNACES & ROLLING MILLS (COKE OVENS)", "materials"],
    ["BLANK CHECKS", "unclassified"],
    ["", "unclassified"],
  ])("files %j under %s", (description, sector) => {
    expect(sectorOfSic(description)).toBe(sector);
  });

  it("labels an industry in title case", () => {
    expect(industryOfSic("SERVICES-PREPACKAGED SOFTWARE")).toBe("Services-Prepackaged Software");
  });
});

describe("market-cap buckets", () => {
  it("puts each floor in its own bucket and below it in the next", () => {
    expect(marketCapBucket(200e9)).toBe("mega");
    expect(marketCapBucket(200e9 - 1)).toBe("large");
    expect(marketCapBucket(10e9)).toBe("large");
    expect(marketCapBucket(2e9)).toBe("mid");
    expect(marketCapBucket(300e6)).toBe("small");
    expect(marketCapBucket(299_999_999)).toBe("micro");
    expect(marketCapBucket(null)).toBeNull();
  });
});

describe("the simulated market's classifications", () => {
  const sim = simAt(new Date("2025-06-04T18:00:00Z"));

  it("gives its companies their real GICS sector, sub-industry and country", async () => {
    expect(await sim.getClassification("AAPL")).toMatchObject({
      sector: "information-technology",
      industry: "Technology Hardware, Storage & Peripherals",
      country: "US",
      assetClass: "equity",
      marketCap: "mega",
    });
    expect(await sim.getClassification("ACN")).toMatchObject({ country: "IE" });
    expect(await sim.getClassification("SPY")).toMatchObject({
      sector: "diversified",
      assetClass: "etf",
    });
  });

  it("knows every constituent's sector and country", async () => {
    for (const row of sp500Constituents) {
      expect(countryOfRegion(row.region), row.symbol).not.toBe("ZZ");
    }
    const sectors = await Promise.all(
      sp500Constituents.map(async (row) => (await sim.getClassification(row.symbol)).sector),
    );
    expect(sectors).not.toContain("unclassified");
  });

  it("files every simulated coin under a real category", () => {
    for (const coin of simCoins) expect(coinCategoryOf(coin.symbol), coin.symbol).not.toBe("other");
    expect(coinCategoryOf("USDC")).toBe("stablecoin");
    expect(coinCategoryOf("ARB")).toBe("layer-2");
    expect(coinCategoryOf("NOSUCHCOIN")).toBe("other");
  });
});
