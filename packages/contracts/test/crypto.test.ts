import { describe, expect, it } from "vitest";
import { cryptoHistoryInput, marketMessages, saveCryptoInput } from "../src";

describe("crypto inputs", () => {
  it("accept the spec's save body as numbers or decimal text, or no body at all", () => {
    expect(saveCryptoInput.parse({ symbol: " eth " })).toEqual({ symbol: "ETH" });
    expect(
      saveCryptoInput.parse({ symbol: "BTC", price: 64090.5, open: "63000.1", change: -12 }),
    ).toMatchObject({ symbol: "BTC", price: "64090.5", open: "63000.1", change: "-12" });
  });

  it("refuse a posted figure that is not a number, naming the field", () => {
    expect(
      saveCryptoInput.safeParse({ symbol: "BTC", volume: "many" }).error?.issues[0]?.message,
    ).toBe("volume must be a number");
    expect(
      saveCryptoInput.safeParse({ symbol: "BTC", high24h: true }).error?.issues[0]?.message,
    ).toBe("high24h must be a number");
  });

  it("refuse a posted figure beyond the one bound, as a JSON number or as text", () => {
    for (const price of [1e21, -1e21, "9".repeat(26)]) {
      expect(saveCryptoInput.safeParse({ symbol: "BTC", price }).error?.issues[0]?.message).toMatch(
        /^price must be at (most |least -)1,000,000,000,000$/,
      );
    }
    expect(saveCryptoInput.parse({ symbol: "BTC", change: 0.30000000000000004 }).change).toBe(
      "0.30000000000000004",
    );
  });

  it("refuse a malformed coin symbol with the symbol rule", () => {
    expect(saveCryptoInput.safeParse({ symbol: "BTC-USD" }).error?.issues[0]?.message).toBe(
      marketMessages.invalidCryptoSymbol,
    );
  });

  it("read any range the chart does not have as 1M", () => {
    expect(cryptoHistoryInput.parse({ symbol: "sol", range: "1Y" })).toEqual({
      symbol: "SOL",
      range: "1Y",
    });
    expect(cryptoHistoryInput.parse({ symbol: "SOL", range: "10Y" }).range).toBe("1M");
    expect(cryptoHistoryInput.parse({ symbol: "SOL" }).range).toBe("1M");
  });
});
