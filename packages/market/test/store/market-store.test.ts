import type { CompanyDetails, HistoricalBar } from "@ledgerline/contracts";
import { createRepositories } from "@ledgerline/db";
import { openTestDatabase } from "@ledgerline/db/testing";
import { afterEach, describe, expect, it } from "vitest";
import { InMemoryMarketStore } from "../../src/store/in-memory-market-store";
import type { MarketStore } from "../../src/store/market-store";

const bar = (date: string, close: string): HistoricalBar => ({
  date,
  t: Date.parse(`${date}T05:00:00Z`),
  o: "1.5",
  h: "2",
  l: "1",
  c: close,
  v: 1234.5,
});

const details: CompanyDetails = {
  ticker: "AAPL",
  name: "Apple Inc.",
  market_cap: 1,
  total_employees: 2,
  list_date: "1980-12-12",
  primary_exchange: "XNAS",
  sic_description: "ELECTRONIC COMPUTERS",
  weighted_shares_outstanding: 3,
  description: "d",
  address: { address1: "One Apple Park Way", city: "Cupertino", state: "CA", postal_code: "95014" },
  phone_number: "(408) 996-1010",
  homepage_url: "https://www.apple.com",
  simulated: false,
};

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const implementations: Record<string, () => MarketStore | Promise<MarketStore>> = {
  "in memory": () => new InMemoryMarketStore(),
  "SQLite (the db package's repository)": async () => {
    const handle = await openTestDatabase();
    cleanups.push(() => void handle.close());
    return createRepositories(handle).marketData;
  },
};

for (const [name, create] of Object.entries(implementations)) {
  describe(`the ${name} market store`, () => {
    it("keeps bars per source and symbol, answers a date range in ascending order, and records coverage", async () => {
      const store = await create();
      await store.saveDailyBars(
        "polygon",
        "AAPL",
        [bar("2026-03-03", "3.25"), bar("2026-03-02", "2.5"), bar("2026-03-04", "0.00001234")],
        { from: "2026-03-01", to: "2026-03-04" },
      );
      await store.saveDailyBars("sim:x", "AAPL", [bar("2026-03-03", "9")], {
        from: "2026-03-03",
        to: "2026-03-03",
      });
      expect(
        (await store.getDailyBars("polygon", "AAPL", { from: "2026-03-02", to: "2026-03-03" })).map(
          (b) => [b.date, b.c],
        ),
      ).toEqual([
        ["2026-03-02", "2.5"],
        ["2026-03-03", "3.25"],
      ]);
      expect(
        await store.getDailyBars("polygon", "AAPL", { from: "2026-03-04", to: "2026-03-04" }),
      ).toEqual([bar("2026-03-04", "0.00001234")]);
      expect(await store.getBarCoverage("polygon", "AAPL")).toEqual({
        from: "2026-03-01",
        to: "2026-03-04",
      });
      expect(await store.getBarCoverage("polygon", "MSFT")).toBeUndefined();
      expect(
        (await store.getDailyBars("sim:x", "AAPL", { from: "2026-01-01", to: "2026-12-31" })).map(
          (b) => b.c,
        ),
      ).toEqual(["9"]);
    });

    it("replaces a bar that is saved again and widens the coverage", async () => {
      const store = await create();
      await store.saveDailyBars("polygon", "KO", [bar("2026-03-02", "1")], {
        from: "2026-03-02",
        to: "2026-03-02",
      });
      await store.saveDailyBars("polygon", "KO", [bar("2026-03-02", "2"), bar("2026-03-03", "3")], {
        from: "2026-03-02",
        to: "2026-03-03",
      });
      expect(
        (await store.getDailyBars("polygon", "KO", { from: "2026-03-01", to: "2026-03-31" })).map(
          (b) => b.c,
        ),
      ).toEqual(["2", "3"]);
      expect(await store.getBarCoverage("polygon", "KO")).toEqual({
        from: "2026-03-02",
        to: "2026-03-03",
      });
    });

    it("stores many bars at once", async () => {
      const store = await create();
      const bars = Array.from({ length: 1200 }, (_, i) =>
        bar(new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10), String(i + 1)),
      );
      await store.saveDailyBars("sim:x", "MSFT", bars, {
        from: bars[0]!.date,
        to: bars.at(-1)!.date,
      });
      expect(
        await store.getDailyBars("sim:x", "MSFT", { from: "2000-01-01", to: "2030-01-01" }),
      ).toHaveLength(1200);
    });

    it("keeps company details with when they were fetched", async () => {
      const store = await create();
      const fetchedAt = new Date("2026-03-11T15:00:00Z");
      await store.saveCompanyDetails("polygon", details, fetchedAt);
      expect(await store.getCompanyDetails("polygon", "AAPL")).toEqual({ details, fetchedAt });
      const later = new Date("2026-03-12T15:00:00Z");
      await store.saveCompanyDetails("polygon", { ...details, total_employees: 5 }, later);
      expect(await store.getCompanyDetails("polygon", "AAPL")).toEqual({
        details: { ...details, total_employees: 5 },
        fetchedAt: later,
      });
      expect(await store.getCompanyDetails("sim:x", "AAPL")).toBeUndefined();
    });
  });
}
