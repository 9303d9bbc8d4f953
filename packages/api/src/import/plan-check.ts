import type { AssetKind } from "@ledgerline/contracts";
import type { Transaction, TransactionType } from "@ledgerline/db";
import { add, subtract, type Decimal } from "@ledgerline/money";
import { formatSplit } from "@ledgerline/money/format";
import type { Turns } from "../platform/turns";
import { tradeTotalProblem } from "../trading/portfolio";
import { matchDividend, matchSplit, type SymbolCalendar } from "./calendar";
import type { Decision, IncomeCandidate } from "./dividends";
import { importRowMessages } from "./import-messages";
import type { ParsedOther, ParsedRow, ParsedTrade } from "./parse";

/**
 * The first checks of an import's rows (service.ts planImport): symbols the market does not
 * know, trade totals, duplicates of recorded trades, and split and dividend rows against the
 * corporate-actions calendar.
 */

/** What makes two trades the same: who, asset, symbol, side, instant, quantity and price. */
const tradeKey = (
  assetType: AssetKind,
  symbol: string,
  side: TransactionType,
  date: Date,
  quantity: Decimal,
  price: Decimal,
) => `${assetType}|${symbol}|${side}|${date.getTime()}|${quantity}|${price}`;

export const holdingKey = (assetType: AssetKind, symbol: string) => `${assetType}:${symbol}`;

export const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** What is held after a buy or a sell of `quantity` (or a holding transferred in or out). */
export const afterTrade = (
  held: Decimal,
  side: Exclude<TransactionType, "SPLIT">,
  quantity: Decimal,
) => (side === "BUY" || side === "TRANSFER_IN" ? add(held, quantity) : subtract(held, quantity));

/** What the checks of the rows read and what they add to. */
export interface RowChecks {
  parsed: readonly ParsedRow[];
  /** Rows decided here, over what parse.ts said, by row index. */
  decided: Map<number, Decision>;
  /** Why the market does not know a symbol, by holding key. */
  unknown: Map<string, string>;
  calendars: Map<string, SymbolCalendar>;
  /** The recorded trades by trade key: how many rows of the file each may still match. */
  recorded: Map<string, number>;
  /** The recorded splits, by symbol and instant. */
  recordedSplits: Set<string>;
  /** The dividends recorded or in the file so far, by symbol and ex-date. */
  dividendsKnown: Set<string>;
  /** The dividends still to be written (the replay finds what was held). */
  incomeCandidates: IncomeCandidate[];
  turns: Turns;
}

/**
 * Duplicates: each recorded trade matches one row of the file, so a file with two identical
 * fills imports the second one once the first is recorded, and re-importing adds nothing.
 */
export async function recordedKeys(existing: readonly Transaction[], turns: Turns) {
  const recorded = new Map<string, number>();
  const recordedSplits = new Set<string>();
  for (const transaction of existing) {
    if (turns.due()) await turns.next();
    if (transaction.transactionType === "SPLIT") {
      recordedSplits.add(`${transaction.symbol}|${transaction.transactionDate.getTime()}`);
      continue;
    }
    const key = tradeKey(
      transaction.type,
      transaction.symbol,
      transaction.transactionType,
      transaction.transactionDate,
      transaction.quantity,
      transaction.price,
    );
    recorded.set(key, (recorded.get(key) ?? 0) + 1);
  }
  return { recorded, recordedSplits };
}

/** A trade row's first checks: an error, a duplicate, or nothing yet (a candidate). */
function tradeDecision(checks: RowChecks, row: ParsedTrade): Decision | undefined {
  const { recorded } = checks;
  const reason = checks.unknown.get(holdingKey(row.assetType, row.symbol));
  if (reason) return { outcome: "error", message: reason };
  const totalProblem = tradeTotalProblem(
    row.transactionType,
    row.quantity,
    row.price,
    row.fee ?? "0",
  );
  if (totalProblem) return { outcome: "error", message: totalProblem };
  // A first import has no recorded trades to match: no key is built for its rows.
  if (recorded.size === 0) return undefined;
  const key = tradeKey(
    row.assetType,
    row.symbol,
    row.transactionType,
    row.date,
    row.quantity,
    row.price,
  );
  const matches = recorded.get(key) ?? 0;
  if (matches === 0) return undefined;
  if (matches === 1) recorded.delete(key);
  else recorded.set(key, matches - 1);
  return { outcome: "duplicate", message: importRowMessages.tradeRecorded };
}

