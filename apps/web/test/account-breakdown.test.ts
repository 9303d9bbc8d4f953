import type { InvestmentAccount, SummaryPosition } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { accountValues } from "../src/routes/_app/portfolio-summary/-components/AccountBreakdown";
import {
  flowLabel,
  flowSourceText,
} from "../src/routes/_app/portfolio-summary/-components/ReturnsPanel";

const position = (id: number, currentValue: string, costBasis: string) =>
  ({
    id,
    symbol: "AAPL",
    name: null,
    quantity: "1",
    averagePurchasePrice: costBasis,
    currentPrice: currentValue,
    priceSource: "market",
    priceAsOf: null,
    currentValue,
    costBasis,
    gainLoss: "0",
    gainLossPercent: 0,
    allocationPercent: null,
    todayChange: null,
    todayChangePercent: null,
    realizedGain: "0",
  }) as SummaryPosition;

const account = (id: number, name: string, cashBalance: string, cashTracked: boolean) =>
  ({
    id,
    name,
    type: "taxable",
    institution: null,
    cashTracked,
    cashBalance,
    isDefault: id === 1,
  }) as InvestmentAccount;

describe("the summary's value by account", () => {
  it("adds each account's holdings at the rows' prices and its cash, exactly", () => {
    const none = { currentValue: "0", costBasis: "0", gainLoss: "0", gainLossPercent: null };
    const view = {
      stocks: {
        positions: [position(10, "100.1", "90"), position(11, "200.2", "150")],
        totals: none,
        allocationPercent: null,
      },
      crypto: { positions: [position(12, "0.3", "0.1")], totals: none, allocationPercent: null },
      total: none,
    };
    const accountOf = new Map([
      [10, { accountId: 1 }],
      [11, { accountId: 2 }],
      [12, { accountId: 2 }],
    ]);
    const { rows, total } = accountValues(view, accountOf, [
      account(1, "Main", "0", false),
      account(2, "Brokerage", "50.05", true),
    ]);
    expect(rows.map((row) => [row.name, row.holdings, row.cash, row.value])).toEqual([
      ["Main", "100.1", "0", "100.1"],
      ["Brokerage", "200.5", "50.05", "250.55"],
    ]);
    expect(total).toBe("350.65");
  });

  it("names the flows the returns used", () => {
    expect(flowSourceText({ basis: "trades", accounts: [{ id: 1, name: "Main" }], count: 3 })).toBe(
      "Buys and sells of Main: 3 days with flows",
    );
    expect(
      flowSourceText({ basis: "cash", accounts: [{ id: 2, name: "Brokerage" }], count: 1 }),
    ).toBe(
      "Deposits, withdrawals and cash transfers of Brokerage (cash tracked): 1 day with flows",
    );
  });
});

describe("flowLabel", () => {
  it("names each kind of flow, a holding moved between accounts apart from cash", () => {
    expect(flowLabel({ kind: "trades", symbol: null })).toBe("Buys and sells");
    expect(flowLabel({ kind: "cash", symbol: null })).toBe("Deposits, withdrawals and transfers");
    expect(flowLabel({ kind: "holding", symbol: null })).toBe(
      "Holdings transferred in or out, at cost",
    );
    expect(flowLabel({ kind: "dividend", symbol: "KO" })).toBe("Dividend KO");
  });
});
