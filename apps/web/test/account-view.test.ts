import type { SummaryPosition, SummarySection } from "@ledgerline/contracts";
import { totalFigures } from "@ledgerline/money";
import { describe, expect, it } from "vitest";
import {
  holdingNotes,
  holdingsOfAccount,
  type HoldingsView,
} from "../src/routes/_app/portfolio-summary/-components/account-view";

function held(id: number, symbol: string, currentValue: string, costBasis: string) {
  return {
    id,
    symbol,
    name: null,
    quantity: "1",
    averagePurchasePrice: costBasis,
    currentPrice: currentValue,
    priceSource: "market",
    priceAsOf: null,
    allocationPercent: null,
    todayChange: null,
    todayChangePercent: null,
    realizedGain: "0",
    ...totalFigures([{ currentValue, costBasis }]),
  } satisfies SummaryPosition;
}

const section = (positions: SummaryPosition[]): SummarySection => ({
  positions,
  totals: totalFigures(positions),
  allocationPercent: null,
});

const all: HoldingsView = {
  stocks: section([held(1, "AAPL", "300", "200"), held(2, "AAPL", "150.10", "100")]),
  crypto: section([held(3, "BTC", "50", "100")]),
  total: totalFigures([]),
};

const accountOf = new Map([
  [1, { accountId: 10 }],
  [2, { accountId: 20 }],
  [3, { accountId: 20 }],
]);

describe("one account's holdings on the summary", () => {
  it("keeps that account's positions and works the totals and shares out again over them", () => {
    const view = holdingsOfAccount(all, accountOf, 20);
    expect(view.stocks.positions.map((position) => position.id)).toEqual([2]);
    expect(view.crypto.positions.map((position) => position.id)).toEqual([3]);
    expect(view.stocks.totals).toEqual({
      currentValue: "150.1",
      costBasis: "100",
      gainLoss: "50.1",
      gainLossPercent: 50.1,
    });
    expect(view.total).toEqual({
      currentValue: "200.1",
      costBasis: "200",
      gainLoss: "0.1",
      gainLossPercent: 0.05,
    });
    expect(view.stocks.allocationPercent).toBe(75.0125);
    expect(view.crypto.positions[0]?.allocationPercent).toBe(24.9875);
  });

  it("is empty, with zero totals, for an account that holds nothing", () => {
    const view = holdingsOfAccount(all, accountOf, 30);
    expect(view.stocks.positions).toEqual([]);
    expect(view.total.currentValue).toBe("0");
    expect(view.stocks.allocationPercent).toBeNull();
  });
});

describe("the account line under each holding", () => {
  it("names the account, and a symbol held in several with its total over them", () => {
    const names = new Map([
      [10, "Main"],
      [20, "Retirement"],
    ]);
    expect(holdingNotes(all, accountOf, names)).toEqual(
      new Map([
        [1, "Main\nAll accounts: 2 · $450.10"],
        [2, "Retirement\nAll accounts: 2 · $450.10"],
        [3, "Retirement"],
      ]),
    );
    expect(holdingNotes(holdingsOfAccount(all, accountOf, 20), accountOf, names)).toEqual(
      new Map([
        [2, "Retirement"],
        [3, "Retirement"],
      ]),
    );
  });
});
