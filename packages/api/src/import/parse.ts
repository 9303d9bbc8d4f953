import {
  AMOUNT_DECIMALS,
  cashActivityTypes,
  checkDecimal,
  cryptoSymbol,
  dateOutOfRange,
  decimalInputMessages,
  IMPORT_MAX_ROWS,
  MAX_DECIMAL_INPUT,
  NOTES_MAX_LENGTH,
  readGroupedDecimal,
  stockSymbol,
  TRADE_FEE_LABEL,
  withinDateRange,
  type AssetKind,
  type CashActivityType,
  type ImportDateFormat,
  type ImportMapping,
} from "@ledgerline/contracts";
import { compare, decimalPlaces, isZero, parseDecimal, type Decimal } from "@ledgerline/money";
import type { Parser } from "csv-parse";
import type { ImportedTrade } from "@ledgerline/db";
import { badRequest } from "../platform/errors";
import { unguardFormula } from "../platform/spreadsheet-cells";
import { Turns } from "../platform/turns";
import type { ImportFormat } from "./formats";
import { importRowMessages, importRunMessages } from "./import-messages";

/**
 * Reads an export into rows that say what each line would become, with no database or market
 * involved: dates, numbers, actions and symbols are checked here; what is held, what is already
 * recorded and which symbols the market knows are the service's (service.ts). A file that cannot
 * be read at all is a 400 with the reason; a row that cannot is an error row with its line.
 */

/** How every CSV of an import is read (the delimiter is the file's). */
export const CSV_OPTIONS = {
  bom: true,
  // Named rather than discovered: csv-parse discovers them by allocating three buffers at each
  // character of the first line, seconds for a file that is one 10 MB line.
  record_delimiter: ["\r\n", "\n", "\r"],
  relax_column_count: true,
  relax_quotes: true,
  // An empty line is counted, not made a record (which cost ~20 µs each, see feed).
  skip_empty_lines: true,
};

/**
 * A row that becomes a trade: every field known and valid, named as the repository's import
 * takes a trade (its fee is the fees column's, when above 0).
 */
export interface ParsedTrade extends ImportedTrade {
  row: number;
  outcome: "trade";
  /** The cell gave a date without a time: `date` is its midnight UTC. */
  dateOnly?: true;
}

/** Any other row: income, a split, cash, skipped or an error, with what could be read of it. */
export interface ParsedOther {
  row: number;
  outcome: "income" | "split" | "cash" | "skipped" | "error";
  message: string;
  assetType?: AssetKind;
  symbol?: string;
  transactionType?: "BUY" | "SELL" | "DIVIDEND" | "SPLIT";
  quantity?: Decimal;
  price?: Decimal;
  /** A dividend's total received, or a cash row's amount (positive: `cashType` says which way). */
  amount?: Decimal;
  cashType?: CashActivityType;
  date?: Date;
  dateOnly?: true;
  notes?: string | null;
}

export type ParsedRow = ParsedTrade | ParsedOther;

/**
 * Characters of the file handed to the parser at a time: small enough that a slice of the
 * costliest lines (short ones, which csv-parse reports as records of the wrong length at ~20 µs
 * each) takes a few milliseconds, so a turn of the event loop can follow whenever TURN_MS have
 * passed (platform/turns.ts).
 */
const PARSE_SLICE = 512;

/** Both asset types store 8 decimals of quantity and price (contracts' AMOUNT_DECIMALS). */
const ALLOWED_DECIMALS: Record<AssetKind, number> = {
  STOCK: AMOUNT_DECIMALS,
  CRYPTO: AMOUNT_DECIMALS,
};

/** A data row's cell by column name ("" when the row is shorter or the column unnamed). */
type Cells = (column: string | undefined) => string;

/** One mapped action per lower-cased action value. */
type ActionKind = "buy" | "sell" | "dividend" | "split" | "skip" | CashActivityType;

const ACTION_KINDS = [
  "buy",
  "sell",
  "dividend",
  "split",
  "skip",
  ...cashActivityTypes,
] as const satisfies readonly ActionKind[];

const isCashKind = (kind: ActionKind): kind is CashActivityType =>
  (cashActivityTypes as readonly string[]).includes(kind);

