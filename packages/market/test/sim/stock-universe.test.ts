import { marketMessages } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import {
  readConstituents,
  readFavicons,
  renderConstituentsModule,
  renderFaviconsModule,
} from "../../scripts/sim-data-sources";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MarketDataError } from "../../src/errors";
import { getPublisherFavicon, simPublishers } from "../../src/sim/news/publishers";
import { SIM_TICKERS_WITHOUT_NEWS } from "../../src/sim/stocks/simulated-stock-market";
import { toMarketMovers, toStockSnapshot } from "../../src/service/snapshot-view";
import { simAt } from "../support/sim";
import { DURING_SESSION, SATURDAY } from "../support/times";

const generated = join(import.meta.dirname, "..", "..", "src", "sim", "data");

describe("the simulated universe", () => {
  it("is generated from the S&P 500 list and the favicon files in data/", () => {
    expect(readFileSync(join(generated, "sp500-constituents.gen.ts"), "utf8")).toBe(
      renderConstituentsModule(readConstituents()),
    );
    expect(readFileSync(join(generated, "favicons.gen.ts"), "utf8")).toBe(
      renderFaviconsModule(readFavicons()),
    );
    expect(readConstituents()).toHaveLength(503);
  });

  it("describes at least 150 companies with every detail filled, all marked simulated", async () => {
    const market = simAt(DURING_SESSION);
    let complete = 0;
    for (const symbol of market.symbols()) {
      const details = await market.getCompanyDetails(symbol).catch(() => undefined);
      if (!details) continue;
      expect(details.simulated).toBe(true);
      const filled = [
        details.name,
        details.primary_exchange,
        details.sic_description,
        details.total_employees,
        details.list_date,
        details.address?.address1,
        details.address?.city,
        details.address?.state,
        details.address?.postal_code,
        details.phone_number,
        details.homepage_url,
        details.description,
        details.market_cap,
        details.weighted_shares_outstanding,
      ].every((value) => value !== null && value !== undefined && value !== "");
      if (filled) complete += 1;
    }
    expect(complete).toBeGreaterThanOrEqual(150);
  });

  it("prices the market cap from the shares outstanding and the current price", async () => {
    const market = simAt(DURING_SESSION);
    const details = await market.getCompanyDetails("AAPL");
    const snapshot = await market.getSnapshot("AAPL");
    expect(details.market_cap).toBe(
      Math.round(Number(snapshot.day.close) * details.weighted_shares_outstanding!),
    );
    expect(details.description).toMatch(/simulated/);
  });

  it("answers not found for a symbol outside the universe", async () => {
    const market = simAt(DURING_SESSION);
    const failure = await market.getSnapshot("ZZZZ").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MarketDataError);
    expect(failure).toMatchObject({
      kind: "not_found",
      message: marketMessages.failedToFetchStockData,
    });
    expect(
      await market.getSnapshots(["AAPL", "ZZZZ"]).then((list) => list.map((s) => s.ticker)),
    ).toEqual(["AAPL"]);
    await expect(market.getCompanyDetails("ZZZZ")).rejects.toMatchObject({
      kind: "not_found",
      message: marketMessages.failedToFetchCompanyDetails,
    });
  });

  it("searches by ticker prefix or name, active companies sorted by ticker, at most 10", async () => {
    const hits = await simAt(DURING_SESSION).searchCompanies({
      text: "app",
      limit: 10,
      activeOnly: true,
    });
    expect(hits.map((hit) => hit.ticker)).toEqual([...hits.map((hit) => hit.ticker)].sort());
    expect(hits.map((hit) => hit.ticker)).toContain("AAPL");
    expect(hits[0]).toMatchObject({ market: "stocks", locale: "us" });
    expect(
      await simAt(DURING_SESSION).searchCompanies({ text: "a", limit: 10, activeOnly: true }),
    ).toHaveLength(10);
  });
});

describe("related companies in the simulated market", () => {
  it("are the largest peers of the same sub-industry", async () => {
    const related = await simAt(DURING_SESSION).getRelatedTickers("KO");
    expect(related).toContain("PEP");
    expect(related).not.toContain("KO");
    expect(related.length).toBeLessThanOrEqual(10);
  });

  it("are none for a company alone in its sub-industry", async () => {
    const market = simAt(DURING_SESSION);
    expect(market.tickersWithoutRelated()).toEqual(expect.arrayContaining(["BRK.B", "UBER", "DE"]));
    expect(await market.getRelatedTickers("BRK.B")).toEqual([]);
  });
});

