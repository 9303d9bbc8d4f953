import { compare, decimalPlaces, parseDecimal, type Decimal } from "@ledgerline/money";
import { mustBeGreaterThanZero, type AmountRule } from "./amount-messages";

/**
 * The rules every decimal a client sends must meet (a trade's quantity and price, an alert's
 * value, an income entry's amounts, the figures the spec's clients post beside a save): text or
 * a JSON number, read exactly, never above one bound, refused with one message per rule. A value
 * past the bound (1e21 as a JSON number, a 26-digit string) is a 400 at the door (decimal-input.ts
 * makes these rules the schemas'), never a RangeError where it is stored (20 integer digits) or
 * computed with. Without zod, so the web app's forms check what they send by the same rules.
 */

/** Quantities and prices carry at most 8 decimals (crypto steps are 1e-6; sub-cent coins need 8). */
export const AMOUNT_DECIMALS = 8;
/** No decimal a client sends may be larger than this (or, where negatives are allowed, smaller than its negative). */
export const MAX_DECIMAL_INPUT = "1000000000000";

/**
 * The bound as the messages write it: 1,000,000,000,000. Grouped by hand, not with
 * toLocaleString: this module is evaluated as a page's forms load, and the number formatter the
 * browser builds for that call took ~14 ms of the portfolio summary's start (55 ms at a phone's
 * 4x slower CPU, one long task; issue 35).
 */
export const MAX_DECIMAL_INPUT_TEXT = MAX_DECIMAL_INPUT.replace(/\B(?=(\d{3})+$)/g, ",");

export const decimalInputMessages = {
  notANumber: (label: string) => `${label} must be a number`,
  plainDigits: (label: string) =>
    `${label} must be written as plain digits, like 1000 or 0.5 (not 1e3)`,
  tooLarge: (label: string) => `${label} must be at most ${MAX_DECIMAL_INPUT_TEXT}`,
  tooSmall: (label: string) => `${label} must be at least -${MAX_DECIMAL_INPUT_TEXT}`,
  tooManyPlaces: (label: string, places: number) =>
    `${label} can have at most ${places} decimal places`,
  positive: mustBeGreaterThanZero,
  notNegative: (label: string) => `${label} cannot be negative`,
} as const;

/**
 * Which of its messages checkAmount answered: the field's own (no number greater than 0), plain
 * digits ('1e3'), too many decimal places, or past the bound. A form that says it in the reader's
 * language words it from this (apps/web lib/amount-problem.ts).
 */
export type AmountProblem = "positive" | "plainDigits" | "places" | "bound";

/**
 * An amount typed into a form's box, checked by the rules below: its exact decimal text, or what
 * is wrong with it in the server's words, with the field's own message for a box that holds no
 * number greater than 0 (empty, "abc", "0", "-1") and a word on plain digits for '1e3'.
 */
export function checkAmount(
  text: string,
  { label, positiveMessage }: AmountRule,
):
  | { value: Decimal; problem: null; kind?: undefined }
  | { value: undefined; problem: string; kind: AmountProblem } {
  const checked = checkDecimal(text, label, { positiveMessage });
  if (checked.ok) return { value: checked.value, problem: null };
  // '1e3' is a number written otherwise than amounts are: say how, not that it is not above 0.
  const kind: AmountProblem =
    checked.rule === "number"
      ? isExponentText(text)
        ? "plainDigits"
        : "positive"
      : checked.rule === "sign"
        ? "positive"
        : checked.rule;
  return {
    value: undefined,
    problem: kind === "positive" ? positiveMessage : checked.message,
    kind,
  };
}

export interface DecimalRules {
  /** `positive` (the default): more than 0; `notNegative`: 0 or more; `any`: either sign. */
  sign?: "positive" | "notNegative" | "any";
  /** The message for a value that is not positive (the spec's, where it has one). */
  positiveMessage?: string;
  /**
   * Decimal places allowed: AMOUNT_DECIMALS by default; `any` for figures that are accepted and
   * ignored (a spec client's float arithmetic may post 0.30000000000000004).
   */
  places?: number | "any";
}

