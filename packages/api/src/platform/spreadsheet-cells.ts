/**
 * OWASP's CSV-injection rule in full: a cell a spreadsheet could run as a formula or a command
 * starts with `=`, `+`, `-`, `@` or `|` (or their full-width forms ＝ ＋ － ＠ ｜, which some
 * spreadsheets read alike), also after leading spaces, or starts with a tab, CR or LF.
 */
const FORMULA_LIKE = /^(?:[\t\r\n]|\s*[=+\-@|\uFF1D\uFF0B\uFF0D\uFF20\uFF5C])/u;

/** Whether a spreadsheet could read this text as a formula. */
export function formulaLike(text: string): boolean {
  return FORMULA_LIKE.test(text);
}

/** A cell's text made inert for a spreadsheet: a leading apostrophe, which it shows as text. */
export function guardFormula(text: string): string {
  return formulaLike(text) ? `'${text}` : text;
}

/** Undoes `guardFormula` on a cell read back from our own export. */
export function unguardFormula(text: string): string {
  return text.startsWith("'") && formulaLike(text.slice(1)) ? text.slice(1) : text;
}
