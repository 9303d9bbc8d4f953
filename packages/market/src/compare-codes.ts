/** Upper-case codes (tickers), or lower-case ones (ISO dates, kinds), with digits, dots and dashes. */
const UPPER_CODE = /^[A-Z0-9.-]*$/;
const LOWER_CODE = /^[a-z0-9.-]*$/;

/**
 * `a.localeCompare(b)`'s order, without ICU's collator when both are codes of one case: on
 * those, the collator's order (dashes, dots, digits, then letters) is the strings' code units'
 * order: compare-codes.test.ts checks every pair of ~3,500 such strings (all of up to two
 * characters and 2,000 random ones of up to eight). The collator's first use maps ~3 MB of ICU's data from node's
 * binary, and the start sorts the movers and a symbol's corporate actions (issue 35). Anything
 * else (a mixed-case name, a letter beyond ASCII) is compared by the collator as before.
 */
export function compareCodes(a: string, b: string): number {
  if ((UPPER_CODE.test(a) && UPPER_CODE.test(b)) || (LOWER_CODE.test(a) && LOWER_CODE.test(b))) {
    return a < b ? -1 : a > b ? 1 : 0;
  }
  return a.localeCompare(b);
}
