import { z } from "zod";
import { controlCharacterRefused } from "./messages";

/**
 * Text on one line: no C0 or C1 control character (CR, LF, tab, NUL, ESC ...), no DEL, no Unicode
 * line or paragraph separator. Such a character in a name or an address could start a line of
 * its own in a mail, a log or an export.
 */
const SINGLE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;

/**
 * The one validator of text that is not free text (a person's name, an email address, a key's or
 * a mapping's name, a column name, a search): trimmed, then refused with a message naming the
 * field when it holds a control character. Free text (notes, client logs) keeps its lines; what
 * of it reaches a mail is encoded there.
 */
export function singleLineText(field: string, requiredMessage?: string) {
  return z
    .string(requiredMessage === undefined ? undefined : { error: requiredMessage })
    .trim()
    .regex(SINGLE_LINE, controlCharacterRefused(field));
}