/** Which rule a value broke: not a number, its sign, its decimal places, or the bound. */
export type DecimalRule = "number" | "sign" | "places" | "bound";

export type DecimalCheck =
  { ok: true; value: Decimal } | { ok: false; rule: DecimalRule; message: string };

/** A value checked by the rules above: its canonical decimal text, or the message saying why not. */
export function checkDecimal(
  input: unknown,
  label: string,
  rules: DecimalRules = {},
): DecimalCheck {
  const { sign = "positive", places = AMOUNT_DECIMALS } = rules;
  const value = parseDecimal(input);
  if (value === undefined) {
    // A number input takes '1e3'; the stored decimals and the people reading them do not.
    const message = isExponentText(input)
      ? decimalInputMessages.plainDigits(label)
      : decimalInputMessages.notANumber(label);
    return { ok: false, rule: "number", message };
  }
  if (sign === "positive" && compare(value, "0") <= 0) {
    const message = rules.positiveMessage ?? decimalInputMessages.positive(label);
    return { ok: false, rule: "sign", message };
  }
  if (sign === "notNegative" && compare(value, "0") < 0) {
    return { ok: false, rule: "sign", message: decimalInputMessages.notNegative(label) };
  }
  if (places !== "any" && decimalPlaces(value) > places) {
    return {
      ok: false,
      rule: "places",
      message: decimalInputMessages.tooManyPlaces(label, places),
    };
  }
  if (compare(value, MAX_DECIMAL_INPUT) > 0) {
    return { ok: false, rule: "bound", message: decimalInputMessages.tooLarge(label) };
  }
  if (compare(value, `-${MAX_DECIMAL_INPUT}`) < 0) {
    return { ok: false, rule: "bound", message: decimalInputMessages.tooSmall(label) };
  }
  return { ok: true, value };
}

/** Text in scientific notation ('1e3', '2.5E-4'): a number, written in a way amounts are not. */
export function isExponentText(input: unknown): boolean {
  return typeof input === "string" && /^\s*[+-]?(\d+\.?\d*|\.\d+)e[+-]?\d+\s*$/i.test(input);
}

/**
 * An unsigned amount as people write it, with thousands groups of three and a decimal point
 * (1,234.56) or comma (1.234,56): its exact decimal text, or undefined. Imports read their cells
 * with it, in the separator of the file; forms read what was typed with `readTypedDecimal`.
 */
export function readGroupedDecimal(text: string, decimalSeparator: "." | ","): Decimal | undefined {
  let cell = text;
  const grouping = decimalSeparator === "." ? "," : ".";
  // Thousands groups are groups of three after a first group that is not 0, so "1,5" is never
  // read as 15, nor "0,515" as 515, with a decimal point.
  const groups =
    decimalSeparator === "."
      ? /^[1-9]\d{0,2}(?:,\d{3})+(?:\.\d*)?$/
      : /^[1-9]\d{0,2}(?:\.\d{3})+(?:,\d*)?$/;
  if (cell.includes(grouping)) {
    if (!groups.test(cell)) return undefined;
    cell = cell.replaceAll(grouping, "");
  }
  if (decimalSeparator === ",") cell = cell.replace(",", ".");
  if (cell.startsWith("-")) return undefined;
  return parseDecimal(cell);
}

/**
 * A typed amount, read as an import reads a file's amounts when it guesses their separator: with
 * a decimal point if it reads so (1,000 is a thousand), else with a decimal comma (0,95).
 */
export function readTypedDecimal(text: string): Decimal | undefined {
  const trimmed = text.trim();
  return readGroupedDecimal(trimmed, ".") ?? readGroupedDecimal(trimmed, ",");
}
