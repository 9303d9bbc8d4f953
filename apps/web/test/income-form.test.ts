import type { IncomeEntry } from "@ledgerline/contracts";
import {
  dateInFuture,
  dateOutOfRange,
  incomeFormMessages,
  marketMessages,
} from "@ledgerline/contracts/browser";
import { describe, expect, it } from "vitest";
import { RequestKeys } from "../src/lib/idempotency-key";
import {
  computedTotal,
  incomeFormOf,
  incomeFormProblems,
  incomeInput,
  type IncomeFormValues,
} from "../src/routes/_app/income/-components/income-form";

const valid: IncomeFormValues = {
  symbol: " ko ",
  exDate: "2026-02-13",
  payDate: "2026-03-02",
  quantity: "3.5",
  amountPerShare: "0.515",
  total: "",
};

const entry: IncomeEntry = {
  id: 7,
  type: "DIVIDEND",
  symbol: "JPM",
  exDate: "2026-01-05",
  payDate: "2026-01-31",
  quantity: "12",
  amountPerShare: "1.4",
  total: "16.8",
  manual: false,
};

describe("income form rules", () => {
  it("accepts a complete entry and sends its decimals exactly as typed", () => {
    expect(incomeFormProblems(valid)).toEqual({});
    expect(incomeInput(valid)).toEqual({
      symbol: "KO",
      exDate: "2026-02-13",
      payDate: "2026-03-02",
      quantity: "3.5",
      amountPerShare: "0.515",
    });
    expect(incomeInput({ ...valid, total: " 1.53 " }).total).toBe("1.53");
  });

  it("says what is wrong with each field in the server's words", () => {
    expect(
      incomeFormProblems({
        symbol: "not a symbol",
        exDate: "",
        payDate: "",
        quantity: "0",
        amountPerShare: "abc",
        total: "-1",
      }),
    ).toEqual({
      symbol: marketMessages.invalidStockSymbol,
      exDate: incomeFormMessages.dateRequired,
      payDate: incomeFormMessages.dateRequired,
      quantity: incomeFormMessages.quantityMustBePositive,
      amountPerShare: incomeFormMessages.amountPerShareMustBePositive,
      total: incomeFormMessages.totalMustBePositive,
    });
  });

  it("checks amounts by the server's decimal rules: places and the bound, in its words", () => {
    expect(
      incomeFormProblems({
        ...valid,
        quantity: "1.123456789",
        amountPerShare: "2000000000000",
        total: "1e3",
      }),
    ).toEqual({
      quantity: "Quantity can have at most 8 decimal places",
      amountPerShare: "Amount per share must be at most 1,000,000,000,000",
      total: "Total must be written as plain digits, like 1000 or 0.5 (not 1e3)",
    });
    expect(computedTotal({ ...valid, quantity: "1.123456789" })).toBeUndefined();
  });

  it("reads a decimal comma as an import does: 0,95 is 0.95, 1,000 a thousand", () => {
    const comma = { ...valid, quantity: "1.234,5", amountPerShare: "0,95", total: "1,000" };
    expect(incomeFormProblems(comma)).toEqual({});
    expect(incomeInput(comma)).toMatchObject({
      quantity: "1234.5",
      amountPerShare: "0.95",
      total: "1000",
    });
    expect(computedTotal({ ...valid, quantity: "10", amountPerShare: "0,95" })).toBe("9.5");
  });

  it("applies the contracts' decimal rules: places, the bound, plain digits", () => {
    expect(
      incomeFormProblems({
        ...valid,
        quantity: "1e3",
        amountPerShare: "0,123456789",
        total: "2000000000000",
      }),
    ).toEqual({
      quantity: "Quantity must be written as plain digits, like 1000 or 0.5 (not 1e3)",
      amountPerShare: "Amount per share can have at most 8 decimal places",
      total: "Total must be at most 1,000,000,000,000",
    });
  });

  it("refuses a pay date before the ex-date", () => {
    expect(incomeFormProblems({ ...valid, payDate: "2026-02-12" })).toEqual({
      payDate: incomeFormMessages.payDateBeforeExDate,
    });
    expect(incomeFormProblems({ ...valid, payDate: valid.exDate })).toEqual({});
  });

  it("keeps both dates between 1970 and today, in the server's words", () => {
    const today = "2026-03-02";
    expect(incomeFormProblems({ ...valid, exDate: "0001-01-01" }, today)).toEqual({
      exDate: dateOutOfRange("The ex-date"),
    });
    expect(incomeFormProblems({ ...valid, payDate: "9999-12-31" }, today)).toEqual({
      payDate: dateOutOfRange("The pay date"),
    });
    expect(
      incomeFormProblems({ ...valid, exDate: "2026-03-03", payDate: "2026-03-04" }, today),
    ).toEqual({
      exDate: dateInFuture("The ex-date"),
      payDate: dateInFuture("The pay date"),
    });
    expect(incomeFormProblems(valid, today)).toEqual({});
  });

  it("works the total out exactly: 3.5 × 0.515 is 1.8025", () => {
    expect(computedTotal(valid)).toBe("1.8025");
    expect(computedTotal({ ...valid, quantity: "" })).toBeUndefined();
  });

  it("keeps a broker's own total when editing, and leaves a computed one to follow the figures", () => {
    expect(incomeFormOf(entry).total).toBe("");
    expect(incomeFormOf({ ...entry, total: "14.28" }).total).toBe("14.28");
  });
});

describe("request keys", () => {
  it("reuses a key for the same request and mints a new one for a changed request", () => {
    const keys = new RequestKeys();
    const first = keys.keyFor({ id: 1, total: "4.37" });
    expect(keys.keyFor({ id: 1, total: "4.37" })).toBe(first);
    const second = keys.keyFor({ id: 1, total: "4.38" });
    expect(second).not.toBe(first);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
  });
});