describe("simulated news", () => {
  const since = DURING_SESSION.getTime() - 30 * 86_400_000;

  it("lists up to 10 articles of the last 30 days, newest first, with local favicons and a sentiment per ticker", async () => {
    const articles = await simAt(DURING_SESSION).getNews({
      ticker: "AAPL",
      publishedSince: since,
      limit: 10,
    });
    expect(articles.length).toBeGreaterThan(0);
    expect(articles.length).toBeLessThanOrEqual(10);
    const times = articles.map((article) => Date.parse(article.published_utc));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const article of articles) {
      expect(Date.parse(article.published_utc)).toBeGreaterThanOrEqual(since);
      expect(Date.parse(article.published_utc)).toBeLessThanOrEqual(DURING_SESSION.getTime());
      expect(article.publisher.favicon_url).toMatch(/^\/api\/market\/favicons\/[a-z-]+\.svg$/);
      expect(article.insights[0]).toMatchObject({ ticker: "AAPL" });
      expect(["positive", "negative", "neutral"]).toContain(article.insights[0]!.sentiment);
    }
  });

  it("has no articles for the tickers chosen to show the empty state", async () => {
    for (const ticker of SIM_TICKERS_WITHOUT_NEWS) {
      expect(
        await simAt(DURING_SESSION).getNews({ ticker, publishedSince: since, limit: 10 }),
      ).toEqual([]);
    }
  });

  it("tones articles after the stock's last move", async () => {
    const market = simAt(DURING_SESSION);
    const articles = await market.getNews({
      ticker: "TSLA",
      publishedSince: DURING_SESSION.getTime() - 60 * 86_400_000,
      limit: 10,
    });
    const bars = await market.getDailyBars({
      ticker: "TSLA",
      from: "2026-01-01",
      to: "2026-03-11",
    });
    for (const article of articles) {
      const published = Date.parse(article.published_utc);
      const done = bars.filter((bar) => Date.parse(`${bar.date}T21:00:00Z`) <= published);
      const [previous, last] = done.slice(-2);
      const move = ((Number(last!.c) - Number(previous!.c)) / Number(previous!.c)) * 100;
      const expected = move >= 0.5 ? "positive" : move <= -0.5 ? "negative" : "neutral";
      expect(article.insights[0]!.sentiment, article.published_utc).toBe(expected);
    }
  });

  it("serves an SVG favicon for every publisher", () => {
    for (const publisher of simPublishers)
      expect(getPublisherFavicon(publisher.slug)).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(getPublisherFavicon("../etc/passwd")).toBeUndefined();
    expect(getPublisherFavicon("constructor")).toBeUndefined();
  });
});

describe("simulated movers", () => {
  it("are the biggest moves of the whole universe, matching each stock's snapshot", async () => {
    const market = simAt(DURING_SESSION);
    const gainers = await market.getMovers("gainers");
    const losers = await market.getMovers("losers");
    const movers = toMarketMovers(gainers, losers, DURING_SESSION.getTime());
    expect(movers.gainers).toHaveLength(10);
    expect(movers.marketStatus).toBe(marketMessages.marketOpen);
    const all = (await market.getSnapshots(market.symbols())).map((snapshot) =>
      toStockSnapshot(snapshot, ""),
    );
    const best = Math.max(...all.map((view) => view.changePercent));
    const worst = Math.min(...all.map((view) => view.changePercent));
    expect(movers.gainers[0]!.changePercent).toBe(best);
    expect(movers.losers[0]!.changePercent).toBe(worst);
    for (const mover of movers.gainers) {
      const view = all.find((candidate) => candidate.symbol === mover.symbol)!;
      expect(mover.changePercent).toBe(view.changePercent);
      expect(mover.price).toBe(view.price);
      expect(mover.volume).toBe(view.volume);
    }
    const percents = movers.gainers.map((mover) => mover.changePercent);
    expect(percents).toEqual([...percents].sort((a, b) => b - a));
  });

  it("show the previous trading day with zero change and volume while the market is closed", async () => {
    const market = simAt(SATURDAY);
    const movers = toMarketMovers(
      await market.getMovers("gainers"),
      await market.getMovers("losers"),
      SATURDAY.getTime(),
    );
    expect(movers.marketStatus).toBe(marketMessages.marketClosedShowingPreviousDay);
    expect(movers.gainers).toHaveLength(10);
    for (const mover of [...movers.gainers, ...movers.losers]) {
      expect(mover).toMatchObject({
        changePercent: 0,
        volume: 0,
        marketStatus: marketMessages.marketClosedShowingPreviousDay,
      });
    }
    // Ranked by Friday's move: the first gainer rose more on Friday than the first loser.
    const [top] = movers.gainers;
    const [bottom] = movers.losers;
    const friday = async (ticker: string) => {
      const bars = await market.getDailyBars({ ticker, from: "2026-03-12", to: "2026-03-13" });
      return Number(bars[1]!.c) / Number(bars[0]!.c);
    };
    expect(await friday(top!.symbol)).toBeGreaterThan(await friday(bottom!.symbol));
  });
});
