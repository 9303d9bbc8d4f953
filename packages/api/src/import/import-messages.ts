import { cashActivityLabels, type CashActivityType } from "@ledgerline/contracts";

/**
 * The import jobs' texts, apart from import-jobs.ts: the synchronous import (service.ts) refuses
 * with the same conflict while one of the user's jobs runs, and import-jobs.ts imports service.ts.
 */
export const importJobMessages = {
  notFound: "No import of yours has this id",
  failed: "The import could not be finished and nothing was written; try again",
  historyChanged: "Your history changed while the file was being checked; import it again",
  alreadyRunning:
    "An import of yours is still running; wait for it to finish or cancel it, then import again",
} as const;

/**
 * The import's own refusals that quote the file: a file of another source, and the 400 of a run
 * whose file has error rows (each row's line is its preview text, an `importRowMessages` one).
 * Each is an `api_import_*` message, so the door says it in the reader's language (decision 0070).
 */
export const importRunMessages = {
  notThisFormat: (format: string, missing: string[]) =>
    `This does not look like ${format}: it has no ${missing.map((column) => `"${column}"`).join(", ")} column${missing.length > 1 ? "s" : ""}. Choose the file's source again.`,
  rowsHaveErrors: (count: number) =>
    `${count} row${count === 1 ? " has an error" : "s have errors"}; fix them or import with skipInvalid to leave them out`,
  errorRow: (row: number, message: string) => `Row ${row}: ${message}`,
} as const;

const TRANSFER = "A transfer between accounts or wallets, not a trade";

/**
 * What the preview says of a row (why it is an error or skipped, or what it adds), in one table:
 * each text, or each form of one (stocks or crypto, "was" or "were"), is an `api_import_row_*`
 * message of the catalog, so the door can put it into the reader's language (decision 0070).
 * A text changed here must be changed in en.json too (catalog.test.ts holds them).
 */
export const importRowMessages = {
  // A row's cells (parse.ts).
  priceNotUsd: (currency: string) =>
    `The price is in ${currency}; only prices in USD can be imported`,
  cellMissing: (label: string) => `${label} is missing`,
  cellNotANumber: (label: string, text: string) => `${label} "${text}" is not a number`,
  notPositive: (label: string, value: string) => `${label} must be greater than 0 (it is ${value})`,
  tooManyPlaces: (label: string, value: string, places: number, stock: boolean, allowed: number) =>
    `${label} ${value} has ${places} decimal places; ${stock ? "stocks allow" : "crypto allows"} at most ${allowed}`,
  feesNotUsd: (currency: string) => `The fees are in ${currency}; only USD can be imported`,
  feesNotANumber: (text: string) => `Fees "${text}" is not a number`,
  dateMissing: "The date is missing",
  dateUnreadable: (text: string, format: string) =>
    `The date "${text}" is not a date in the format ${format}`,
  dateInFuture: "The date is in the future",
  assetTypeUnknown: (value: string) => `The asset type "${value}" is neither STOCK nor CRYPTO`,
  symbolMissing: "The symbol is missing",
  symbolInvalid: (text: string) => `"${text}" is not a valid symbol`,
  splitNeedsQuantity: "A split needs the quantity of shares it added",
  dividendNeedsAmount: "A dividend needs its amount, or its amount per share",
  // Cash rows (parse.ts, cash-rows.ts).
  cashNotUsd: (action: string, currency: string) =>
    `"${action}" of ${currency || "an unnamed currency"}: only US dollars are recorded as cash`,
  cashAmountNotUsd: (currency: string) =>
    `The amount is in ${currency}; only US dollars are recorded as cash`,
  cashAmountMissing: "A cash row needs its amount",
  refund: (kind: "fee" | "tax") =>
    `A refund of ${kind === "fee" ? "a fee" : "tax withheld"}: enter it as a deposit if you want it counted`,
  cash: (kind: CashActivityType, amount: string) => `${cashActivityLabels[kind]} of ${amount} USD`,
  cashRecorded: (kind: CashActivityType, date: string) =>
    `Already recorded: this account's cash has the same ${cashActivityLabels[kind].toLowerCase()} on ${date}`,
  // A row's action (parse.ts, and the presets' reasons in formats.ts).
  totalLine: "A total line, not a transaction",
  noAction: "The row has no action",
  actionNotImported: (action: string) =>
    `The action "${action}" is not one that is imported (buy, sell, dividend, split, or cash in or out)`,
  actionSkipped: (action: string) => `The action "${action}" is set to be skipped`,
  transfer: TRANSFER,
  journaledShares: `${TRANSFER}: enter it as a holding transfer on the Accounts page`,
  coinsMoved:
    "Coins moved between wallets, not cash and not a trade: their cost is not in the file; if both wallets are your accounts here, enter it as a holding transfer",
  convert: "A conversion between two coins: record it as a sell and a buy",
  // The market, the calendar and the history (service.ts, plan-check.ts, dividends.ts).
  unknownSymbol: (symbol: string, stock: boolean) =>
    `Unknown symbol ${symbol}: the market has no such ${stock ? "stock" : "cryptocurrency"}`,
  symbolUnconfirmed: (symbol: string) =>
    `The market could not confirm the symbol ${symbol} just now; try again later`,
  tradeRecorded: "Already recorded: the same trade is in your history",
  cryptoRewards:
    "Crypto rewards are not recorded as income (income entries are stock dividends); record the coins received as a buy",
  cryptoNoSplits: "Crypto has no splits to apply; this row is not applied",
  calendarUnreadable: (symbol: string) =>
    `The corporate actions of ${symbol} could not be read just now; try again later`,
  splitNotInCalendar: (symbol: string, day: string) =>
    `No ${symbol} split near ${day} is in the corporate-actions calendar, which is where splits are applied from: this row is not applied`,
  /** `split` names it as `${symbol}'s ${formatSplit(from, to)} of ${exDate}`. */
  splitApplied: (split: string) =>
    `Already applied: ${split} from the corporate-actions calendar is in your history`,
  splitMatches: (split: string) =>
    `Matches ${split} in the corporate-actions calendar, which applies it to the shares held then (once, not again from this row)`,
  dividendRecorded: (symbol: string, exDate: string) =>
    `Already recorded: your income has ${symbol}'s dividend of ex-date ${exDate}`,
  dividendNoneHeld: (symbol: string, exDate: string) =>
    `A dividend on ${symbol}, but no ${symbol} was held on ${exDate}: import the trades that bought it too`,
  dividendTooSmall: (total: string, quantity: string, symbol: string) =>
    `The dividend of ${total} USD on ${quantity} ${symbol} is less than 0.00000001 per share`,
  income: (total: string, quantity: string, symbol: string, exDate: string, calendar: boolean) =>
    `Income: ${total} USD on ${quantity} ${symbol} (ex-date ${exDate}${calendar ? ", the corporate-actions calendar's dividend" : ""}), recorded as a dividend`,
  // Sells against what was held (plan-replay.ts).
  sellAboveHeldThen: (quantity: string, symbol: string, held: string, date: string) =>
    `Sells ${quantity} ${symbol} but ${held} ${held === "1" ? "was" : "were"} held on ${date}`,
  sellAboveHeldNow: (quantity: string, symbol: string, held: string) =>
    `Sells ${quantity} ${symbol} but the position holds ${held} now (later sells already took the rest)`,
} as const;
