import { describe, expect, it } from "vitest";
import { sessionOn } from "../../src/calendar/nyse-calendar";
import { KeyedRandom } from "../../src/sim/random";
import { buildCompanyProfiles } from "../../src/sim/stocks/company-profiles";
import { MarketFactor, StockPriceModel } from "../../src/sim/stocks/price-model";
import { DEFAULT_SIM_SEED } from "../../src/sim/stocks/simulated-stock-market";
import { TradingDays } from "../../src/sim/stocks/trading-days";
import { TRADING_DAY } from "../support/times";

const random = new KeyedRandom(DEFAULT_SIM_SEED);
const days = new TradingDays();
const profiles = buildCompanyProfiles(random);

/** A new model of `symbol`: nothing worked out yet. */
function modelOf(symbol: string): StockPriceModel {
  const profile = profiles.get(symbol)!;
  return new StockPriceModel(
    random,
    profile.symbol,
    profile.model,
    days,
    new MarketFactor(random, days),
  );
}

// The path keeps only each minute's price; the high and low so far are scanned from it.
describe("a simulated stock's day as it goes", () => {
  const model = modelOf("JPM");
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

// Issue 35: a closed market's quotes and movers read the last two sessions of every stock.
describe("a simulated stock's finished days", () => {
  const fresh = () => modelOf("MSFT");
  const index = days.indexOf(TRADING_DAY)!;
  const keptPaths = (model: StockPriceModel) =>
    (model as unknown as { paths: Map<number, unknown> }).paths.size;

  it("keep their bars, not the minute paths they were built from", () => {
    const model = fresh();
    const bars = [index - 2, index - 1, index].map((day) => model.dayBar(day));
    expect(keptPaths(model)).toBe(0);

    // The same bars as a day read minute by minute to its close.
    const watched = fresh();
    for (const [k, day] of [index - 2, index - 1, index].entries()) {
      const session = sessionOn(days.dateAt(day))!;
      watched.priceSoFar(day, session.opensAt + 60_000);
      expect(watched.barSoFar(day, session.closesAt)).toEqual(bars[k]);
    }
    expect(keptPaths(watched)).toBe(3);
    expect(model.dayBar(index)).toBe(bars[2]);
  });
});
