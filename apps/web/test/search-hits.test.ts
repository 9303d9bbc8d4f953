import { describe, expect, it } from "vitest";
import { coinHits, MAX_COIN_HITS } from "../src/components/layout/search-hits";

const coins = [
  { id: "WBTC", name: "Wrapped BTC" },
  { id: "BTC", name: "Bitcoin" },
  { id: "BCH", name: "Bitcoin Cash" },
  { id: "ETH", name: "Ethereum" },
];

describe("the global search's coins", () => {
  it("lists symbols that start with the text before names that contain it", () => {
    expect(coinHits(coins, "btc").map((hit) => hit.symbol)).toEqual(["BTC", "WBTC"]);
    expect(coinHits(coins, "bitcoin").map((hit) => hit.symbol)).toEqual(["BTC", "BCH"]);
    expect(coinHits(coins, " eth ")[0]).toEqual({
      kind: "crypto",
      symbol: "ETH",
      name: "Ethereum",
    });
  });

  it("lists none for no text, and at most a handful", () => {
    expect(coinHits(coins, "  ")).toEqual([]);
    const many = Array.from({ length: 20 }, (_, i) => ({ id: `C${i}`, name: `Coin ${i}` }));
    expect(coinHits(many, "c")).toHaveLength(MAX_COIN_HITS);
  });
});
