import type { PositionView } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { account } from "./account-fixtures";
import { holdingsBySymbol } from "../src/components/assets/useAssetActions";
import { tradeAccounts } from "../src/components/trade/trade-accounts";

const main = account(1, "Main");
const ira = account(2, "Retirement", { type: "ira", institution: "Vanguard", isDefault: true });
const wallet = account(3, "Wallet", { type: "wallet" });

const held = (id: number, accountId: number, quantity: string): PositionView => ({
  id,
  symbol: "AAPL",
  quantity,
  averagePurchasePrice: "100",
  accountId,
});

describe("the trade dialog's Account choice", () => {
  it("is not offered to a user with one account", () => {
    expect(tradeAccounts("buy", [main], [])).toBeUndefined();
    expect(tradeAccounts("sell", [main], [{ ...held(9, 1, "2"), accountId: undefined }])).toBe(
      undefined,
    );
  });

  it("offers a buy every account, the default one chosen, with what each holds", () => {
    expect(tradeAccounts("buy", [main, ira, wallet], [held(9, 3, "1.5")])).toEqual({
      choices: [
        { id: 1, label: "Main", held: "0" },
        { id: 2, label: "Retirement (Vanguard)", held: "0" },
        { id: 3, label: "Wallet", held: "1.5", positionId: 9 },
      ],
      initial: 2,
    });
  });

  it("offers a sell only the accounts holding the symbol, the first when the default holds none", () => {
    expect(
      tradeAccounts("sell", [main, ira, wallet], [held(9, 3, "1.5"), held(8, 1, "4")]),
    ).toEqual({
      choices: [
        { id: 1, label: "Main", held: "4", positionId: 8 },
        { id: 3, label: "Wallet", held: "1.5", positionId: 9 },
      ],
      initial: 1,
    });
    expect(
      tradeAccounts("sell", [main, ira, wallet], [held(9, 3, "1.5"), held(7, 2, "1")])?.initial,
    ).toBe(2);
  });
});

describe("a symbol's holding over the accounts", () => {
  it("is the symbol's total when rows carry one, the row itself otherwise", () => {
    const total = {
      quantity: "5",
      averagePurchasePrice: "130",
      costBasis: "650",
      currentPrice: "172",
      currentValue: "860",
      gainLoss: "210",
      gainLossPercent: 32.3077,
    };
    const rows = [
      { ...held(8, 1, "2"), symbolTotal: total },
      { ...held(9, 3, "3"), symbolTotal: total },
      { ...held(7, 1, "1"), symbol: "MSFT" },
    ];
    const holdings = holdingsBySymbol(rows);
    expect(holdings.get("AAPL")).toMatchObject({ quantity: "5", averagePurchasePrice: "130" });
    expect(holdings.get("MSFT")).toMatchObject({ quantity: "1", averagePurchasePrice: "100" });
  });
});
