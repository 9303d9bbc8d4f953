import type { CashSums } from "@ledgerline/db";
import { describe, expect, it } from "vitest";
import { cashBalanceOf } from "./cash-balance";

const ACCOUNT = 7;
const OTHER = 8;

/** The sums of: deposit 10,000; buy 10 at 100 with fee 5; dividend 12.34; sell 10 at 110 with fee 5; withdrawal 500. */
const sums: CashSums = {
  activities: [
    { accountId: ACCOUNT, kind: "deposit", total: "10000" },
    { accountId: ACCOUNT, kind: "withdrawal", total: "500" },
    { accountId: OTHER, kind: "deposit", total: "99" },
  ],
  trades: [
    { accountId: ACCOUNT, side: "BUY", total: "1000", fee: "5" },
    { accountId: ACCOUNT, side: "SELL", total: "1100", fee: "5" },
    { accountId: OTHER, side: "BUY", total: "1", fee: "0" },
  ],
  income: [{ accountId: ACCOUNT, total: "12.34" }],
};

describe("an account's cash balance", () => {
  it("adds deposits, sells net of fees and dividends, and takes buys with fees and withdrawals", () => {
    // 10,000 - (1,000 + 5) + 12.34 + (1,100 - 5) - 500 = 9,602.34
    expect(cashBalanceOf(sums, ACCOUNT, true)).toBe("9602.34");
  });

  it("counts only the cash activities of an account that does not track its trades' cash", () => {
    expect(cashBalanceOf(sums, ACCOUNT, false)).toBe("9500");
  });

  it("adds interest and transfers in, takes fees, tax and transfers out", () => {
    const activities: CashSums["activities"] = [
      { accountId: ACCOUNT, kind: "interest", total: "0.01" },
      { accountId: ACCOUNT, kind: "transfer-in", total: "300" },
      { accountId: ACCOUNT, kind: "fee", total: "25" },
      { accountId: ACCOUNT, kind: "tax", total: "1.5" },
      { accountId: ACCOUNT, kind: "transfer-out", total: "100.005" },
    ];
    expect(cashBalanceOf({ activities, trades: [], income: [] }, ACCOUNT, true)).toBe("173.505");
  });

  it("goes below zero and says so when buys cost more than the cash held", () => {
    const bought: CashSums = {
      activities: [{ accountId: ACCOUNT, kind: "deposit", total: "100" }],
      trades: [{ accountId: ACCOUNT, side: "BUY", total: "150.25", fee: "1" }],
      income: [],
    };
    expect(cashBalanceOf(bought, ACCOUNT, true)).toBe("-51.25");
  });

  it("is 0 for an account with nothing", () => {
    expect(cashBalanceOf(sums, 9, true)).toBe("0");
  });
});
