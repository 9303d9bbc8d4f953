import { describe, expect, it } from "vitest";
import { DURING_SESSION } from "../support/times";
import { cryptoAt, simAt } from "../support/sim";

describe("the simulated market's determinism", () => {
  it("gives the same snapshots, bars, news and movers for the same seed and time", async () => {
    const a = simAt(DURING_SESSION, "demo");
    const b = simAt(DURING_SESSION, "demo");
    expect(await a.getSnapshots(["AAPL", "KO", "BRK.B"])).toEqual(
      await b.getSnapshots(["AAPL", "KO", "BRK.B"]),
    );
    const range = { ticker: "MSFT", from: "2025-01-01", to: "2026-03-11" };
    expect(await a.getDailyBars(range)).toEqual(await b.getDailyBars(range));
    const news = {
      ticker: "NVDA",
      publishedSince: DURING_SESSION.getTime() - 30 * 86_400_000,
      limit: 10,
    };
    expect(await a.getNews(news)).toEqual(await b.getNews(news));
    expect(await a.getMovers("gainers")).toEqual(await b.getMovers("gainers"));
    expect(await a.getCompanyDetails("ACN")).toEqual(await b.getCompanyDetails("ACN"));
  });

  it("gives a different market for a different seed", async () => {
    const [a] = await simAt(DURING_SESSION, "one").getSnapshots(["AAPL"]);
    const [b] = await simAt(DURING_SESSION, "two").getSnapshots(["AAPL"]);
    expect(a!.day.close).not.toBe(b!.day.close);
  });

  it("computes any instant directly, without depending on what was asked before", async () => {
    const fresh = simAt(DURING_SESSION);
    const warmed = simAt(DURING_SESSION);
    await warmed.getDailyBars({ ticker: "AAPL", from: "2023-01-03", to: "2026-03-11" });
    await warmed.getMovers("losers");
    expect(await warmed.getSnapshot("AAPL")).toEqual(await fresh.getSnapshot("AAPL"));
  });

  it("keeps crypto prices deterministic per seed and instant", async () => {
    expect(await cryptoAt(DURING_SESSION, "x").get24hStats("ETH")).toEqual(
      await cryptoAt(DURING_SESSION, "x").get24hStats("ETH"),
    );
    expect(await cryptoAt(DURING_SESSION, "x").getSpotPrice("ETH")).not.toBe(
      await cryptoAt(DURING_SESSION, "y").getSpotPrice("ETH"),
    );
  });
});
