import type { Allocation } from "@ledgerline/contracts";
import { describe, expect, it, vi } from "vitest";
import { twoAccountsApp } from "../support/accounts-support";
import { appPerTest } from "../support/app-per-test";

const apps = appPerTest();

/**
 * Main: 10 AAPL at 150 (1,500), 4 XOM at 100.25 (401), 0.01 BTC at 60,000 (600).
 * IRA: 3 MSFT at 333.33 (999.99), 2 SPY at 500 (1,000), 500.01 cash deposited.
 * The market prices nothing, so every holding is at its last trade: 5,001 in all.
 */
async function setUp() {
  const app = await apps.open(twoAccountsApp());
  const buy = async (path: string, input: Record<string, unknown>) => {
    const procedure = path === "stock" ? "portfolio.buy" : "cryptoPortfolio.buy";
    const answer = await app.call("mutation", procedure, input);
    expect(answer.status, answer.message).toBe(200);
  };
  await buy("stock", { symbol: "AAPL", quantity: 10, purchasePrice: 150 });
  await buy("stock", { symbol: "XOM", quantity: 4, purchasePrice: 100.25 });
  await buy("crypto", { symbol: "BTC", quantity: 0.01, purchasePrice: 60000 });
  await buy("stock", { symbol: "MSFT", quantity: 3, purchasePrice: 333.33, accountId: app.ira.id });
  await buy("stock", { symbol: "SPY", quantity: 2, purchasePrice: 500, accountId: app.ira.id });
  const deposit = await app.rest("POST", "/cash", {
    accountId: app.ira.id,
    type: "deposit",
    amount: "500.01",
    date: "2026-02-02",
  });
  expect(deposit.status).toBe(200);
  const { market } = app.t.app.deps;
  vi.spyOn(market.stocks, "getSnapshots").mockRejectedValue(new Error("market down"));
  vi.spyOn(market.crypto, "getQuotes").mockRejectedValue(new Error("market down"));
  const viaRest = async (query: string) => {
    const answer = await app.rest("GET", `/portfolio/allocation?${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as unknown as Allocation;
  };
  const viaTrpc = async (input: Record<string, unknown>) => {
    const answer = await app.call<Allocation>("query", "insights.allocation", input);
    expect(answer.status, answer.message).toBe(200);
    return answer.data;
  };
  return { ...app, viaRest, viaTrpc };
}

describe("the portfolio's allocation", () => {
  it("splits it by sector, the rounding residue to the slice that lost most (REST)", async () => {
    const { viaRest } = await setUp();
    // IT 1,500 + 999.99 = 2,499.99: 0.4998980... cut to 0.499898; Diversified (SPY) 1,000:
    // 0.19996; Crypto 600: 0.119976; Cash 500.01: 0.099982; Energy 401: 0.0801839632... cut
    // to 0.080183. The cuts add to 0.999999; Energy lost most (0.96 millionths), so it takes it.
    expect(await viaRest("by=sector")).toEqual({
      by: "sector",
      total: "5001",
      slices: [
        {
          key: "information-technology",
          label: "Information Technology",
          value: "2499.99",
          weight: "0.499898",
        },
        { key: "diversified", label: "Diversified", value: "1000", weight: "0.19996" },
        { key: "crypto", label: "Crypto", value: "600", weight: "0.119976" },
        { key: "cash", label: "Cash", value: "500.01", weight: "0.099982" },
        { key: "energy", label: "Energy", value: "401", weight: "0.080184" },
      ],
    });
  });

  it("splits it by account and by symbol, the same through tRPC", async () => {
    const { viaRest, viaTrpc, main, ira } = await setUp();
    // 2,501 / 5,001 = 0.50009998 cut to 0.500099, 2,500 / 5,001 = 0.49990001 cut to 0.4999:
    // Main lost 0.98 millionths, IRA 0.02, so Main takes the residue.
    const byAccount = {
      by: "account",
      total: "5001",
      slices: [
        { key: String(main.id), label: main.name, value: "2501", weight: "0.5001" },
        { key: String(ira.id), label: "IRA", value: "2500", weight: "0.4999" },
      ],
    };
    expect(await viaRest("by=account")).toEqual(byAccount);
    expect(await viaTrpc({ by: "account" })).toEqual(byAccount);
    const bySymbol = await viaTrpc({ by: "symbol" });
    expect(bySymbol.slices.map((slice) => [slice.key, slice.value, slice.weight])).toEqual([
      ["STOCK:AAPL", "1500", "0.29994"],
      ["STOCK:SPY", "1000", "0.19996"],
      ["STOCK:MSFT", "999.99", "0.199958"],
      ["CRYPTO:BTC", "600", "0.119976"],
      ["cash", "500.01", "0.099982"],
      ["STOCK:XOM", "401", "0.080184"],
    ]);
  });

  it("answers one account's mix alone, by asset class and country", async () => {
    const { viaRest, viaTrpc, ira } = await setUp();
    // 2,500 in the IRA: 1,000 / 2,500 = 0.4, 999.99 / 2,500 = 0.399996, 500.01 / 2,500 = 0.200004.
    expect(await viaRest(`by=assetClass&accountId=${ira.id}`)).toEqual({
      by: "assetClass",
      total: "2500",
      slices: [
        { key: "etf", label: "ETFs", value: "1000", weight: "0.4" },
        { key: "equity", label: "Stocks", value: "999.99", weight: "0.399996" },
        { key: "cash", label: "Cash", value: "500.01", weight: "0.200004" },
      ],
    });
    const byCountry = await viaTrpc({ by: "country" });
    expect(byCountry.slices.map((slice) => [slice.key, slice.label, slice.value])).toEqual([
      ["US", "United States", "3900.99"],
      ["crypto", "Crypto", "600"],
      ["cash", "Cash", "500.01"],
    ]);
  });

  it("groups by the person's own classification where they set one", async () => {
    const { rest, viaRest } = await setUp();
    const set = await rest("PUT", "/classifications/STOCK/XOM", { sector: "utilities" });
    expect(set.status).toBe(200);
    await rest("PUT", "/classifications/CRYPTO/BTC", { category: "payments" });
    const bySector = await viaRest("by=sector");
    expect(bySector.slices.find((slice) => slice.key === "utilities")).toEqual({
      key: "utilities",
      label: "Utilities",
      value: "401",
      weight: "0.080184",
    });
    expect(bySector.slices.find((slice) => slice.key === "energy")).toBeUndefined();
    const byIndustry = await viaRest("by=industry");
    expect(byIndustry.slices.find((slice) => slice.key === "crypto:payments")).toMatchObject({
      label: "Payments",
      value: "600",
    });
  });

  it("refuses a dimension it does not know and another user's account, through both doors", async () => {
    const { rest, call } = await setUp();
    for (const query of ["by=colour", "", "by=sector&accountId=abc"]) {
      const answer = await rest("GET", `/portfolio/allocation?${query}`);
      expect(answer.status, query).toBe(400);
      expect(JSON.stringify(answer.body)).toMatch(/by|accountId/);
    }
    expect((await call("query", "insights.allocation", { by: "colour" })).status).toBe(400);
    const other = await apps.t.registerUser();
    const theirs = (await apps.t.request("GET", "/api/accounts", { token: other.token }))
      .body as unknown as { id: number }[];
    expect(
      (await rest("GET", `/portfolio/allocation?by=sector&accountId=${theirs[0]!.id}`)).status,
    ).toBe(404);
    const empty = await apps.t.request("GET", "/api/portfolio/allocation", {
      token: other.token,
      query: { by: "sector" },
    });
    expect(empty.body).toEqual({ by: "sector", total: "0", slices: [] });
  });
});
