import { readTypedDecimal } from "@ledgerline/contracts/browser";

/**
 * A typed amount as the forms read one before checking it: 0,95 is 0.95; text that reads neither
 * way stays as typed, so the check says what is wrong with it.
 */
export const typedAmount = (text: string) => readTypedDecimal(text) ?? text;
