import { TRADE_FEE_LABEL, checkAmount, checkDecimal } from "@ledgerline/contracts/browser";
import { describe, expect, it } from "vitest";
import { amountFields, checkAmountIn, feeProblemIn } from "../src/lib/amount-problem";

/**
 * The forms' amount checks say the contracts' rules in catalog words (decision 0070): in English
 * the contracts' text byte for byte, each field and each kind of problem, so the spec's texts and
 * the e2e specs' hold, and a German or Spanish build says the catalog's translation instead.
 */
const typed = ["", "abc", "0", "-1", "1e3", "0.123456789", "1000000000001", "2.5", " 0.50 "];

describe("the forms' amount checks in catalog words", () => {
  it.each(Object.entries(amountFields))(
    "says %s's problems as the contracts do",
    (_name, field) => {
      for (const text of typed) {
        const { value, problem } = checkAmount(text, field.rule);
        expect(checkAmountIn(text, field)).toEqual({ value, problem });
      }
    },
  );

  it("says a sell quantity's own message for any amount not above 0", () => {
    expect(checkAmountIn("0", amountFields.sellQuantity).problem).toBe("Invalid sell quantity");
    expect(checkAmountIn("1e3", amountFields.purchasePrice).problem).toBe(
      "Purchase price must be written as plain digits, like 1000 or 0.5 (not 1e3)",
    );
  });

  it("says a fee's problems as the contracts' checkDecimal does", () => {
    for (const text of [...typed, "-0.5", "1E3"]) {
      const checked = checkDecimal(text, TRADE_FEE_LABEL, { sign: "notNegative" });
      expect(feeProblemIn(text)).toBe(checked.ok ? null : checked.message);
    }
    expect(feeProblemIn("1e3")).toBe(
      "Fee must be written as plain digits, like 1000 or 0.5 (not 1e3)",
    );
  });
});
