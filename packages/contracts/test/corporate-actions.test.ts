import { describe, expect, it } from "vitest";
import { corporateAction, incomeCreateInput } from "../src/accounting/corporate-actions";

describe("corporate action contracts", () => {
  it("accepts a split and a dividend with exact decimal strings", () => {
    expect(
      corporateAction.parse({
        symbol: "nvda",
        type: "split",
        exDate: "2024-06-10",
        splitFrom: "1",
        splitTo: "10",
      }),
    ).toEqual({
      symbol: "NVDA",
      type: "split",
      exDate: "2024-06-10",
      splitFrom: "1",
      splitTo: "10",
    });
    expect(
      corporateAction.safeParse({
        symbol: "CSSEN",
        type: "dividend",
        exDate: "2025-06-12",
        payDate: "2025-06-30",
        cashAmount: "0.59375",
      }).success,
    ).toBe(true);
  });

  it("rejects amounts that are numbers, zero or not canonical", () => {
    const base = { symbol: "KO", type: "dividend", exDate: "2025-06-12" };
    expect(corporateAction.safeParse({ ...base, cashAmount: 0.5 }).success).toBe(false);
    expect(corporateAction.safeParse({ ...base, cashAmount: "0" }).success).toBe(false);
    expect(corporateAction.safeParse({ ...base, cashAmount: "0.50" }).success).toBe(false);
    expect(corporateAction.safeParse({ ...base, cashAmount: "-1" }).success).toBe(false);
  });

  it("refuses an income entry paid before its ex-date", () => {
    const result = incomeCreateInput.safeParse({
      symbol: "KO",
      exDate: "2025-06-12",
      payDate: "2025-06-01",
      quantity: "10",
      amountPerShare: "0.51",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["payDate"]);
  });
});

describe("income inputs", () => {
  it("read amounts from text or JSON numbers as exact decimals", () => {
    expect(
      incomeCreateInput.parse({
        symbol: "ko",
        exDate: "2025-06-12",
        payDate: "2025-07-01",
        quantity: 12,
        amountPerShare: "0.51",
        total: 5.2,
      }),
    ).toMatchObject({ symbol: "KO", quantity: "12", amountPerShare: "0.51", total: "5.2" });
  });
});