/** Checks every row; answers the rows that may become trades, by index into `parsed`. */
export async function checkRows(checks: RowChecks): Promise<number[]> {
  const { parsed, decided, turns } = checks;
  const candidates: number[] = [];
  for (const [index, row] of parsed.entries()) {
    if (turns.due()) await turns.next();
    if (row.outcome === "income" || row.outcome === "split") {
      const decision = corporateRow(checks, row, index);
      if (decision) decided.set(index, decision);
      continue;
    }
    if (row.outcome !== "trade") continue;
    const decision = tradeDecision(checks, row);
    if (decision) decided.set(index, decision);
    else candidates.push(index);
  }
  return candidates;
}

/**
 * A split or dividend row against the calendar: a split is the calendar's to apply, once; a
 * dividend becomes an income entry keyed by the calendar's ex-date when it matches one, so the
 * calendar's own sync never adds it a second time. Answers nothing for a dividend still to
 * be written (the replay finds what was held).
 */
function corporateRow(checks: RowChecks, row: ParsedOther, index: number): Decision | undefined {
  const { assetType, symbol, date } = row;
  if (!assetType || !symbol || !date) return { outcome: "error", message: row.message };
  const isIncome = row.outcome === "income";
  const reason = checks.unknown.get(holdingKey(assetType, symbol));
  if (reason) return { outcome: "error", message: reason };
  if (assetType === "CRYPTO") {
    return {
      outcome: "skipped",
      message: isIncome ? importRowMessages.cryptoRewards : importRowMessages.cryptoNoSplits,
    };
  }
  const calendar = checks.calendars.get(symbol);
  if (!calendar) {
    return {
      outcome: "error",
      message: importRowMessages.calendarUnreadable(symbol),
    };
  }
  const day = isoDate(date);
  return isIncome
    ? dividendRow(checks, { row, index, symbol, date, day, calendar })
    : splitRow(checks, symbol, day, calendar);
}

/** A split row: the calendar's split it matches, applied once from the calendar. */
function splitRow(
  checks: RowChecks,
  symbol: string,
  day: string,
  calendar: SymbolCalendar,
): Decision {
  const split = matchSplit(calendar, day);
  if (!split) {
    return {
      outcome: "skipped",
      message: importRowMessages.splitNotInCalendar(symbol, day),
    };
  }
  const named = `${symbol}'s ${formatSplit(split.from, split.to)} of ${split.exDate}`;
  if (checks.recordedSplits.has(`${symbol}|${split.at.getTime()}`)) {
    return {
      outcome: "duplicate",
      message: importRowMessages.splitApplied(named),
    };
  }
  return {
    outcome: "split",
    message: importRowMessages.splitMatches(named),
  };
}

/** A dividend row: a duplicate of one recorded, or a candidate keyed by the calendar's ex-date. */
function dividendRow(
  checks: RowChecks,
  found: {
    row: ParsedOther;
    index: number;
    symbol: string;
    date: Date;
    day: string;
    calendar: SymbolCalendar;
  },
): Decision | undefined {
  const { row, index, symbol, date, day, calendar } = found;
  const dividend = matchDividend(calendar, day);
  const exDate = dividend?.exDate ?? day;
  const key = `${symbol}|${exDate}`;
  if (checks.dividendsKnown.has(key)) {
    return {
      outcome: "duplicate",
      message: importRowMessages.dividendRecorded(symbol, exDate),
    };
  }
  checks.dividendsKnown.add(key);
  checks.incomeCandidates.push({
    index,
    row,
    symbol,
    exDate,
    payDate: dividend?.payDate ?? day,
    at: dividend?.at ?? date,
    ...(dividend ? { calendarAmount: dividend.cashAmount } : {}),
    matched: dividend !== undefined,
  });
  return undefined;
}
