import { marketMessages } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { fixedClock } from "@ledgerline/clock";
import { percentChange } from "@ledgerline/money";
import { MarketDataError } from "../../src/errors";
import { InMemoryMarketCache, type CacheEntry } from "../../src/resilience/cache";
import { callsTo } from "../support/controllable-provider";
import { serviceAt } from "../support/service";
import { simAt } from "../support/sim";
import { BEFORE_OPEN, DURING_SESSION, HOLIDAY, SATURDAY } from "../support/times";

// Saturday 14 March 2026: the last session is Friday the 13th, the one before it Thursday.
const FRIDAY = "2026-03-13";
const THURSDAY = "2026-03-12";

describe("a closed market shows the previous trading day's real figures", () => {
  it("shows a quote card with Friday's close, change, volume and range", async () => {
    const { market } = serviceAt(SATURDAY);
    const [thursday, friday] = await market.stocks.getDailyBars("AAPL", THURSDAY, FRIDAY);
    const quote = await market.stocks.getSnapshot("AAPL");
    expect(quote).toMatchObject({
      price: friday!.c,
      previousClose: thursday!.c,
      changePercent: percentChange(friday!.c, thursday!.c),
      volume: friday!.v,
      open: friday!.o,
      high: friday!.h,
      low: friday!.l,
      marketStatus: marketMessages.marketClosedUsingPreviousClose,
    });
    expect(quote.changePercent).not.toBe(0);
    expect(quote.volume).toBeGreaterThan(0);
  });

  it("lists Friday's biggest moves with their real change and volume", async () => {
    const { market } = serviceAt(SATURDAY);
    const movers = await market.stocks.getMarketMovers();
    expect(movers.marketStatus).toBe(marketMessages.marketClosedShowingPreviousDay);
    expect(movers.gainers).toHaveLength(10);
    expect(movers.losers).toHaveLength(10);
    for (const mover of [...movers.gainers, ...movers.losers]) {
      const [thursday, friday] = await market.stocks.getDailyBars(mover.symbol, THURSDAY, FRIDAY);
      expect(mover).toEqual({
        symbol: mover.symbol,
        price: friday!.c,
        changePercent: percentChange(friday!.c, thursday!.c),
        volume: friday!.v,
        marketStatus: marketMessages.marketClosedShowingPreviousDay,
      });
    }
    expect(movers.gainers.every((mover) => mover.changePercent > 0)).toBe(true);
    expect(movers.losers.every((mover) => mover.changePercent < 0)).toBe(true);
    const gains = movers.gainers.map((mover) => mover.changePercent);
    expect(gains).toEqual([...gains].sort((a, b) => b - a));
    // The best gainer is the best of the whole universe on Friday.
    const views = await market.stocks.getSnapshots(simAt(SATURDAY).symbols());
    const best = Math.max(
      ...views.flatMap((view) => (view.ok ? [view.snapshot.changePercent] : [])),
    );
    expect(movers.gainers[0]!.changePercent).toBe(best);
  });

  it("asks for one whole-market answer per session, not one per stock or screen", async () => {
    const { market, stocks } = serviceAt(SATURDAY);
    await market.stocks.getMarketMovers();
    await market.stocks.getSnapshot("AAPL");
    await market.stocks.getSnapshot("MSFT");
    await market.stocks.getMarketSummary();
    expect(
      stocks.calls.filter((call) => call.method === "getSessionBars").map((call) => call.argument),
    ).toEqual([FRIDAY, THURSDAY]);
    // The provider's live lists are not asked for while no session is running.
    expect(callsTo(stocks, "getMovers")).toBe(0);
  });

  it("summarises Friday's session instead of zeros", async () => {
    const { market } = serviceAt(SATURDAY);
    const summary = await market.stocks.getMarketSummary();
    expect(summary.marketStatus).toBe(marketMessages.marketClosedUsingPreviousClose);
    expect(summary.totalVolume).toBeGreaterThan(0);
    expect(summary.advancers).toBeGreaterThan(0);
    expect(summary.decliners).toBeGreaterThan(0);
    expect(summary.averageChangePercent).not.toBe(0);
    expect(summary.mostActive).toHaveLength(10);
    expect(summary.topGainers[0]!.volume).toBeGreaterThan(0);
  });

  it("shows yesterday's session before today's opening bell", async () => {
    const { market } = serviceAt(BEFORE_OPEN);
    const [before, yesterday] = await market.stocks.getDailyBars("KO", "2026-03-09", "2026-03-10");
    expect(await market.stocks.getSnapshot("KO")).toMatchObject({
      price: yesterday!.c,
      previousClose: before!.c,
      volume: yesterday!.v,
    });
    const movers = await market.stocks.getMarketMovers();
    expect(movers.gainers[0]!.volume).toBeGreaterThan(0);
  });

  it("still shows the last session when the session before cannot be had, and tries again", async () => {
    const { market, stocks } = serviceAt(SATURDAY);
    const [, friday] = await market.stocks.getDailyBars("AAPL", THURSDAY, FRIDAY);
    const provider = stocks.provider as { getSessionBars: unknown };
    provider.getSessionBars = () =>
      Promise.reject(new MarketDataError("bars", "unavailable", { detail: "outage" }));
    expect(await market.stocks.getSnapshot("AAPL")).toMatchObject({
      price: friday!.c,
      previousClose: friday!.c,
      change: "0",
      volume: friday!.v,
      high: friday!.h,
    });
    delete provider.getSessionBars;
    expect((await market.stocks.getSnapshot("AAPL")).changePercent).not.toBe(0);
  });

  it("keeps the provider's live movers while the market is open", async () => {
    const { market, stocks } = serviceAt(DURING_SESSION);
    const movers = await market.stocks.getMarketMovers();
    expect(movers.marketStatus).toBe(marketMessages.marketOpen);
    expect(callsTo(stocks, "getMovers")).toBe(2);
    expect(callsTo(stocks, "getSessionBars")).toBe(0);
  });

  it("turns to the last session when the provider's lists show no trade yet during a session", async () => {
    // The first minutes after the bell, as Polygon answers them: every gainer at volume 0.
    const noTradeYet = {
      getMovers: async () => [
        {
          ticker: "AAPL",
          day: { open: null, high: null, low: null, close: "0", volume: 0 },
          prevDay: { open: "1", high: "1", low: "1", close: "1", volume: 1 },
          updatedAt: DURING_SESSION.getTime(),
        },
      ],
    };
    const { market, stocks } = serviceAt(DURING_SESSION);
    Object.assign(stocks.provider, noTradeYet);
    const movers = await market.stocks.getMarketMovers();
    expect(movers.marketStatus).toBe(marketMessages.marketClosedShowingPreviousDay);
    expect(movers.gainers).toHaveLength(10);
    expect(movers.gainers[0]!.volume).toBeGreaterThan(0);
    expect(movers.gainers[0]!.changePercent).toBeGreaterThan(0);

    // Without the last session's bars, the spec's own rule: previous-day data with zeros.
    const { market: other, stocks: otherStocks } = serviceAt(DURING_SESSION);
    Object.assign(otherStocks.provider, noTradeYet, {
      getSessionBars: () =>
        Promise.reject(new MarketDataError("bars", "unavailable", { detail: "outage" })),
    });
    expect(await other.stocks.getMarketMovers()).toMatchObject({
      marketStatus: marketMessages.marketClosedShowingPreviousDay,
      gainers: [{ symbol: "AAPL", price: "1", changePercent: 0, volume: 0 }],
    });
  });

  it("reads the whole market's sessions from a shared cache a few times, not once per quote", async () => {
    // A cache shared by processes hands out a new copy on every read (Redis parses JSON).
    class CountingCache extends InMemoryMarketCache {
      sessionReads = 0;
      override async get<T>(key: string): Promise<CacheEntry<T> | undefined> {
        if (key.startsWith("stock:session:")) this.sessionReads += 1;
        const entry = await super.get<T>(key);
        return entry && structuredClone(entry);
      }
    }
    const cache = new CountingCache({ clock: fixedClock(SATURDAY) });
    const { market } = serviceAt(SATURDAY, { cache });
    const summary = await market.stocks.getMarketSummary();
    expect(summary.totalVolume).toBeGreaterThan(0);
    expect(cache.sessionReads).toBeLessThanOrEqual(4);
  });
});

describe("the market status says when the market reopens", () => {
  it.each([
    ["on a Saturday, Monday's opening", SATURDAY, "2026-03-16T13:30:00.000Z"],
    ["before the bell, today's", BEFORE_OPEN, "2026-03-11T13:30:00.000Z"],
    ["during a session, tomorrow's", DURING_SESSION, "2026-03-12T13:30:00.000Z"],
    ["on Independence Day observed (Friday), Monday's", HOLIDAY, "2026-07-06T13:30:00.000Z"],
  ])("%s", async (_when, at, reopens) => {
    const { market } = serviceAt(at);
    expect(await market.stocks.getMarketStatus()).toMatchObject({ nextOpenAt: reopens });
  });
});
