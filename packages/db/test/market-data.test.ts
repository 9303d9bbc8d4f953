import type { HistoricalBar } from "@ledgerline/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRepositories, type Repositories } from "../src";
import { testDialects } from "../src/testing";

/** `count` consecutive days of bars from 2024-01-01, each priced from its position and `base`. */
function barsOf(count: number, base: number): HistoricalBar[] {
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
    return {
      date,
      t: Date.parse(`${date}T05:00:00Z`),
      o: `${base + i}.25`,
      h: `${base + i + 1}.5`,
      l: `${base + i - 1}.125`,
      c: `${base + i}.75`,
      v: 1000 + i,
    };
  });
}

describe.each(await testDialects("the market data repository tests"))("on $name", (dialect) => {
  let handle: Awaited<ReturnType<typeof dialect.open>>;
  let repos: Repositories;
  beforeEach(async () => {
    handle = await dialect.open();
    repos = createRepositories(handle);
  });
  afterEach(() => handle.close());

  it("stores a range of daily bars over several statement sizes, and a second save updates them", async () => {
    // 561 bars: a full statement of 500, one of 50 and eleven of one.
    const first = barsOf(561, 100);
    const coverage = { from: first[0]!.date, to: first.at(-1)!.date };
    await repos.marketData.saveDailyBars("sim", "AAPL", first, coverage);
    await repos.marketData.saveDailyBars("sim", "MSFT", barsOf(3, 7), coverage);
    expect(await repos.marketData.getDailyBars("sim", "AAPL", coverage)).toEqual(first);
    expect(await repos.marketData.getBarCoverage("sim", "AAPL")).toEqual(coverage);

    // The same days again with other prices (a provider's correction): each row is replaced.
    const corrected = barsOf(561, 200);
    await repos.marketData.saveDailyBars("sim", "AAPL", corrected, coverage);
    expect(await repos.marketData.getDailyBars("sim", "AAPL", coverage)).toEqual(corrected);
    expect(await repos.marketData.getDailyBars("sim", "MSFT", coverage)).toEqual(barsOf(3, 7));
  });
});