function actionTable(mapping: ImportMapping): Map<string, ActionKind> {
  const table = new Map<string, ActionKind>();
  for (const kind of ACTION_KINDS) {
    for (const value of mapping.actions[kind]) table.set(value.trim().toLowerCase(), kind);
  }
  return table;
}

// Dates

const TIME = String.raw`(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?`;
const DATE_PATTERNS: Record<
  ImportDateFormat,
  { pattern: RegExp; order: [number, number, number] }
> = {
  // Capture order: year, month, day positions among the first three groups.
  "YYYY-MM-DD": {
    pattern: new RegExp(String.raw`^(\d{4})-(\d{1,2})-(\d{1,2})${TIME}$`, "i"),
    order: [0, 1, 2],
  },
  "MM/DD/YYYY": {
    pattern: new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4})${TIME}$`, "i"),
    order: [2, 0, 1],
  },
  "DD/MM/YYYY": {
    pattern: new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4})${TIME}$`, "i"),
    order: [2, 1, 0],
  },
  "DD.MM.YYYY": {
    pattern: new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{4})${TIME}$`, "i"),
    order: [2, 1, 0],
  },
};

/**
 * A date cell as a UTC instant, or undefined. A date without a time is midnight UTC; a zone
 * (Z, UTC, +01:00) is honoured. Schwab's "06/10/2024 as of 06/07/2024" is the date the
 * action took effect, the one after "as of".
 */
export function parseImportDate(text: string, format: ImportDateFormat): Date | undefined {
  const effective = text
    .split(/\s+as of\s+/i)
    .at(-1)!
    .trim();
  const { pattern, order } = DATE_PATTERNS[format];
  const match = pattern.exec(effective);
  if (!match) return undefined;
  const parts = match.slice(1, 4).map(Number);
  const [year, month, day] = order.map((index) => parts[index]!) as [number, number, number];
  const [hour, minute, second] = [match[4], match[5], match[6]].map((part) =>
    Number(part ?? 0),
  ) as [number, number, number];
  const millis = Number((match[7] ?? "0").padEnd(3, "0").slice(0, 3));
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const date = new Date(utc);
  // Date.UTC rolls 02/30 over into March: a date that does not exist is refused instead.
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return undefined;
  }
  const zone = match[8]?.toUpperCase();
  if (zone && zone !== "Z" && zone !== "UTC" && zone !== "GMT") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
    return new Date(utc - sign * offsetMinutes * 60_000);
  }
  return date;
}

// Numbers

export type Amount =
  | { ok: true; value: Decimal }
  | { ok: false; reason: "unreadable" }
  | { ok: false; reason: "currency"; currency: string };

const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;
const CURRENCY_SIGNS: Record<string, string> = { "€": "EUR", "£": "GBP", "¥": "JPY", "₿": "BTC" };

/**
 * An amount cell as exact decimal text: `$`, spaces and thousands separators are dropped,
 * `(12.50)` and `-$12.50` are negative, and with `decimalSeparator` ',' 1.234,56 reads 1234.56.
 * A sign of another currency (€, £, EUR) is reported, never read as dollars.
 */
export function parseImportAmount(text: string, decimalSeparator: "." | ","): Amount {
  let cell = text.trim();
  // Most cells are plain numbers: read them without the clean-up below.
  if (decimalSeparator === "." && PLAIN_NUMBER.test(cell)) {
    const value = parseDecimal(cell);
    if (value !== undefined) return { ok: true, value };
  }
  for (const [sign, currency] of Object.entries(CURRENCY_SIGNS)) {
    if (cell.includes(sign)) return { ok: false, reason: "currency", currency };
  }
  const code = /\b([A-Z]{3})\b/.exec(cell)?.[1];
  if (code && code !== "USD") return { ok: false, reason: "currency", currency: code };
  cell = cell
    .replace(/\bUSD\b/, "")
    .replace(/\$/g, "")
    .replace(/[\s\u00a0']/g, "");
  let negative = false;
  if (/^\(.*\)$/.test(cell)) {
    negative = true;
    cell = cell.slice(1, -1);
  }
  if (cell.startsWith("-")) {
    negative = !negative;
    cell = cell.slice(1);
  }
  const value = readGroupedDecimal(cell, decimalSeparator);
  if (value === undefined) return { ok: false, reason: "unreadable" };
  return { ok: true, value: negative && !isZero(value) ? `-${value}` : value };
}

// Rows

function assetTypeOf(mapping: ImportMapping, cells: Cells): AssetKind | undefined {
  if (!mapping.columns.assetType) return mapping.assetType;
  const value = cells(mapping.columns.assetType).trim().toUpperCase();
  if (value === "STOCK" || value === "STOCKS" || value === "EQUITY") return "STOCK";
  if (value === "CRYPTO" || value === "CRYPTOCURRENCY") return "CRYPTO";
  return undefined;
}

function symbolOf(assetType: AssetKind, text: string): string | undefined {
  // Brokers write share classes with a slash (BRK/B); the market writes BRK.B.
  const cell = assetType === "STOCK" ? text.replace("/", ".") : text;
  const parsed = (assetType === "STOCK" ? stockSymbol : cryptoSymbol).safeParse(cell);
  return parsed.success ? parsed.data : undefined;
}

type Checked = { ok: true; value: Decimal } | { ok: false; message: string };

/** Distinct amounts a file's checks are kept for; a file with more checks the rest each time. */
const MEMO_AMOUNTS = 10_000;

/**
 * The cells a file repeats (its symbols, most quantities, many prices) checked once per file:
 * the rows then share one string for each, where 100,000 rows would each hold their own copy,
 * and a symbol is validated once rather than once a row.
 */
export class CellMemo {
  private readonly symbols = new Map<string, string | undefined>();
  private readonly amounts = new Map<string, Checked>();

  symbol(assetType: AssetKind, text: string): string | undefined {
    const key = `${assetType}|${text}`;
    if (this.symbols.has(key)) return this.symbols.get(key);
    const symbol = symbolOf(assetType, text);
    this.symbols.set(key, symbol);
    return symbol;
  }

  amount(
    label: "Quantity" | "Price" | "Amount",
    text: string,
    mapping: ImportMapping,
    assetType: AssetKind,
  ): Checked {
    const key = `${label}|${assetType}|${text}`;
    const known = this.amounts.get(key);
    if (known) return known;
    const checked = checkedAmount(label, text, mapping, assetType);
    if (this.amounts.size < MEMO_AMOUNTS) this.amounts.set(key, checked);
    return checked;
  }
}

/** A quantity or price cell as a positive amount the asset can hold, or the plain reason why not. */
function checkedAmount(
  label: "Quantity" | "Price" | "Amount",
  text: string,
  mapping: ImportMapping,
  assetType: AssetKind,
): Checked {
  const refuse = (message: string): Checked => ({ ok: false, message });
  const amount = parseImportAmount(text, mapping.decimalSeparator);
  if (!amount.ok) {
    if (amount.reason === "currency") {
      return refuse(importRowMessages.priceNotUsd(amount.currency));
    }
    return refuse(
      text.trim() === ""
        ? importRowMessages.cellMissing(label)
        : importRowMessages.cellNotANumber(label, text.trim()),
    );
  }
  const value = amount.value;
  if (compare(value, "0") <= 0) return refuse(importRowMessages.notPositive(label, value));
  const allowed = ALLOWED_DECIMALS[assetType];
  if (decimalPlaces(value) > allowed) {
    const places = decimalPlaces(value);
    return refuse(
      importRowMessages.tooManyPlaces(label, value, places, assetType === "STOCK", allowed),
    );
  }
  if (compare(value, MAX_DECIMAL_INPUT) > 0) return refuse(decimalInputMessages.tooLarge(label));
  return { ok: true, value };
}

function notesOf(mapping: ImportMapping, cells: Cells): string | null {
  let notes = mapping.columns.notes ? cells(mapping.columns.notes).trim() : "";
  // Our own export guards cells from spreadsheet formulas with a leading quote; undo that.
  notes = unguardFormula(notes);
  return notes === "" ? null : notes.slice(0, NOTES_MAX_LENGTH);
}

/**
 * A trade's fees cell as its fee, by the rules a fee typed by hand meets (contracts' tradeFee):
 * empty is none; a fee written as a debit ("-$0.65", "($0.65)") is its size.
 */
function feeOf(text: string, mapping: ImportMapping): Checked | undefined {
  if (text.trim() === "") return undefined;
  const amount = parseImportAmount(text, mapping.decimalSeparator);
  if (!amount.ok) {
    return {
      ok: false,
      message:
        amount.reason === "currency"
          ? importRowMessages.feesNotUsd(amount.currency)
          : importRowMessages.feesNotANumber(text.trim()),
    };
  }
  const size = amount.value.startsWith("-") ? amount.value.slice(1) : amount.value;
  const checked = checkDecimal(size, TRADE_FEE_LABEL, { sign: "notNegative" });
  return checked.ok ? { ok: true, value: checked.value } : { ok: false, message: checked.message };
}

type When = { date: Date; dateOnly?: true };

/** The row's date, checked as every row's is: readable, not ahead, within the ledger's years. */
function whenOf(
  mapping: ImportMapping,
  cells: Cells,
  now: Date,
): { ok: true; when: When } | { ok: false; message: string; known: Partial<When> } {
  const dateText = cells(mapping.columns.date).trim();
  const date = parseImportDate(dateText, mapping.dateFormat);
  if (!date) {
    const message =
      dateText === ""
        ? importRowMessages.dateMissing
        : importRowMessages.dateUnreadable(dateText, mapping.dateFormat);
    return { ok: false, message, known: {} };
  }
  if (date.getTime() > now.getTime()) {
    return { ok: false, message: importRowMessages.dateInFuture, known: { date } };
  }
  if (!withinDateRange(date.toISOString())) {
    return { ok: false, message: dateOutOfRange("The date"), known: { date } };
  }
  // A cell without a time of day (no hh:mm) names a day, shown as that day, not as midnight UTC.
  return { ok: true, when: /\d:\d\d/.test(dateText) ? { date } : { date, dateOnly: true } };
}

/** The currency column's value, upper case; a row without one is in USD. */
function currencyOf(mapping: ImportMapping, cells: Cells): string {
  const currency = mapping.columns.currency ? cells(mapping.columns.currency).trim() : "";
  return currency === "" ? "USD" : currency.toUpperCase();
}

/**
 * A cash row: its amount is the amount column's (else the quantity column's), its size the
 * activity's amount. A row mapped to deposit with a negative amount is a withdrawal (one action
 * for both ways, as Schwab's Journal and wires are written); where amounts are signed
 * (`signedCash`), a fee or tax with a positive amount is a refund, not recorded as a charge.
 */
function cashRow(
  format: ImportFormat,
  kind: CashActivityType,
  actionText: string,
  cells: Cells,
  row: number,
  now: Date,
): ParsedOther {
  const { mapping } = format;
  const { columns } = mapping;
  const refuse = (message: string, known: Partial<ParsedOther> = {}): ParsedOther => ({
    row,
    outcome: "error",
    message,
    ...known,
  });
  const checkedWhen = whenOf(mapping, cells, now);
  if (!checkedWhen.ok) return refuse(checkedWhen.message, checkedWhen.known);
  const { when } = checkedWhen;
  const currency = format.cashCurrencyInSymbol
    ? cells(columns.symbol).trim().toUpperCase()
    : currencyOf(mapping, cells);
  if (currency !== "USD") {
    return {
      row,
      outcome: "skipped",
      message: importRowMessages.cashNotUsd(actionText, currency),
      ...when,
    };
  }
  const amountCell = columns.amount ? cells(columns.amount) : "";
  const text = amountCell.trim() === "" ? cells(columns.quantity) : amountCell;
  const read = parseImportAmount(text, mapping.decimalSeparator);
  if (!read.ok) {
    return refuse(
      read.reason === "currency"
        ? importRowMessages.cashAmountNotUsd(read.currency)
        : text.trim() === ""
          ? importRowMessages.cashAmountMissing
          : importRowMessages.cellNotANumber("Amount", text.trim()),
      when,
    );
  }
  const negative = read.value.startsWith("-");
  const size = negative ? read.value.slice(1) : read.value;
  const checked = checkDecimal(size, "Amount");
  if (!checked.ok) return refuse(checked.message, when);
  const cashType = kind === "deposit" && negative ? "withdrawal" : kind;
  if (format.signedCash && (kind === "fee" || kind === "tax") && !negative) {
    return {
      row,
      outcome: "skipped",
      message: importRowMessages.refund(kind),
      ...when,
    };
  }
  return {
    row,
    outcome: "cash",
    message: importRowMessages.cash(cashType, checked.value),
    cashType,
    amount: checked.value,
    ...when,
    notes: notesOf(mapping, cells),
  };
}

/** The row's action: what kind of row it is, or why it is skipped. */
function actionOf(
  format: ImportFormat,
  actions: Map<string, ActionKind>,
  cells: Cells,
  record: readonly string[],
  row: number,
): { kind: Exclude<ActionKind, "skip">; actionText: string } | ParsedOther {
  const actionText = cells(format.mapping.columns.action).trim();
  if (actionText === "") {
    const footer = record.some((cell) => /\btotals?\b/i.test(cell));
    return {
      row,
      outcome: "skipped",
      message: footer ? importRowMessages.totalLine : importRowMessages.noAction,
    };
  }
  const kind = actions.get(actionText.toLowerCase());
  if (kind === undefined) {
    return {
      row,
      outcome: "skipped",
      message: importRowMessages.actionNotImported(actionText),
    };
  }
  if (kind === "skip") {
    return {
      row,
      outcome: "skipped",
      message:
        format.skipReasons[actionText.toLowerCase()] ?? importRowMessages.actionSkipped(actionText),
    };
  }
  return { kind, actionText };
}

/** What a trade, dividend or split row says once its asset, symbol, date and currency check. */
interface CheckedRow {
  mapping: ImportMapping;
  cells: Cells;
  row: number;
  memo: CellMemo;
  assetType: AssetKind;
  known: {
    assetType: AssetKind;
    symbol: string;
    transactionType: NonNullable<ParsedOther["transactionType"]>;
  };
  when: When;
  error: (message: string, known?: Partial<ParsedOther>) => ParsedOther;
}

/** A dividend or split row: quantity and price are optional, a dividend's amount too. */
function corporateRowOf(checked: CheckedRow, kind: "dividend" | "split"): ParsedRow {
  const { mapping, cells, row, memo, assetType, known, when, error } = checked;
  const { columns } = mapping;
  // Quantity and price are optional here: a broker's dividend row often has only its amount.
  const optional = (label: "Quantity" | "Price" | "Amount", text: string) =>
    text.trim() === "" ? undefined : memo.amount(label, text, mapping, assetType);
  const checkedQuantity = optional("Quantity", cells(columns.quantity));
  const checkedPrice = optional("Price", cells(columns.price));
  const amountText = columns.amount ? cells(columns.amount) : "";
  const checkedTotal = kind === "dividend" ? optional("Amount", amountText) : undefined;
  for (const checkedCell of [checkedQuantity, checkedPrice, checkedTotal]) {
    if (checkedCell && !checkedCell.ok) return error(checkedCell.message, { ...known, ...when });
  }
  const quantity = checkedQuantity?.ok ? checkedQuantity.value : undefined;
  const price = checkedPrice?.ok ? checkedPrice.value : undefined;
  const amount = checkedTotal?.ok ? checkedTotal.value : undefined;
  if (kind === "split" && quantity === undefined) {
    return error(importRowMessages.splitNeedsQuantity, { ...known, ...when });
  }
  if (kind === "dividend" && amount === undefined && price === undefined) {
    return error(importRowMessages.dividendNeedsAmount, { ...known, ...when });
  }
  return {
    row,
    outcome: kind === "dividend" ? "income" : "split",
    // The service says what becomes of it, once it knows the calendar and the history.
    message: kind === "dividend" ? "A dividend" : "A split",
    ...known,
    ...when,
    ...(quantity === undefined ? {} : { quantity }),
    ...(price === undefined ? {} : { price }),
    ...(amount === undefined ? {} : { amount }),
  };
}

/** A buy or sell row: its quantity, price and fee must check. */
function tradeRowOf(checked: CheckedRow, kind: "buy" | "sell"): ParsedRow {
  const { mapping, cells, row, memo, assetType, known, when, error } = checked;
  const { columns } = mapping;
  const checkedQuantity = memo.amount("Quantity", cells(columns.quantity), mapping, assetType);
  if (!checkedQuantity.ok) return error(checkedQuantity.message, { ...known, ...when });
  const quantity = checkedQuantity.value;
  const checkedPrice = memo.amount("Price", cells(columns.price), mapping, assetType);
  if (!checkedPrice.ok) return error(checkedPrice.message, { ...known, ...when, quantity });
  const price = checkedPrice.value;

  const fee = columns.fees ? feeOf(cells(columns.fees), mapping) : undefined;
  if (fee && !fee.ok) return error(fee.message, { ...known, ...when, quantity, price });
  return {
    row,
    outcome: "trade",
    assetType,
    symbol: known.symbol,
    transactionType: kind === "buy" ? "BUY" : "SELL",
    quantity,
    price,
    ...(fee && !isZero(fee.value) ? { fee: fee.value } : {}),
    ...when,
    notes: notesOf(mapping, cells),
  };
}

/** What one data row becomes, before the database and the market have their say. */
export function interpretRow(
  format: ImportFormat,
  actions: Map<string, ActionKind>,
  cells: Cells,
  record: readonly string[],
  row: number,
  now: Date,
  memo = new CellMemo(),
): ParsedRow {
  const { mapping } = format;
  const { columns } = mapping;
  const action = actionOf(format, actions, cells, record, row);
  if (!("kind" in action)) return action;
  const { kind, actionText } = action;
  if (isCashKind(kind)) return cashRow(format, kind, actionText, cells, row, now);

  const error = (message: string, known: Partial<ParsedOther> = {}): ParsedOther => ({
    row,
    outcome: "error",
    message,
    ...known,
  });

  const transactionType =
    kind === "buy" ? "BUY" : kind === "sell" ? "SELL" : kind === "dividend" ? "DIVIDEND" : "SPLIT";
  const assetType = assetTypeOf(mapping, cells);
  if (!assetType) {
    const value = cells(columns.assetType);
    return error(importRowMessages.assetTypeUnknown(value.trim()), {
      transactionType,
    });
  }
  const symbolText = cells(columns.symbol).trim();
  const symbol = memo.symbol(assetType, symbolText);
  if (!symbol) {
    return error(
      symbolText === ""
        ? importRowMessages.symbolMissing
        : importRowMessages.symbolInvalid(symbolText),
      { assetType, transactionType },
    );
  }
  const known = { assetType, symbol, transactionType } as const;
  const checkedWhen = whenOf(mapping, cells, now);
  if (!checkedWhen.ok) return error(checkedWhen.message, { ...known, ...checkedWhen.known });
  const { when } = checkedWhen;
  const currency = currencyOf(mapping, cells);
  if (currency !== "USD") {
    return error(importRowMessages.priceNotUsd(currency), {
      ...known,
      ...when,
    });
  }
  const checked: CheckedRow = { mapping, cells, row, memo, assetType, known, when, error };
  return kind === "dividend" || kind === "split"
    ? corporateRowOf(checked, kind)
    : tradeRowOf(checked, kind);
}

/** The mapping's columns the header lacks. */
export function missingColumns(mapping: ImportMapping, header: readonly string[]): string[] {
  const present = new Set(header);
  return Object.values(mapping.columns).filter(
    (column): column is string => column !== undefined && !present.has(column),
  );
}

/**
 * Hands text to the parser. csv-parse builds a full Error for every row shorter or longer than
 * the header (relax_column_count only counts them), copying its options into it; most of that
 * cost is the stack trace, which nothing reads, so none is captured while it parses. A file of
 * 200,000 ',' lines parses in half the time.
 */
function feed(parser: Parser, text: string) {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    parser.write(text);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

function tooManyRows() {
  return badRequest(
    `The file has more than ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows; split it into smaller files`,
  );
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** How often `needle` occurs in the text, counting no further than `stop`. */
function occurrences(text: string, needle: string, stop: number): number {
  let count = 0;
  for (
    let at = text.indexOf(needle);
    at !== -1 && count <= stop;
    at = text.indexOf(needle, at + 1)
  ) {
    count++;
  }
  return count;
}

/**
 * Whether the text has more than `limit` lines, blank ones included (ended by LF, CRLF, or CR
 * alone as old Mac files end them), counted with indexOf and stopping past the limit: a few
 * milliseconds for the largest file allowed.
 */
export function linesExceed(text: string, limit: number): boolean {
  const feeds = occurrences(text, "\n", limit);
  if (feeds > limit) return true;
  const returns = occurrences(text, "\r", Infinity);
  const breaks = feeds + returns - (returns === 0 ? 0 : occurrences(text, "\r\n", Infinity));
  // The last line ends the text, with or without a break after it.
  const last = text.charCodeAt(text.length - 1);
  return breaks + (last === 0x0a || last === 0x0d ? 0 : 1) > limit;
}

/**
 * Streams the file through csv-parse (the UTF-8 BOM and CRLF or LF line ends are accepted,
 * quoted fields may hold separators and line breaks) and interprets each data row. The header
 * names the columns; rows shorter or longer than it are read as far as they go.
 */
export async function parseImport(
  csv: string,
  format: ImportFormat,
  now: Date,
  turns = new Turns(),
): Promise<ParsedRow[]> {
  // The checks of the whole text below are the first of this turn's work, not extra to it: the
  // loop was last handed over before them (issue 29).
  if (csv.replace(/^\uFEFF/, "").trim() === "") {
    throw badRequest("The file is empty");
  }
  // Every line counts, blank ones too: a file of a header and a million empty lines is refused
  // here, before any of it is parsed.
  if (linesExceed(csv, IMPORT_MAX_ROWS + 1)) throw tooManyRows();
  // Text files have no NUL bytes and few undecodable ones; anything else is not a CSV file.
  const undecodable = csv.match(/\uFFFD/g)?.length ?? 0;
  if (csv.includes("\u0000") || undecodable > Math.max(3, csv.length / 1000)) {
    throw badRequest("The file is not text: choose the CSV file your broker or exchange exported");
  }
  const { mapping } = format;
  const actions = actionTable(mapping);
  let header: string[] | undefined;
  const columnAt = new Map<string, number>();
  const rows: ParsedRow[] = [];
  const memo = new CellMemo();
  /** One record (a line's cells), numbered as a spreadsheet numbers rows: the header is row 1. */
  function take(record: string[], recordNumber: number): void {
    if (recordNumber > IMPORT_MAX_ROWS + 1) throw tooManyRows();
    if (record.every((cell) => cell.trim() === "")) return;
    if (!header) {
      header = record.map((cell) => cell.trim());
      for (const [index, column] of header.entries()) columnAt.set(column, index);
      const missing = missingColumns(mapping, header).filter(
        (column) => !format.optionalColumns?.includes(column),
      );
      if (missing.length > 0) {
        throw badRequest(
          format.label === "this file"
            ? `The mapping names columns the file does not have: ${missing.join(", ")} (its columns are ${header.join(", ")})`
            : importRunMessages.notThisFormat(format.label, missing),
        );
      }
      return;
    }
    const cells: Cells = (column) => {
      const index = column === undefined ? undefined : columnAt.get(column);
      return index === undefined ? "" : (record[index] ?? "");
    };
    rows.push(interpretRow(format, actions, cells, record, recordNumber, now, memo));
  }

  if (csv.includes(QUOTE) || !isWellFormed(csv)) {
    await readQuoted(csv, mapping.delimiter, take, turns);
  } else {
    await readLines(csv, mapping.delimiter, take, turns);
  }
  if (!header) throw badRequest("The file is empty");
  if (rows.length === 0) throw badRequest("The file has a header but no rows to import");
  return rows;
}

/** csv-parse's quote character (its default); a file without one has no quoted cells. */
const QUOTE = '"';

/** Whether the text has no lone surrogate (ES2024's isWellFormed, which the ES2023 lib lacks). */
const isWellFormed = (text: string) =>
  (text as unknown as { isWellFormed(): boolean }).isWellFormed();

/** Hands each record of the file, with its row number, to `take`. */
type TakeRecord = (record: string[], recordNumber: number) => void;

const SPACE = 0x20;
const TAB = 0x09;

/**
 * Whether the line from `start` to `end` has no cell with anything in it (only delimiters,
 * spaces and tabs, or nothing): a record `take` would drop. Read in place: 200,000 ',' lines
 * made a string and an array each, and their garbage, for nothing (issue 29).
 */
function blankLine(text: string, start: number, end: number, delimiter: string): boolean {
  const separator = delimiter.charCodeAt(0);
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code !== separator && code !== SPACE && code !== TAB) return false;
  }
  return true;
}

/**
 * A file without quotes, read line by line: each line's cells are the text between delimiters,
 * and an empty line makes no record but counts. That is what csv-parse makes of such a file with
 * the options readQuoted gives it (the BOM dropped, CRLF, LF or CR ending a line), at a small
 * part of its cost: csv-parse builds an error object for every row shorter or longer than the
 * header, and 200,000 short rows held the event loop in turns of 30-100 ms on a loaded machine.
 * Text with a lone surrogate goes to csv-parse too, which reads it as U+FFFD.
 */
async function readLines(text: string, delimiter: string, take: TakeRecord, turns: Turns) {
  let line = 0;
  let nextFeed = -1;
  let nextReturn = -1;
  for (let start = text.startsWith("\uFEFF") ? 1 : 0; start < text.length;) {
    if (nextFeed !== text.length && nextFeed < start) {
      nextFeed = text.indexOf("\n", start);
      if (nextFeed === -1) nextFeed = text.length;
    }
    if (nextReturn !== text.length && nextReturn < start) {
      nextReturn = text.indexOf("\r", start);
      if (nextReturn === -1) nextReturn = text.length;
    }
    const end = Math.min(nextFeed, nextReturn);
    line += 1;
    if (!blankLine(text, start, end, delimiter)) {
      take(text.slice(start, end).split(delimiter), line);
    }
    start = end + (end === nextReturn && nextFeed === end + 1 ? 2 : 1);
    if (turns.due()) await turns.next();
  }
}

/**
 * Streams a file with quotes through csv-parse (quoted fields may hold separators and line
 * breaks; a stray quote inside a field is taken as it is), in slices with turns of the event
 * loop between them: a 10 MB file never holds the server up for longer than a turn.
 */
async function readQuoted(text: string, delimiter: string, take: TakeRecord, turns: Turns) {
  // Loaded by the first file with quotes, not by every server's start (issue 35).
  const { CsvError, parse } = await import("csv-parse");
  // `info` says how many lines came before each record, for its row number.
  const parser = parse({ ...CSV_OPTIONS, delimiter, info: true });
  let failure: Error | undefined;
  parser.on("error", (error: Error) => {
    failure = error;
  });
  function readRecords(): void {
    let read: { record: string[]; info: { records: number; empty_lines: number } } | null;
    while ((read = parser.read() as typeof read) !== null) {
      const { record, info } = read;
      // Blank lines count in the row numbers, as a spreadsheet counts them.
      take(record, info.records + info.empty_lines);
    }
    if (failure instanceof CsvError) {
      throw badRequest(`The file is not readable as CSV: ${failure.message}`);
    }
    if (failure) throw failure;
  }

  // Each slice is parsed and its records read before the next is fed.
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + PARSE_SLICE, text.length);
    // Never between the two halves of a surrogate pair, which the parser would read as U+FFFD.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
    feed(parser, text.slice(start, end));
    start = end;
    readRecords();
    if (turns.due()) await turns.next();
  }
  // The last record (or an unclosed quote) is known once the parser has flushed.
  await new Promise<void>((resolve) => {
    parser.once("finish", resolve);
    parser.once("error", () => resolve());
    parser.end();
  });
  readRecords();
}
