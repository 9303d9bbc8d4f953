import type { HistoricalBar } from "@ledgerline/contracts";
import type { AssetType } from "@ledgerline/db";
import { describe, expect, it } from "vitest";
import type { AppDeps } from "../platform/scope";
import { closeSeriesInTurns } from "./portfolio-valuation";

/** A market whose bars take `ms` of synchronous work each, as stored bars read on SQLite do. */
function slowMarket(ms: number, read: string[]) {
  const bars = (symbol: string): HistoricalBar[] => {
    const until = performance.now() + ms;
    while (performance.now() < until);
    read.push(symbol);
    return [{ date: "2026-01-02", t: 0, o: "1", h: "1", l: "1", c: "1.5", v: 1 }];
  };
  return {
    market: {
      stocks: {
        getDailyBars: async (symbol: string) => bars(symbol),
        getCorporateActions: async () => [],
      },
      crypto: { getDailyBars: async () => Promise.reject(new Error("no history")) },
    },
    logger: { warn: () => undefined },
  } as unknown as AppDeps;
}

describe("closeSeriesInTurns", () => {
  it("hands the event loop over while it reads many symbols' closes", async () => {
    const read: string[] = [];
    const symbols = Array.from({ length: 20 }, (_, index) => `S${index}`);
    const holdings = new Map<string, { type: AssetType; symbol: string }>(
      symbols.map((symbol) => [`STOCK:${symbol}`, { type: "STOCK", symbol }]),
    );
    holdings.set("CRYPTO:XYZ", { type: "CRYPTO", symbol: "XYZ" });
    let readBeforeATurn: number | null = null;
    setImmediate(() => (readBeforeATurn = read.length));
    const closes = await closeSeriesInTurns(
      slowMarket(5, read),
      holdings,
      "2026-01-01",
      "2026-01-05",
    );
    // 20 reads of 5 ms in one go would hold the loop 100 ms; a turn comes after about 8 ms.
    expect(readBeforeATurn).not.toBeNull();
    expect(readBeforeATurn!).toBeLessThan(symbols.length);
    expect([...closes.keys()]).toEqual([...holdings.keys()]);
    expect(closes.get("STOCK:S3")?.on("2026-01-03")).toBe("1.5");
    expect(closes.get("CRYPTO:XYZ")).toBeNull();
  });
});
