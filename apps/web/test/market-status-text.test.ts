import { marketMessages } from "@ledgerline/contracts/browser";
import { describe, expect, it } from "vitest";
import { marketStatusText } from "../src/components/stocks/MarketStatus";

describe("a market state in the reader's words", () => {
  it("is each of the spec's states word for word in English", () => {
    for (const status of Object.values(marketMessages).filter((text) =>
      text.startsWith("Market is"),
    )) {
      expect(marketStatusText(status)).toBe(status);
    }
  });

  it("shows a state the catalog does not know as the API wrote it", () => {
    expect(marketStatusText("Early close at 1 pm.")).toBe("Early close at 1 pm.");
  });
});
