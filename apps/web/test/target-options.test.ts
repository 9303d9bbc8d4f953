import { describe, expect, it } from "vitest";
import {
  keyChoices,
  percentOf,
  percentTotal,
  weightOf,
} from "../src/routes/_app/portfolio-summary/-components/target-options";

describe("the target mix's figures", () => {
  it("turns a typed percent into the server's ratio and back, exactly", () => {
    expect(weightOf("60")).toBe("0.6");
    expect(weightOf(" 33.3333 ")).toBe("0.333333");
    expect(percentOf("0.333333")).toBe("33.3333");
    // Not a number: sent as typed, so the server says what is wrong with it.
    expect(weightOf("sixty")).toBe("sixty");
  });

  it("adds up the typed percents, leaving out what is not a number", () => {
    expect(percentTotal(["60", "30.5", "", "x"])).toBe("90.5");
    expect(percentTotal([])).toBe("0");
  });

  it("offers an asset class's or a sector's fixed list, and by holding what is held or was set", () => {
    expect(keyChoices("assetClass", [], []).map((choice) => choice.label)).toEqual([
      "Stocks",
      "ETFs",
      "Crypto",
      "Cash",
    ]);
    expect(keyChoices("sector", [], []).at(-1)).toEqual({ value: "cash", label: "Cash" });
    expect(
      keyChoices(
        "symbol",
        [{ key: "STOCK:AAPL", label: "AAPL" }],
        [{ key: "STOCK:MSFT", label: "MSFT" }],
      ),
    ).toEqual([
      { value: "STOCK:AAPL", label: "AAPL" },
      { value: "STOCK:MSFT", label: "MSFT" },
      { value: "cash", label: "Cash" },
    ]);
  });
});
