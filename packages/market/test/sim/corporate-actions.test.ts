import Big from "big.js";
import { describe, expect, it } from "vitest";
import { serviceAt } from "../support/service";
import { simAt } from "../support/sim";

// The e2e suites' market clock: a Wednesday session in March 2026.
const MARCH_2026 = new Date("2026-03-11T15:00:00Z");

describe("the simulated market's corporate actions", () => {
  it("lists a forward split of a demo-held stock and a reverse split, only once they happen", async () => {
    const march = simAt(MARCH_2026);
    expect(await march.getSplits("JPM")).toEqual([
      { symbol: "JPM", type: "split", exDate: "2026-01-20", splitFrom: "1", splitTo: "2" },
    ]);
    expect(await march.getSplits("WBD")).toEqual([]);
    const may = simAt(new Date("2026-05-01T15:00:00Z"));
    expect(await may.getSplits("WBD")).toEqual([
      { symbol: "WBD", type: "split", exDate: "2026-04-13", splitFrom: "8", splitTo: "1" },
    ]);
  });

  it("unadjusted bars drop at a split's ex-date and adjusted bars do not", async () => {
    const market = simAt(MARCH_2026);
    const query = { ticker: "JPM", from: "2026-01-16", to: "2026-01-20" };
    const unadjusted = await market.getDailyBars({ ...query, adjusted: false });
    const adjusted = await market.getDailyBars(query);
    const [before, after] = [unadjusted.at(0)!, unadjusted.at(-1)!];
    expect(before.date).toBe("2026-01-16");
    expect(after.date).toBe("2026-01-20");
    // Halved across the 1:2 split, give or take one day's move.
    const unadjustedMove = new Big(after.c).div(before.c).toNumber();
    expect(unadjustedMove).toBeGreaterThan(0.4);
    expect(unadjustedMove).toBeLessThan(0.6);
    const adjustedMove = new Big(adjusted.at(-1)!.c).div(adjusted.at(0)!.c).toNumber();
    expect(adjustedMove).toBeGreaterThan(0.85);
    expect(adjustedMove).toBeLessThan(1.15);
    // After the split both agree; before it, the adjusted price is the traded one over 2.
    expect(adjusted.at(-1)!.c).toBe(after.c);
    expect(new Big(before.c).div(2).minus(adjusted.at(0)!.c).abs().toNumber()).toBeLessThanOrEqual(
      0.01,
    );
    // Today's quote is in today's shares, like the adjusted bars.
    const snapshot = await market.getSnapshot("JPM");
    const lastAdjusted = (
      await market.getDailyBars({ ticker: "JPM", from: "2026-03-10", to: "2026-03-10" })
    )[0]!;
    expect(snapshot.prevDay!.close).toBe(lastAdjusted.c);
  });

  it("pays quarterly dividends at a plausible yield to the payers, and none to the non-payers", async () => {
    const market = simAt(MARCH_2026);
    const ko = await market.getDividends("KO");
    const year2025 = ko.filter((dividend) => dividend.exDate.startsWith("2025-"));
    expect(year2025).toHaveLength(4);
    for (const dividend of ko) {
      expect(dividend.type).toBe("dividend");
      expect(dividend.payDate! > dividend.exDate).toBe(true);
    }
    // Newest first, declared up to a quarter ahead.
    expect(ko[0]!.exDate > "2026-03-11").toBe(true);
    const annual = year2025.reduce(
      (total, dividend) => total.plus(dividend.cashAmount!),
      new Big(0),
    );
    const [bar] = await market.getDailyBars({
      ticker: "JPM",
      from: "2025-06-02",
      to: "2025-06-02",
    });
    const yieldOnPrice = annual.div(bar!.c).toNumber();
    expect(yieldOnPrice).toBeGreaterThan(0.005);
    expect(yieldOnPrice).toBeLessThan(0.06);
    expect(await market.getDividends("TSLA")).toEqual([]);
  });

  it("divides a dividend by a split before its ex-date, so the yield does not jump", async () => {
    const market = simAt(MARCH_2026);
    const jpm = await market.getDividends("JPM");
    const before = jpm.find((d) => d.exDate < "2026-01-20" && d.exDate >= "2025-10-01")!;
    const after = jpm.find((d) => d.exDate > "2026-01-20" && d.exDate <= "2026-06-30")!;
    const ratio = new Big(after.cashAmount!).div(before.cashAmount!).toNumber();
    expect(ratio).toBeGreaterThan(0.45);
    expect(ratio).toBeLessThan(0.6);
  });

  it("the service answers splits and dividends newest first, cached until forced", async () => {
    const { market, stocks } = serviceAt(MARCH_2026);
    const actions = await market.stocks.getCorporateActions("jpm");
    expect(actions.map((action) => action.exDate)).toEqual(
      [...actions.map((action) => action.exDate)].sort().reverse(),
    );
    expect(actions.some((action) => action.type === "split")).toBe(true);
    await market.stocks.getCorporateActions("JPM");
    const calls = () => stocks.calls.filter((call) => call.method === "getSplits").length;
    expect(calls()).toBe(1);
    await market.stocks.getCorporateActions("JPM", { force: true });
    expect(calls()).toBe(2);
    await expect(market.stocks.getCorporateActions("ZZZZZ")).rejects.toMatchObject({
      kind: "not_found",
    });
    await expect(market.stocks.getCorporateActions("not a symbol!")).rejects.toMatchObject({
      kind: "invalid_symbol",
    });
  });
});
