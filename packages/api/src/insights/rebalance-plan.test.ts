import { describe, expect, it } from "vitest";
import { rebalancePlan, type PlanHolding, type PlanInput } from "./rebalance-plan";

const stock = (slice: string, symbol: string, quantity: string, price: string): PlanHolding => ({
  slice,
  assetType: "STOCK",
  symbol,
  quantity,
  price,
  value: String(Number(quantity) * Number(price)),
});

/** 10 AAPL at $100 (stocks) and 5 VOO at $200 (ETFs): $2,000, half and half, no cash. */
const halfAndHalf = [stock("equity", "AAPL", "10", "100"), stock("etf", "VOO", "5", "200")];

const plan = (input: Partial<PlanInput> & Pick<PlanInput, "targets">) =>
  rebalancePlan({
    holdings: halfAndHalf,
    cash: "0",
    newCash: null,
    fractional: false,
    unheldPrices: new Map(),
    ...input,
  });

describe("the rebalancing plan, worked by hand", () => {
  it("sells what is over its target and buys what is under, in whole shares, within the portfolio", () => {
    // 75/25 of $2,000: stocks want +$500, ETFs -$500. VOO sells 2.5 -> 2 whole shares, $400;
    // that $400 is all there is to buy with: 4 AAPL. Nothing is left over.
    const result = plan({
      targets: new Map([
        ["equity", "0.75"],
        ["etf", "0.25"],
      ]),
    });
    expect(result.total).toBe("2000");
    expect(result.drift).toEqual([
      { key: "equity", target: "0.75", actual: "0.5", difference: "-0.25" },
      { key: "etf", target: "0.25", actual: "0.5", difference: "0.25" },
    ]);
    expect(result.trades).toEqual([
      {
        symbol: "VOO",
        assetType: "STOCK",
        side: "SELL",
        quantity: "2",
        price: "200",
        amount: "400",
      },
      {
        symbol: "AAPL",
        assetType: "STOCK",
        side: "BUY",
        quantity: "4",
        price: "100",
        amount: "400",
      },
    ]);
    expect(result.leftoverCash).toBe("0");
  });

  it("with cash to invest, only buys: each slice under its target gets its share of the cash", () => {
    // 50/50 of $3,000: each slice wants $500 more. AAPL 5 shares; VOO 2.5 -> 2 shares ($400);
    // $100 is left. With fractions allowed VOO takes 2.5 and nothing is left.
    const targets = new Map([
      ["equity", "0.5"],
      ["etf", "0.5"],
    ]);
    const whole = plan({ targets, newCash: "1000" });
    expect(whole.trades.map((t) => [t.side, t.symbol, t.quantity, t.amount])).toEqual([
      ["BUY", "AAPL", "5", "500"],
      ["BUY", "VOO", "2", "400"],
    ]);
    expect(whole.leftoverCash).toBe("100");
    const fractions = plan({ targets, newCash: "1000", fractional: true });
    expect(fractions.trades.map((t) => t.quantity)).toEqual(["5", "2.5"]);
    expect(fractions.leftoverCash).toBe("0");
  });

  it("shares too little cash in proportion to how far under each slice is", () => {
    // 80/20 of $2,300: stocks want $840, ETFs are over. $300 all goes to stocks: 3 AAPL.
    const result = plan({
      targets: new Map([
        ["equity", "0.8"],
        ["etf", "0.2"],
      ]),
      newCash: "300",
    });
    expect(result.trades).toEqual([
      {
        symbol: "AAPL",
        assetType: "STOCK",
        side: "BUY",
        quantity: "3",
        price: "100",
        amount: "300",
      },
    ]);
  });

  it("invests cash above its target, and keeps cash up to it", () => {
    // $1,000 AAPL and $1,000 cash, 90% stocks / 10% cash: buy $800 of AAPL, keep $200.
    const result = rebalancePlan({
      holdings: [stock("equity", "AAPL", "10", "100")],
      cash: "1000",
      newCash: null,
      fractional: false,
      unheldPrices: new Map(),
      targets: new Map([
        ["equity", "0.9"],
        ["cash", "0.1"],
      ]),
    });
    expect(result.drift.find((d) => d.key === "cash")).toEqual({
      key: "cash",
      target: "0.1",
      actual: "0.5",
      difference: "0.4",
    });
    expect(result.trades.map((t) => [t.side, t.quantity])).toEqual([["BUY", "8"]]);
    expect(result.leftoverCash).toBe("0");
  });

  it("buys a targeted symbol not yet held at its price, and lists a group with nothing to buy", () => {
    const bySymbol = rebalancePlan({
      holdings: [stock("STOCK:AAPL", "AAPL", "10", "100")],
      cash: "0",
      newCash: "1000",
      fractional: false,
      unheldPrices: new Map([["STOCK:MSFT", "250"]]),
      targets: new Map([
        ["STOCK:AAPL", "0.5"],
        ["STOCK:MSFT", "0.5"],
      ]),
    });
    // $2,000 after the cash: AAPL is at its $1,000; MSFT wants $1,000, 4 shares at $250.
    expect(bySymbol.trades.map((t) => [t.symbol, t.quantity])).toEqual([["MSFT", "4"]]);
    const bySector = rebalancePlan({
      holdings: [stock("information-technology", "AAPL", "10", "100")],
      cash: "0",
      newCash: "500",
      fractional: false,
      unheldPrices: new Map(),
      targets: new Map([
        ["information-technology", "0.5"],
        ["energy", "0.5"],
      ]),
    });
    expect(bySector.trades).toEqual([]);
    expect(bySector.unmatched).toEqual([{ key: "energy", amount: "500" }]);
    expect(bySector.leftoverCash).toBe("500");
  });

  it("sells everything of a slice with no target and never more than is held", () => {
    const result = plan({ targets: new Map([["equity", "1"]]) });
    expect(result.trades[0]).toMatchObject({ side: "SELL", symbol: "VOO", quantity: "5" });
    expect(result.trades[1]).toMatchObject({ side: "BUY", symbol: "AAPL", quantity: "10" });
  });
});
