import { describe, expect, it } from "vitest";
import { sessionOn } from "../../src/calendar/nyse-calendar";
import { KeyedRandom } from "../../src/sim/random";
import { buildCompanyProfiles } from "../../src/sim/stocks/company-profiles";
import { MarketFactor, StockPriceModel } from "../../src/sim/stocks/price-model";
import { DEFAULT_SIM_SEED } from "../../src/sim/stocks/simulated-stock-market";
import { TradingDays } from "../../src/sim/stocks/trading-days";
import { TRADING_DAY } from "../support/times";

// The path keeps only each minute's price; the high and low so far are scanned from it.
describe("a simulated stock's day as it goes", () => {
  const random = new KeyedRandom(DEFAULT_SIM_SEED);
  const days = new TradingDays();
  const profile = buildCompanyProfiles(random).get("JPM")!;
  const model = new StockPriceModel(
    random,
    profile.symbol,
    profile.model,
    days,
    new MarketFactor(random, days),
  );
  const index = days.indexOf(TRADING_DAY)!;
  const session = sessionOn(TRADING_DAY)!;

  it("has as its high and low the extremes of every price shown so far", () => {
    let high = -Infinity;
    let low = Infinity;
    for (let at = session.opensAt; at < session.closesAt; at += 20_000) {
      const bar = model.barSoFar(index, at);
      high = Math.max(high, bar.close);
      low = Math.min(low, bar.close);
      expect(bar.high, new Date(at).toISOString()).toBe(high);
      expect(bar.low, new Date(at).toISOString()).toBe(low);
      expect(model.priceSoFar(index, at)).toBe(bar.close);
      expect(Number.isInteger(bar.close)).toBe(true);
    }
    expect(high).toBeGreaterThan(low);
  });

  it("ends as the day's bar, its close the day's close", () => {
    const day = model.dayBar(index);
    expect(model.barSoFar(index, session.closesAt)).toEqual(day);
    expect(model.priceSoFar(index, session.closesAt + 60_000)).toBe(day.close);
    expect(day.close).toBe(model.closeCents(index));
    expect(day.high).toBeGreaterThanOrEqual(Math.max(day.open, day.close));
    expect(day.low).toBeLessThanOrEqual(Math.min(day.open, day.close));
  });
});
