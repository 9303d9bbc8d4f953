import type { PortfolioTargets, Rebalance } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { stocksAndFundApp } from "../support/insights-support";
import { appPerTest } from "../support/app-per-test";

const apps = appPerTest();

async function setUp() {
  const app = await apps.open(stocksAndFundApp());
  const setTargets = (by: string, targets: { key: string; weight: string | number }[]) =>
    app.rest("PUT", "/portfolio/targets", { by, targets });
  const rebalance = async (query: string) => {
    const answer = await app.rest("GET", `/portfolio/rebalance?${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as unknown as Rebalance;
  };
  return { ...app, setTargets, rebalance };
}

const halfAndHalf = [
  { key: "equity", weight: "0.5" },
  { key: "etf", weight: "0.5" },
];

describe("target weights", () => {
  it("are set as a whole set per dimension, read back labelled, the same through tRPC", async () => {
    const { setTargets, rest, call } = await setUp();
    const saved = await setTargets("assetClass", [...halfAndHalf].reverse());
    expect(saved.status).toBe(200);
    const expected: PortfolioTargets = {
      by: "assetClass",
      targets: [
        { key: "etf", label: "ETFs", weight: "0.5" },
        { key: "equity", label: "Stocks", weight: "0.5" },
      ],
    };
    expect(saved.body).toEqual(expected);
    expect((await rest("GET", "/portfolio/targets?by=assetClass")).body).toEqual(expected);
    expect((await call("query", "targets.get", { by: "assetClass" })).data).toEqual(expected);
    // Another dimension is its own set; an empty list clears one.
    expect((await rest("GET", "/portfolio/targets?by=sector")).body).toEqual({
      by: "sector",
      targets: [],
    });
    expect((await setTargets("assetClass", [])).body).toEqual({ by: "assetClass", targets: [] });
  });

  it("refuse weights that miss 100% by saying how far, and change nothing", async () => {
    const { setTargets, rest } = await setUp();
    await setTargets("assetClass", halfAndHalf);
    const short = await setTargets("assetClass", [
      { key: "equity", weight: "0.6" },
      { key: "etf", weight: "0.3" },
    ]);
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain(
      "Target weights must add up to 100%; these add up to 90%, 10 points short.",
    );
    const over = await setTargets("assetClass", [
      { key: "equity", weight: "0.6" },
      { key: "etf", weight: "0.45" },
    ]);
    expect(JSON.stringify(over.body)).toContain("these add up to 105%, 5 points over.");
    for (const [targets, message] of [
      [[{ key: "bonds", weight: "1" }], '\\"bonds\\" is not \\"equity\\", \\"etf\\"'],
      [
        [
          { key: "etf", weight: "0.5" },
          { key: "etf", weight: "0.5" },
        ],
        '\\"etf\\" has more than one target.',
      ],
      [[{ key: "etf", weight: "1.5" }], "A target weight must be at most 1 (100%)."],
      [[{ key: "etf", weight: "-1" }], "Target weight cannot be negative"],
      [[{ key: "etf", weight: 1e21 }], "Target weight must be at most"],
    ] as const) {
      const refused = await setTargets("assetClass", [...targets]);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
    expect((await setTargets("stocks", halfAndHalf)).status).toBe(400);
    expect((await rest("GET", "/portfolio/targets?by=assetClass")).body).toMatchObject({
      targets: [{ key: "equity" }, { key: "etf" }],
    });
  });

  it("are the user's alone, and need a signed-in user", async () => {
    const { setTargets, t: app } = await setUp();
    await setTargets("assetClass", halfAndHalf);
    const other = await app.registerUser();
    const theirs = await app.request("GET", "/api/portfolio/targets?by=assetClass", {
      token: other.token,
    });
    expect(theirs.body).toEqual({ by: "assetClass", targets: [] });
    expect((await app.request("GET", "/api/portfolio/targets?by=assetClass")).status).toBe(401);
    expect((await app.trpc("query", "targets.rebalance", { by: "assetClass" })).status).toBe(401);
  });
});

describe("rebalancing", () => {
  it("with cash to invest, buys whole shares toward the targets and says what is left", async () => {
    const { setTargets, rebalance } = await setUp();
    await setTargets("assetClass", halfAndHalf);
    // 3,500 after the cash: stocks want 1,750 (250 more), ETFs 1,750 (750 more). 250 / 150 is
    // 1 AAPL (150); 750 / 500 is 1 SPY (500); 1,000 - 650 = 350 is left.
    expect(await rebalance("by=assetClass&cash=1000")).toEqual({
      by: "assetClass",
      total: "2500",
      cash: "1000",
      drift: [
        { key: "equity", label: "Stocks", target: "0.5", actual: "0.6", difference: "0.1" },
        { key: "etf", label: "ETFs", target: "0.5", actual: "0.4", difference: "-0.1" },
      ],
      trades: [
        {
          symbol: "AAPL",
          assetType: "STOCK",
          side: "BUY",
          quantity: "1",
          price: "150",
          amount: "150",
        },
        {
          symbol: "SPY",
          assetType: "STOCK",
          side: "BUY",
          quantity: "1",
          price: "500",
          amount: "500",
        },
      ],
      leftoverCash: "350",
      unmatched: [],
    });
    const fractions = await rebalance("by=assetClass&cash=1000&fractional=true");
    expect(fractions.trades.map((trade) => trade.quantity)).toEqual(["1.66666666", "1.5"]);
  });

  it("without cash, sells what is over its target to buy what is under", async () => {
    const { setTargets, rebalance } = await setUp();
    await setTargets("assetClass", [
      { key: "equity", weight: "0.2" },
      { key: "etf", weight: "0.8" },
    ]);
    // Stocks are 1,000 over: 6 AAPL (900). ETFs want 1,000 and there is 900: 1 SPY (500).
    const plan = await rebalance("by=assetClass");
    expect(plan.trades.map((trade) => [trade.side, trade.symbol, trade.quantity])).toEqual([
      ["SELL", "AAPL", "6"],
      ["BUY", "SPY", "1"],
    ]);
    expect(plan.leftoverCash).toBe("400");
  });

  it("lists a target it cannot buy into, and refuses with no targets or another's account", async () => {
    const { setTargets, rebalance, rest, t: app } = await setUp();
    const none = await rest("GET", "/portfolio/rebalance?by=symbol");
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain("Set target weights first.");
    await setTargets("symbol", [
      { key: "STOCK:AAPL", weight: "0.5" },
      { key: "STOCK:MSFT", weight: "0.5" },
    ]);
    // The market is down: MSFT, not held, has no price to buy at.
    const plan = await rebalance("by=symbol&cash=500");
    expect(plan.unmatched).toEqual([{ key: "STOCK:MSFT", label: "MSFT", amount: "500" }]);
    expect(plan.drift.map((entry) => [entry.key, entry.target, entry.actual])).toEqual([
      ["STOCK:AAPL", "0.5", "0.6"],
      ["STOCK:MSFT", "0.5", "0"],
      ["STOCK:SPY", "0", "0.4"],
    ]);
    expect((await rest("GET", "/portfolio/rebalance?by=symbol&cash=-5")).status).toBe(400);
    const other = await app.registerUser();
    const [theirs] = await app.app.deps.repos.investmentAccounts.list(other.id);
    expect(
      (await rest("GET", `/portfolio/rebalance?by=symbol&accountId=${theirs!.id}`)).status,
    ).toBe(404);
  });
});
