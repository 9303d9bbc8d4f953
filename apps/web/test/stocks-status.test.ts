import { marketMessages } from "@ledgerline/contracts/browser";
import { describe, expect, it } from "vitest";
import { isClosedStatus } from "../src/components/stocks/MarketStatus";

describe("market-closed banner", () => {
  it("shows only for a status that says closed", () => {
    expect(isClosedStatus(marketMessages.marketClosedUsingPreviousClose)).toBe(true);
    expect(isClosedStatus(marketMessages.marketClosedShowingPreviousDay)).toBe(true);
    expect(isClosedStatus(marketMessages.marketOpen)).toBe(false);
  });
});
