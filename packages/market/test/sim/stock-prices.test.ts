import { describe, expect, it } from "vitest";
import { isTradingDay, sessionOn } from "../../src/calendar/nyse-calendar";
import { percentChange, subtract } from "@ledgerline/money";
import { toStockSnapshot } from "../../src/service/snapshot-view";
import { simAt } from "../support/sim";
import {
  AFTER_CLOSE,
  BEFORE_OPEN,
  DURING_SESSION,
  EARLY_CLOSE_AFTER,
  EARLY_CLOSE_BEFORE,
  HOLIDAY,
  LATER_IN_SESSION,
  SATURDAY,
  SUNDAY,
  TRADING_DAY,
} from "../support/times";
import { marketMessages } from "@ledgerline/contracts";

const num = Number;

describe("simulated daily bars", () => {
  it("cover more than two years of trading days, ascending, with consistent prices", async () => {
    const bars = await simAt(DURING_SESSION).getDailyBars({
      ticker: "JPM",
      from: "2024-03-01",
      to: TRADING_DAY,
    });
    expect(bars.length).toBeGreaterThan(500);
    for (const [i, bar] of bars.entries()) {
      expect(isTradingDay(bar.date), bar.date).toBe(true);
      if (i > 0) expect(bar.date > bars[i - 1]!.date).toBe(true);
      expect(num(bar.l)).toBeLessThanOrEqual(Math.min(num(bar.o), num(bar.c)));
      expect(num(bar.h)).toBeGreaterThanOrEqual(Math.max(num(bar.o), num(bar.c)));
      expect(bar.v).toBeGreaterThan(0);
    }
    expect(bars[0]!.date).toBe("2024-03-01");
  });

  it("starts history in January 2023 at the earliest", async () => {
    const bars = await simAt(DURING_SESSION).getDailyBars({
      ticker: "KO",
      from: "2020-01-01",
      to: "2023-01-10",
    });
    expect(bars[0]!.date).toBe("2023-01-03");
  });

  it("includes today's bar so far, built from the same intraday path as the snapshot", async () => {
    const market = simAt(DURING_SESSION);
    const bars = await market.getDailyBars({ ticker: "AAPL", from: "2026-03-01", to: TRADING_DAY });
    const today = bars.at(-1)!;
    const snapshot = await market.getSnapshot("AAPL");
    expect(today.date).toBe(TRADING_DAY);
    expect([today.o, today.h, today.l, today.c, today.v]).toEqual([
      snapshot.day.open,
      snapshot.day.high,
      snapshot.day.low,
      snapshot.day.close,
      snapshot.day.volume,
    ]);
  });

  it("ends a day with the bar the intraday path reached at the close", async () => {
    const closesAt = sessionOn(TRADING_DAY)!.closesAt;
    const lastMinute = await simAt(new Date(closesAt - 1)).getSnapshot("MSFT");
    const [bar] = await simAt(AFTER_CLOSE).getDailyBars({
      ticker: "MSFT",
      from: TRADING_DAY,
      to: TRADING_DAY,
    });
    expect(bar!.o).toBe(lastMinute.day.open);
    expect(bar!.h).toBe(lastMinute.day.high);
    expect(bar!.l).toBe(lastMinute.day.low);
    expect(Math.abs(num(bar!.c) - num(lastMinute.day.close))).toBeLessThan(num(bar!.c) * 0.002);
  });
});

describe("simulated time far from the anchor", () => {
  it("keeps trading years ahead, on the calendar's holiday rules", async () => {
    const at = new Date("2033-07-05T15:00:00Z"); // Tuesday after Independence Day 2033
    const snapshot = await simAt(at).getSnapshot("AAPL");
    expect(snapshot.day.volume).toBeGreaterThan(0);
    const bars = await simAt(at).getDailyBars({
      ticker: "AAPL",
      from: "2033-06-30",
      to: "2033-07-05",
    });
    expect(bars.map((bar) => bar.date)).toEqual(["2033-06-30", "2033-07-01", "2033-07-05"]);
  });
});

