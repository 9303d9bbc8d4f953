import { marketMessages } from "@ledgerline/contracts/browser";
import { describe, expect, it } from "vitest";
import { firstClosedStatus, isClosedStatus } from "../src/components/stocks/MarketStatus";

describe("market-closed banner", () => {
  it("shows only for a status that says closed", () => {
    expect(isClosedStatus(marketMessages.marketClosedUsingPreviousClose)).toBe(true);
    expect(isClosedStatus(marketMessages.marketClosedShowingPreviousDay)).toBe(true);
    expect(isClosedStatus(marketMessages.marketOpen)).toBe(false);
  });

  it("shows the first closed status of a screen's sources, word for word, once", () => {
    expect(
      firstClosedStatus([
        undefined,
        marketMessages.marketOpen,
        marketMessages.marketClosedShowingPreviousDay,
        marketMessages.marketClosedUsingPreviousClose,
      ]),
    ).toBe(marketMessages.marketClosedShowingPreviousDay);
    expect(firstClosedStatus([marketMessages.marketOpen, undefined])).toBeUndefined();
  });
});
