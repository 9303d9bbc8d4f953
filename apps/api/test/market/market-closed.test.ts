import { marketMessages } from "@ledgerline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * The real app with its market clock pinned where e2e pins it, but on a Saturday: the simulated
 * market is closed and every stock screen shows Friday's session (design.md's departure).
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  // 11:00 EDT on Saturday 14 March 2026; the last session is Friday the 13th.
  t = await startTestApp({ env: { MARKET_TIME: "2026-03-14T15:00:00Z" } });
  token = (await t.registerUser()).token;
});
afterAll(async () => {
  await t.close();
});

interface RestMover {
  symbol: string;
  price: number;
  changePercent: number;
  volume: number;
  marketStatus: string;
}
interface RestSavedStock {
  symbol: string;
  price: number;
  change: number;
  changePercent: number;
  volume: number;
  open: number | null;
  high: number | null;
  low: number | null;
  previousClose: number;
  marketStatus: string;
}

describe("a closed market through the real app", () => {
  it("GET /api/marketmovers lists Friday's real movers under the spec's closed message", async () => {
    const response = await t.request("GET", "/api/marketmovers", { token });
    expect(response.status).toBe(200);
    const body = response.body as unknown as {
      gainers: RestMover[];
      losers: RestMover[];
      marketStatus: string;
    };
    expect(body.marketStatus).toBe(marketMessages.marketClosedShowingPreviousDay);
    expect(body.gainers).toHaveLength(10);
    expect(body.losers).toHaveLength(10);
    for (const mover of body.gainers) {
      expect(mover.changePercent).toBeGreaterThan(0);
      expect(mover.volume).toBeGreaterThan(0);
      expect(mover.marketStatus).toBe(marketMessages.marketClosedShowingPreviousDay);
    }
    for (const mover of body.losers) expect(mover.changePercent).toBeLessThan(0);

    // The top gainer's card says the same as its row: one set of figures on every screen.
    const top = body.gainers[0]!;
    await t.request("POST", `/api/savedstocks/${top.symbol}`, { token, body: {} });
    const saved = (await t.request("GET", "/api/savedstocks", { token }))
      .body as unknown as RestSavedStock[];
    expect(saved.find((stock) => stock.symbol === top.symbol)).toMatchObject({
      price: top.price,
      changePercent: top.changePercent,
      volume: top.volume,
      marketStatus: marketMessages.marketClosedUsingPreviousClose,
    });
  });

  it("a quote shows the last session's change, volume, open, high and low instead of zeros and N/A", async () => {
    await t.request("POST", "/api/savedstocks/MSFT", { token, body: {} });
    const saved = (await t.request("GET", "/api/savedstocks", { token }))
      .body as unknown as RestSavedStock[];
    const msft = saved.find((stock) => stock.symbol === "MSFT")!;
    expect(msft.marketStatus).toBe(marketMessages.marketClosedUsingPreviousClose);
    expect(msft.volume).toBeGreaterThan(0);
    expect(msft.change).not.toBe(0);
    expect(msft.price).not.toBe(msft.previousClose);
    expect(msft.price - msft.previousClose).toBeCloseTo(msft.change, 6);
    expect(msft.low).not.toBeNull();
    expect(msft.low!).toBeLessThanOrEqual(msft.price);
    expect(msft.high!).toBeGreaterThanOrEqual(msft.price);
    expect(msft.open).toBeGreaterThan(0);
  });

  it("GET /api/stockdata/summary summarises Friday's session", async () => {
    const response = await t.request("GET", "/api/stockdata/summary", { token });
    expect(response.status).toBe(200);
    const summary = response.body as unknown as {
      symbolCount: number;
      totalVolume: number;
      averageChangePercent: number;
      advancers: number;
      decliners: number;
      mostActive: RestMover[];
      marketStatus: string;
    };
    expect(summary.marketStatus).toBe(marketMessages.marketClosedUsingPreviousClose);
    expect(summary.symbolCount).toBe(503);
    expect(summary.totalVolume).toBeGreaterThan(0);
    expect(summary.averageChangePercent).not.toBe(0);
    expect(summary.advancers + summary.decliners).toBeGreaterThan(400);
    expect(summary.mostActive[0]!.volume).toBeGreaterThan(0);
  });
});
