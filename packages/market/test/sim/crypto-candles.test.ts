import { historicalBar, marketMessages } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { simCoins } from "../../src/sim/crypto/coins";
import { cryptoAt } from "../support/sim";
import { DURING_SESSION, SATURDAY } from "../support/times";

const DAY_MS = 86_400_000;
const at = (iso: string) => new Date(iso);

describe("the simulated crypto market's daily candles", () => {
  it("open at the price of 00:00 UTC and close at the price of the next midnight", async () => {
    const market = cryptoAt(DURING_SESSION);
    const bars = await market.getDailyCandles({
      symbol: "BTC",
      from: "2026-03-01",
      to: "2026-03-05",
    });
    expect(bars.map((bar) => bar.date)).toEqual([
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
    ]);
    for (const bar of bars) {
      expect(historicalBar.safeParse(bar).success).toBe(true);
      expect(bar.t).toBe(Date.parse(`${bar.date}T00:00:00Z`));
      expect(bar.o).toBe(await cryptoAt(new Date(bar.t)).getSpotPrice("BTC"));
      expect(bar.c).toBe(await cryptoAt(new Date(bar.t + DAY_MS)).getSpotPrice("BTC"));
      expect(Number(bar.h)).toBeGreaterThanOrEqual(Math.max(Number(bar.o), Number(bar.c)));
      expect(Number(bar.l)).toBeLessThanOrEqual(Math.min(Number(bar.o), Number(bar.c)));
      expect(bar.v).toBeGreaterThan(0);
    }
    // One day's close is the next day's open: the walk has no gaps.
    for (let i = 1; i < bars.length; i++) expect(bars[i]!.o).toBe(bars[i - 1]!.c);
  });

  it("trade on weekends and end with today's candle so far, closing at the spot price", async () => {
    const market = cryptoAt(SATURDAY);
    const bars = await market.getDailyCandles({
      symbol: "ETH",
      from: "2026-03-13",
      to: "2026-03-20",
    });
    expect(bars.map((bar) => bar.date)).toEqual(["2026-03-13", "2026-03-14"]);
    const today = bars.at(-1)!;
    expect(today.c).toBe(await market.getSpotPrice("ETH"));
    const stats = await market.get24hStats("ETH");
    expect(Number(today.h)).toBeLessThanOrEqual(Number(stats.high));
    const dayVolume = (
      await cryptoAt(at("2026-03-13T12:00:00Z")).getDailyCandles({
        symbol: "ETH",
        from: "2026-03-13",
        to: "2026-03-13",
      })
    )[0]!.v;
    expect(dayVolume).toBeLessThan(bars[0]!.v);
  });

  it("are the same for the same seed and differ for another seed", async () => {
    const query = { symbol: "SOL", from: "2025-06-01", to: "2025-06-30" };
    const first = await cryptoAt(DURING_SESSION).getDailyCandles(query);
    expect(await cryptoAt(DURING_SESSION).getDailyCandles(query)).toEqual(first);
    expect(await cryptoAt(DURING_SESSION, "another-seed").getDailyCandles(query)).not.toEqual(
      first,
    );
  });

  it("quote sub-cent coins to 8 decimals", async () => {
    const shib = simCoins.find((coin) => coin.symbol === "SHIB")!;
    const bars = await cryptoAt(DURING_SESSION).getDailyCandles({
      symbol: shib.symbol,
      from: "2026-03-01",
      to: "2026-03-10",
    });
    expect(bars).toHaveLength(10);
    for (const bar of bars) expect(bar.c).toMatch(/^0\.0000\d{1,4}$/);
  });

  it("answer not found for an unknown coin with the historical-data message", async () => {
    await expect(
      cryptoAt(DURING_SESSION).getDailyCandles({
        symbol: "NOPE",
        from: "2026-03-01",
        to: "2026-03-02",
      }),
    ).rejects.toMatchObject({
      kind: "not_found",
      message: marketMessages.failedToFetchHistoricalData,
    });
  });
});
