import { describe, expect, it } from "vitest";
import { decimalString } from "@ledgerline/contracts";
import { simCoins } from "../../src/sim/crypto/coins";
import { cryptoAt } from "../support/sim";
import { DURING_SESSION, SATURDAY } from "../support/times";

describe("the simulated crypto market", () => {
  it("lists at least 20 coins, including sub-cent ones quoted to 8 decimals", async () => {
    const currencies = await cryptoAt(DURING_SESSION).listCurrencies();
    expect(currencies.length).toBeGreaterThanOrEqual(20);
    expect(currencies.map((c) => c.id)).toEqual(
      expect.arrayContaining(["BTC", "ETH", "SOL", "SHIB"]),
    );
    const shib = await cryptoAt(DURING_SESSION).getSpotPrice("SHIB");
    expect(Number(shib)).toBeLessThan(0.01);
    expect(shib).toMatch(/^0\.0000\d{2,4}$/);
  });

  it("trades around the clock, weekends included", async () => {
    const later = new Date(SATURDAY.getTime() + 10 * 60_000);
    expect(await cryptoAt(later).getSpotPrice("BTC")).not.toBe(
      await cryptoAt(SATURDAY).getSpotPrice("BTC"),
    );
  });

  it("reports 24 h stats whose open is the price a day ago and whose range holds the last price", async () => {
    for (const coin of simCoins) {
      const stats = await cryptoAt(DURING_SESSION).get24hStats(coin.symbol);
      for (const value of [stats.open, stats.high, stats.low, stats.last])
        expect(decimalString.safeParse(value).success).toBe(true);
      expect(stats.open).toBe(
        await cryptoAt(new Date(DURING_SESSION.getTime() - 86_400_000)).getSpotPrice(coin.symbol),
      );
      expect(stats.last).toBe(await cryptoAt(DURING_SESSION).getSpotPrice(coin.symbol));
      expect(Number(stats.high)).toBeGreaterThanOrEqual(
        Math.max(Number(stats.open), Number(stats.last)),
      );
      expect(Number(stats.low)).toBeLessThanOrEqual(
        Math.min(Number(stats.open), Number(stats.last)),
      );
      expect(stats.volume).toBeGreaterThan(0);
    }
  });

  it("prices coins long before and after the 2025 anchor of the random walk", async () => {
    for (const at of ["2023-01-01T00:30:00Z", "2023-06-01T15:00:00Z", "2031-09-01T12:00:00Z"]) {
      const stats = await cryptoAt(new Date(at)).get24hStats("ETH");
      expect(decimalString.safeParse(stats.last).success, at).toBe(true);
      expect(Number(stats.last), at).toBeGreaterThan(0);
    }
  });

  it("answers not found for an unknown coin", async () => {
    await expect(cryptoAt(DURING_SESSION).getSpotPrice("NOPE")).rejects.toMatchObject({
      kind: "not_found",
      message: "Failed to fetch crypto data",
    });
  });
});
