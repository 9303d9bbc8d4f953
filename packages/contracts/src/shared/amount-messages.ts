/**
 * The one sentence for an amount that is not greater than 0: the spec's messages for trades,
 * income and alerts ("Quantity must be greater than 0", "Purchase price must be greater than 0",
 * "Value must be greater than 0"), and the decimal rules' default, are all this sentence with the
 * field's name (test/decimal-check.test.ts holds each to the spec's words). No imports, so any
 * message table (and the browser) may use it.
 */
export function mustBeGreaterThanZero(label: string): string {
  return `${label} must be greater than 0`;
}

/** A positive amount's field: its name in the messages, and its message for one not above 0. */
export interface AmountRule {
  label: string;
  positiveMessage: string;
}

/** A field whose message for a value not above 0 is the usual sentence, unless it has its own. */
export function amountRule(
  label: string,
  positiveMessage = mustBeGreaterThanZero(label),
): AmountRule {
  return { label, positiveMessage };
}
