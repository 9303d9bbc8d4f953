import type { CashActivity } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import {
  cashFormOf,
  cashFormProblems,
  cashInput,
  emptyCashForm,
  isCredit,
  isHandEntered,
} from "../src/components/cash/cash-form";

const today = "2026-03-11";

describe("the cash activity form", () => {
  it("opens on a deposit dated today", () => {
    expect(emptyCashForm(today)).toEqual({ type: "deposit", amount: "", date: today, notes: "" });
  });

  it("refuses an amount that is not above 0, a date ahead of today and long notes", () => {
    expect(
      cashFormProblems(
        { type: "fee", amount: "0", date: "2026-03-12", notes: "x".repeat(501) },
        today,
      ),
    ).toEqual({
      amount: "Amount must be greater than 0",
      date: "The date cannot be in the future",
      notes: "Notes must be at most 500 characters",
    });
    expect(cashFormProblems({ type: "fee", amount: "", date: "", notes: "" }, today)).toEqual({
      amount: "Amount must be greater than 0",
      date: "Enter a date",
    });
    expect(
      cashFormProblems(
        { type: "tax", amount: "1.123456789", date: "1969-12-31", notes: "" },
        today,
      ),
    ).toEqual({
      amount: "Amount can have at most 8 decimal places",
      date: "The date must be between 1970-01-01 and 2099-12-31",
    });
  });

  it("sends the amount exactly as read, into the account, without empty notes", () => {
    const values = { type: "deposit" as const, amount: "1.234,50", date: today, notes: "  " };
    expect(cashFormProblems(values, today)).toEqual({});
    expect(cashInput(values, 7)).toEqual({
      accountId: 7,
      type: "deposit",
      amount: "1234.5",
      date: today,
      notes: null,
    });
    expect(cashInput({ ...values, amount: "0,5", notes: " Payroll " }, 7)).toMatchObject({
      amount: "0.5",
      notes: "Payroll",
    });
  });

  it("edits an activity from its own figures", () => {
    const activity: CashActivity = {
      id: 3,
      accountId: 7,
      type: "interest",
      amount: "4.12",
      date: "2026-02-28",
      notes: null,
      transferId: null,
    };
    expect(isHandEntered(activity)).toBe(true);
    if (isHandEntered(activity)) {
      expect(cashFormOf(activity)).toEqual({
        type: "interest",
        amount: "4.12",
        date: "2026-02-28",
        notes: "",
      });
    }
    expect(isHandEntered({ ...activity, type: "transfer-in", transferId: 9 })).toBe(false);
  });

  it("counts deposits, interest and transfers in as money in; the rest as money out", () => {
    expect(["deposit", "interest", "transfer-in"].every((type) => isCredit(type as never))).toBe(
      true,
    );
    expect(
      ["withdrawal", "fee", "tax", "transfer-out"].some((type) => isCredit(type as never)),
    ).toBe(false);
  });
});
