import { z } from "zod";
import { checkDecimal, decimalInputMessages, type DecimalRules } from "./decimal-check";

// The one door every decimal a client sends passes through, in the schemas; its rules are
// decimal-check.ts's.

/** A decimal field of an input, as canonical decimal text: see checkDecimal. */
export function decimalInput(label: string, rules: DecimalRules = {}) {
  const notANumber = decimalInputMessages.notANumber(label);
  return z
    .union([z.string(notANumber), z.number(notANumber)], { error: notANumber })
    .transform((input, ctx) => {
      const checked = checkDecimal(input, label, rules);
      if (checked.ok) return checked.value;
      ctx.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    });
}

/**
 * A figure a spec client posts beside a save (a price, a change), accepted and ignored: of
 * either sign and any precision (the original client's float arithmetic), within the one bound.
 */
export const postedFigure = (name: string) =>
  decimalInput(name, { sign: "any", places: "any" }).nullable().optional();
