import { afterEach, describe, expect, it, vi } from "vitest";
import { ReferencePath } from "../../src/sim/reference";
import { simAt } from "../support/sim";
import { DURING_SESSION, SATURDAY } from "../support/times";

// Saturday 14 March 2026: the last session is Friday the 13th, the one before it Thursday.
const FRIDAY = "2026-03-13";
const THURSDAY = "2026-03-12";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a few days' closes worked out without the stock's history", () => {
  it("equals the whole path's closes bit for bit, before, across and after the pin", () => {
    const path = new ReferencePath(
      {
        stationaryShare: 0.4,
        stationaryMin: 0.04,
        stationaryMax: 0.12,
        trendLimit: 0.15,
        waveAmplitude: 0.04,
      },
      0.3,
      252,
      { hash: 12345, annualDrift: 0.04 },
    );
    const shock = (step: number) => Math.sin(step * 12.9898) * 1.7;
    const length = 1200;
    for (const pin of [0, 1, 500, 1199]) {
      const whole = path.logCloses(length, pin, Math.log(123.45), shock);
      for (const [from, to] of [
        [0, 0],
        [0, 4],
        [pin, pin],
        [Math.max(0, pin - 3), Math.min(length - 1, pin + 1)],
        [380, 384],
        [700, 704],
        [1195, 1199],
      ] as const) {
        const some = path.logClosesBetween(from, to, pin, Math.log(123.45), shock);
        expect([...some], `pin ${pin}, ${from}..${to}`).toEqual([...whole.subarray(from, to + 1)]);
        for (let k = 0; k < some.length; k++)
          expect(Object.is(some[k], whole[from + k])).toBe(true);
      }
    }
  });

  it("gives every stock the same session bars, movers and quotes as its built history", async () => {
    const fresh = simAt(SATURDAY);
    const built = simAt(SATURDAY);
    const symbols = built.symbols();
    // A range read builds each stock's history; the fresh market reads days alone.
    for (const ticker of symbols) {
      await built.getDailyBars({ ticker, from: "2026-03-09", to: FRIDAY }).catch(() => []);
    }
    for (const date of [FRIDAY, THURSDAY]) {
      expect(await fresh.getSessionBars(date)).toEqual(await built.getSessionBars(date));
    }
    expect(await fresh.getMovers("gainers")).toEqual(await built.getMovers("gainers"));
    expect(await fresh.getSnapshots(symbols)).toEqual(await built.getSnapshots(symbols));
    const during = [simAt(DURING_SESSION), simAt(DURING_SESSION)] as const;
    await during[1].getDailyBars({ ticker: "AAPL", from: "2023-01-03", to: "2026-03-11" });
    expect(await during[0].getSnapshot("AAPL")).toEqual(await during[1].getSnapshot("AAPL"));
    expect(await during[0].getCompanyDetails("AAPL", "2025-06-02")).toEqual(
      await during[1].getCompanyDetails("AAPL", "2025-06-02"),
    );
  });

  it("values every stock's last two sessions and the movers without building a history", async () => {
    const histories = vi.spyOn(ReferencePath.prototype, "logCloses");
    const market = simAt(SATURDAY);
    expect((await market.getSessionBars(FRIDAY)).length).toBeGreaterThan(450);
    expect((await market.getSessionBars(THURSDAY)).length).toBeGreaterThan(450);
    expect(await market.getMovers("losers")).toHaveLength(20);
    expect(histories).not.toHaveBeenCalled();
    // A range of days is read from the history.
    await market.getDailyBars({ ticker: "KO", from: "2025-03-03", to: FRIDAY });
    expect(histories).toHaveBeenCalledTimes(1);
  });
});
