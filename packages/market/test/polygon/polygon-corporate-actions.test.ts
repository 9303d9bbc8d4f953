import { afterEach, describe, expect, it } from "vitest";
import { PolygonStockMarket } from "../../src/polygon/polygon-stock-market";
import { fixture, startFixtureServer, type FixtureServer } from "../support/fixture-server";

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function polygon() {
  server = await startFixtureServer((request) => {
    if (request.path === "/v3/reference/splits") {
      return {
        body: fixture(
          request.query.has("cursor") ? "polygon/splits-page-2.json" : "polygon/splits.json",
        ),
      };
    }
    if (request.path === "/v3/reference/dividends")
      return { body: fixture("polygon/dividends.json") };
    return undefined;
  });
  return new PolygonStockMarket({ apiKey: "test-key", baseUrl: server.url, timeoutMs: 2000 });
}

describe("Polygon corporate actions against recorded payloads", () => {
  it("reads a ticker's splits from every page that next_url leads to, newest first", async () => {
    const market = await polygon();
    expect(await market.getSplits("NVDA")).toEqual([
      { symbol: "NVDA", type: "split", exDate: "2024-06-10", splitFrom: "1", splitTo: "10" },
      { symbol: "NVDA", type: "split", exDate: "2021-07-20", splitFrom: "1", splitTo: "4" },
      { symbol: "NVDA", type: "split", exDate: "2007-09-11", splitFrom: "2", splitTo: "3" },
    ]);
    const [first, second] = server!.requests;
    expect(first!.query.get("ticker")).toBe("NVDA");
    // The cursor is followed on our own base URL, the key still in the header only.
    expect(second!.query.get("cursor")).toBe(
      "YWN0aXZlPXRydWUmZGF0ZT0yMDIwLTA4LTMxJmxpbWl0PTUmb3JkZXI9ZGVzYw",
    );
    expect(second!.headers.authorization).toBe("Bearer test-key");
    expect(server!.requests).toHaveLength(2);
  });

  it("keeps a reverse split's ratio the way round it was published", async () => {
    const market = await polygon();
    expect(await market.getSplits("MULN")).toEqual([
      { symbol: "MULN", type: "split", exDate: "2023-05-08", splitFrom: "35", splitTo: "1" },
    ]);
  });

  it("reads cash dividends with exact amounts and pay dates, stopping when there is no next page", async () => {
    const market = await polygon();
    const dividends = await market.getDividends("AIRTP");
    expect(dividends).toEqual([
      {
        symbol: "AIRTP",
        type: "dividend",
        exDate: "2023-11-13",
        payDate: "2023-11-15",
        cashAmount: "0.5",
      },
      {
        symbol: "AIRTP",
        type: "dividend",
        exDate: "2023-08-11",
        payDate: "2023-08-15",
        cashAmount: "0.5",
      },
    ]);
    expect(server!.requests).toHaveLength(1);
    const cssen = await market.getDividends("CSSEN");
    expect(cssen).toHaveLength(8);
    expect(cssen[0]).toMatchObject({ exDate: "2025-06-12", cashAmount: "0.59375" });
  });

  it("answers a malformed page as a bad response, not a crash", async () => {
    server = await startFixtureServer(() => ({
      body: JSON.stringify({ results: [{ ticker: "NVDA", execution_date: "soon" }] }),
    }));
    const market = new PolygonStockMarket({ apiKey: "k", baseUrl: server.url, timeoutMs: 2000 });
    await expect(market.getSplits("NVDA")).rejects.toMatchObject({
      operation: "corporate_actions",
      kind: "bad_response",
    });
  });
});