describe("simulated snapshots during the session", () => {
  it("agree with the bars: today's open, the previous trading day's close, change = price - previous close", async () => {
    const market = simAt(DURING_SESSION);
    const bars = await market.getDailyBars({ ticker: "NVDA", from: "2026-03-01", to: TRADING_DAY });
    const [yesterday, today] = bars.slice(-2);
    const view = toStockSnapshot(await market.getSnapshot("NVDA"), "NVIDIA");
    expect(view.open).toBe(today!.o);
    expect(view.previousClose).toBe(yesterday!.c);
    expect(view.price).toBe(today!.c);
    expect(view.change).toBe(subtract(view.price, view.previousClose));
    expect(view.changePercent).toBe(percentChange(view.price, view.previousClose));
    expect(view.marketStatus).toBe(marketMessages.marketOpen);
  });

  it("moves with the clock while the market is open", async () => {
    const morning = await simAt(DURING_SESSION).getSnapshot("TSLA");
    const afternoon = await simAt(LATER_IN_SESSION).getSnapshot("TSLA");
    expect(afternoon.day.close).not.toBe(morning.day.close);
    expect(afternoon.day.volume).toBeGreaterThan(morning.day.volume);
    expect(afternoon.day.open).toBe(morning.day.open);
  });

  it("reports no open, high or low for FOX and NWS, whose feed lacks the intraday range", async () => {
    for (const ticker of ["FOX", "NWS"]) {
      const view = toStockSnapshot(await simAt(DURING_SESSION).getSnapshot(ticker), ticker);
      expect([view.open, view.high, view.low]).toEqual([null, null, null]);
      expect(view.marketStatus).toBe(marketMessages.marketOpen);
    }
  });

  it("trades until 13:00 on an early-close day", async () => {
    expect(
      toStockSnapshot(await simAt(EARLY_CLOSE_BEFORE).getSnapshot("AAPL"), "").marketStatus,
    ).toBe(marketMessages.marketOpen);
    expect(
      toStockSnapshot(await simAt(EARLY_CLOSE_AFTER).getSnapshot("AAPL"), "").marketStatus,
    ).toBe(marketMessages.marketClosedUsingPreviousClose);
  });
});

describe("simulated snapshots while the market is closed", () => {
  const closedInstants = {
    "before the open": BEFORE_OPEN,
    "after the close": AFTER_CLOSE,
    "on a Saturday": SATURDAY,
    "on a holiday": HOLIDAY,
  };

  for (const [when, at] of Object.entries(closedInstants)) {
    it(`report no trades ${when}, so the last session's figures are shown`, async () => {
      const snapshot = await simAt(at).getSnapshot("AAPL");
      expect(snapshot.day.close).toBe("0");
      expect(snapshot.day.volume).toBe(0);
      const last = snapshot.prevDay!;
      const view = toStockSnapshot(snapshot, "Apple Inc.");
      expect(view.marketStatus).toBe(marketMessages.marketClosedUsingPreviousClose);
      expect(view.price).toBe(last.close);
      expect([view.open, view.high, view.low]).toEqual([last.open, last.high, last.low]);
      expect(view.volume).toBe(last.volume);
      expect(view.volume).toBeGreaterThan(0);
    });
  }

  it("use the close of the session that just ended as the price", async () => {
    const [today] = await simAt(AFTER_CLOSE).getDailyBars({
      ticker: "AAPL",
      from: TRADING_DAY,
      to: TRADING_DAY,
    });
    expect(toStockSnapshot(await simAt(AFTER_CLOSE).getSnapshot("AAPL"), "").price).toBe(today!.c);
  });

  it("stand still over the weekend", async () => {
    expect(await simAt(SATURDAY).getSnapshot("AAPL")).toEqual(
      await simAt(SUNDAY).getSnapshot("AAPL"),
    );
  });

  it("show the day before the holiday on the holiday", async () => {
    const [before] = await simAt(HOLIDAY)
      .getDailyBars({ ticker: "MSFT", from: "2026-07-02", to: "2026-07-03" })
      .then((bars) => bars.slice(-1));
    expect(before!.date).toBe("2026-07-02");
    expect((await simAt(HOLIDAY).getSnapshot("MSFT")).prevDay?.close).toBe(before!.c);
  });
});
