/**
 * The tax report's bounds and words (issue 32), without zod: the Taxes page and the sell
 * dialog's lot choice import them at run time (decision 0014).
 */

export const MAX_LOT_SELECTIONS = 500;
export const TAX_YEAR_MIN = 1970;
export const TAX_YEAR_MAX = 2100;
/** Lots and harvest rows per page (issue 29, decision 0046): a heavy trader has 200,000. */
export const LOTS_PAGE_DEFAULT = 100;
export const LOTS_PAGE_MAX = 500;

export const taxMessages = {
  lotIdInvalid: "A lot id is the id of the buy that made it, like 12 or 12-1",
  tooManyLots: `A sale can name at most ${MAX_LOT_SELECTIONS} lots`,
  lotsDoNotAddUp: (named: string, sold: string, difference: string) =>
    `The lots named add up to ${named}, not the ${sold} sold (a difference of ${difference})`,
  lotNotOpen: (lotId: string) => `Lot ${lotId} is not an open lot of this position's account`,
  lotTooSmall: (lotId: string, remaining: string) =>
    `Lot ${lotId} has only ${remaining} left to sell`,
  lotNamedTwice: (lotId: string) => `Lot ${lotId} is named more than once`,
  yearInvalid: `The tax year must be a year from ${TAX_YEAR_MIN} to ${TAX_YEAR_MAX}`,
  assetTypeInvalid: "assetType must be STOCK or CRYPTO",
  openInvalid: "open must be true or false",
  limitInvalid: `limit must be a whole number from 1 to ${LOTS_PAGE_MAX}`,
  cursorInvalid:
    "cursor is not a page of your lots (it comes from this list's nextCursor); start again without it",
  cryptoNote:
    "Crypto is not subject to the wash-sale rule under current US law (it is property, not stock or securities): its losses are never disallowed here.",
  washSaleWarning: (symbol: string, date: string) =>
    `${symbol} was bought on ${date}, within 30 days: selling this lot at a loss now would be a wash sale`,
  taxAdvantagedNote: "Sales in IRA, Roth IRA and 401(k) accounts are not taxable and are left out.",
} as const;

/** How each cost-basis method is named to a person (the sell dialog, the returns' explanation). */
export const costBasisMethodLabels = {
  fifo: "First in, first out (FIFO)",
  lifo: "Last in, first out (LIFO)",
  hifo: "Highest cost first (HIFO)",
  specific: "Specific lots (first in, first out unless you choose)",
  average: "Average cost (lots first in, first out)",
} as const;

/** The methods' short names, where a label would not fit (the method switch's table headings). */
export const costBasisMethodShortLabels = {
  fifo: "FIFO",
  lifo: "LIFO",
  hifo: "HIFO",
  specific: "Specific lots",
  average: "Average cost",
} as const;

/**
 * What each method does at a sale, in the words of the lot engine (tax/lot-engine.ts): shown
 * where a method is chosen. `specific` falls back to fifo for what a sale did not name.
 */
export const costBasisMethodHints = {
  fifo: "Each sale takes the shares bought earliest first.",
  lifo: "Each sale takes the shares bought most recently first.",
  hifo: "Each sale takes the shares that cost the most per share first.",
  specific:
    "Each sale takes the lots you name when you sell; a sale that names none takes first in, first out.",
  average:
    "A sale's cost is the account's average cost per share; lots still close first in, first out for their dates.",
} as const;

/** The 'Explain' panel's line for the realized gain of accounts under each method. */
export const realizedByMethodTexts = {
  fifo: "Realized gain by first-in, first-out (FIFO) lots",
  lifo: "Realized gain by last-in, first-out (LIFO) lots",
  hifo: "Realized gain by highest-cost-first (HIFO) lots",
  specific:
    "Realized gain by the lots chosen at each sale (first in, first out where none were chosen)",
  average: "Realized gain by average cost: quantity × (sell price − average price at the time)",
} as const;
