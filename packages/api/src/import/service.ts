import { dateOf } from "@ledgerline/clock";
import {
  IMPORT_MAX_BYTES,
  type AssetKind,
  type ImportInput,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportResult,
  investmentAccountMessages,
} from "@ledgerline/contracts";
import type {
  ImportedCash,
  ImportedTrade,
  IncomeFields,
  Transaction,
  TransactionType,
} from "@ledgerline/db";
import { add, applySplit, compare, isZero, subtract, type Decimal } from "@ledgerline/money";
import { formatSplit } from "@ledgerline/money/format";
import { TRPCError } from "@trpc/server";
import { recordAudit } from "../admin/audit";
import { accountFor } from "../accounts/account-scope";
import { badRequest, conflict, notFound } from "../platform/errors";
import { tradeTotalProblem } from "../trading/portfolio";
import { scheduleSnapshotRefresh } from "../accounting/portfolio-snapshots";
import type { UserScope } from "../platform/scope";
import { sortInTurns, Turns } from "../platform/turns";
import { applyCorporateActions } from "../accounting/corporate-actions";
import { calendarsOf, matchDividend, matchSplit } from "./calendar";
import { cashTotals, planCash } from "./cash-rows";
import { incomeEntry, type Decision, type IncomeCandidate } from "./dividends";
import { importFormat } from "./formats";
import { parseImport, type ParsedOther, type ParsedRow, type ParsedTrade } from "./parse";

/**
 * Previewing and importing a file: the parsed rows (parse.ts) checked against what only the
 * server knows, namely which symbols the market has, what the user already recorded (duplicates),
 * what the user held on each date (sells of more than that, the shares a dividend was paid on)
 * and the corporate-actions calendar (calendar.ts: splits are its to apply, dividends take its
 * ex-date). The import writes exactly the trades and dividends the preview calls 'trade' and
 * 'income' and the cash activities it calls 'cash', in one database transaction.
 */

/**
 * The request body limit of the import's two doors: a file of IMPORT_MAX_BYTES may double in
 * size as a JSON string (every quote escaped). The file's own size is checked after (a 413).
 */
export const IMPORT_BODY_LIMIT = 2 * IMPORT_MAX_BYTES + 64 * 1024;

/** Symbols asked of the market per call. */
const LOOKUP_BATCH = 50;

interface Plan {
  parsed: ParsedRow[];
  /** What the service decided over what parse.ts said, by row index. */
  decided: Map<number, Decision>;
  /** The trades to write, in the order they are applied. */
  trades: ImportedTrade[];
  income: IncomeFields[];
  /** The deposits, withdrawals, interest, fees and tax to write. */
  cash: ImportedCash[];
  checkedAfter: number | null;
  /** The account's newest cash activity id when the file was checked (null: none). */
  cashCheckedAfter: number | null;
  summary: ImportPreview["summary"];
}

/** What makes two trades the same: who, asset, symbol, side, instant, quantity and price. */
const tradeKey = (
  assetType: AssetKind,
  symbol: string,
  side: TransactionType,
  date: Date,
  quantity: Decimal,
  price: Decimal,
) => `${assetType}|${symbol}|${side}|${date.getTime()}|${quantity}|${price}`;

const holdingKey = (assetType: AssetKind, symbol: string) => `${assetType}:${symbol}`;

function tooLarge(): TRPCError {
  return new TRPCError({
    code: "PAYLOAD_TOO_LARGE",
    message: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB; split it into smaller files`,
  });
}

/** Why the market does not know each symbol it was asked about (known symbols are left out). */
async function unknownSymbols(
  scope: UserScope,
  wanted: Map<string, { assetType: AssetKind; symbol: string }>,
): Promise<Map<string, string>> {
  const reasons = new Map<string, string>();
  for (const assetType of ["STOCK", "CRYPTO"] as const) {
    const symbols = [...wanted.values()]
      .filter((entry) => entry.assetType === assetType)
      .map((entry) => entry.symbol);
    for (let start = 0; start < symbols.length; start += LOOKUP_BATCH) {
      const batch = symbols.slice(start, start + LOOKUP_BATCH);
      const results =
        assetType === "STOCK"
          ? await scope.deps.market.stocks.getSnapshots(batch)
          : await scope.deps.market.crypto.getQuotes(batch);
      for (const result of results) {
        if (result.ok) continue;
        const kind = assetType === "STOCK" ? "stock" : "cryptocurrency";
        reasons.set(
          holdingKey(assetType, result.symbol),
          result.error.kind === "not_found" || result.error.kind === "invalid_symbol"
            ? `Unknown symbol ${result.symbol}: the market has no such ${kind}`
            : `The market could not confirm the symbol ${result.symbol} just now; try again later`,
        );
      }
    }
  }
  return reasons;
}

/**
 * Files list newest first (Schwab) or oldest first (Coinbase's own order varies): trades on the
 * same instant are applied in the order they happened, which is the file's order read the right way.
 */
function newestFirst(rows: readonly ParsedRow[]): boolean {
  const firstDate = rows.find((row) => row.date !== undefined)?.date;
  const lastDate = rows.findLast((row) => row.date !== undefined)?.date;
  return firstDate !== undefined && lastDate !== undefined && firstDate > lastDate;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** What is held after a buy or a sell of `quantity` (or a holding transferred in or out). */
const afterTrade = (held: Decimal, side: Exclude<TransactionType, "SPLIT">, quantity: Decimal) =>
  side === "BUY" || side === "TRANSFER_IN" ? add(held, quantity) : subtract(held, quantity);

type TimelineEvent =
  | { kind: "split"; at: number; symbol: string; from: Decimal; to: Decimal }
  | { kind: "recordedSplit"; at: number; recorded: Transaction }
  | { kind: "income"; at: number; income: IncomeCandidate }
  | { kind: "recorded"; at: number; recorded: Transaction };

/**
 * On one instant: corporate actions first (a split before a dividend), then recorded trades, and
 * the file's trades last.
 */
const EVENT_RANK: Record<TimelineEvent["kind"], number> = {
  split: 0,
  recordedSplit: 0,
  income: 1,
  recorded: 2,
};

/** Quantities carry 8 decimals: a split's result is rounded there, as the calendar's replay does. */
const QUANTITY_DECIMALS = 8;

/** Whether a row may be written (a trade, dividend, split or cash row), before any checks. */
async function anyRowToWrite(parsed: readonly ParsedRow[], turns: Turns): Promise<boolean> {
  for (const row of parsed) {
    if (row.outcome !== "skipped" && row.outcome !== "error") return true;
    if (turns.due()) await turns.next();
  }
  return false;
}

/** Whether a plan writes nothing: no trade, dividend or cash activity. */
const writesNothing = (plan: Omit<Plan, "parsed" | "decided">) =>
  plan.trades.length === 0 && plan.income.length === 0 && plan.cash.length === 0;

async function planImport(scope: UserScope, input: ImportInput): Promise<Plan> {
  if (Buffer.byteLength(input.csv, "utf8") > IMPORT_MAX_BYTES) throw tooLarge();
  if (input.source === "generic" && !input.mapping) {
    throw badRequest("An 'Other CSV' file needs its column mapping");
  }
  const { repos, clock } = scope.deps;
  const userId = scope.user.id;
  // Every loop over the rows below hands the event loop over every few milliseconds, so other
  // users' requests are answered while a 200,000-row file is checked (issue 29).
  const turns = new Turns();
  const parsed = await parseImport(
    input.csv,
    importFormat(input.source, input.mapping),
    dateOf(clock),
  );

  const accountId = await accountFor(scope, input.accountId);
  // A file with nothing that could be written (every row skipped or in error) is not checked
  // against the recorded history: reading a heavy trader's 200,000 trades for it was seconds of
  // work and the GC pauses after it, on every such import (issue 29).
  const needsHistory = await anyRowToWrite(parsed, turns);
  const [existing, heldStocks, heldCryptos, incomeKeys, existingCash] = await Promise.all([
    needsHistory ? repos.portfolio.transactions(userId, accountId) : [],
    repos.portfolio.list(userId, "STOCK", accountId),
    repos.portfolio.list(userId, "CRYPTO", accountId),
    needsHistory ? repos.corporateActions.incomeKeys(userId, accountId) : [],
    repos.cash.list(userId, { accountId }),
  ]);
  const held = new Map<string, Decimal>();
  for (const position of [...heldStocks, ...heldCryptos]) {
    held.set(holdingKey(position.assetType, position.symbol), position.quantity);
  }

  // Symbols the user holds are known; the rest are asked of the market once each.
  const lookups = new Map<string, { assetType: AssetKind; symbol: string }>();
  const fileStocks = new Set<string>();
  for (const row of parsed) {
    if (row.outcome === "skipped" || row.outcome === "error" || !row.assetType || !row.symbol) {
      continue;
    }
    const key = holdingKey(row.assetType, row.symbol);
    if (!held.has(key)) lookups.set(key, { assetType: row.assetType, symbol: row.symbol });
    if (row.assetType === "STOCK") fileStocks.add(row.symbol);
  }
  const unknown = await unknownSymbols(scope, lookups);
  const calendars = await calendarsOf(
    scope.deps,
    [...fileStocks].filter((symbol) => !unknown.has(holdingKey("STOCK", symbol))),
  );

  /** Rows decided here, over what parse.ts said, by row index. */
  const decided = new Map<number, Decision>();

  // Duplicates: each recorded trade matches one row of the file, so a file with two identical
  // fills imports the second one once the first is recorded, and re-importing adds nothing.
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
  const dividendsKnown = new Set(incomeKeys.map((key) => `${key.symbol}|${key.exDate}`));
  /** The rows that may become trades, by index into `parsed`. */
  const candidates: number[] = [];
  const incomeCandidates: IncomeCandidate[] = [];
  for (const [index, row] of parsed.entries()) {
    if (turns.due()) await turns.next();
    if (row.outcome === "income" || row.outcome === "split") {
      const decision = corporateRow(row, index);
      if (decision) decided.set(index, decision);
      continue;
    }
    if (row.outcome !== "trade") continue;
    const reason = unknown.get(holdingKey(row.assetType, row.symbol));
    if (reason) {
      decided.set(index, { outcome: "error", message: reason });
      continue;
    }
    const totalProblem = tradeTotalProblem(
      row.transactionType,
      row.quantity,
      row.price,
      row.fee ?? "0",
    );
    if (totalProblem) {
      decided.set(index, { outcome: "error", message: totalProblem });
      continue;
    }
    // A first import has no recorded trades to match: no key is built for its rows.
    if (recorded.size > 0) {
      const key = tradeKey(
        row.assetType,
        row.symbol,
        row.transactionType,
        row.date,
        row.quantity,
        row.price,
      );
      const matches = recorded.get(key) ?? 0;
      if (matches > 0) {
        if (matches === 1) recorded.delete(key);
        else recorded.set(key, matches - 1);
        decided.set(index, {
          outcome: "duplicate",
          message: "Already recorded: the same trade is in your history",
        });
        continue;
      }
    }
    candidates.push(index);
  }

  /**
   * A split or dividend row against the calendar: a split is the calendar's to apply, once; a
   * dividend becomes an income entry keyed by the calendar's ex-date when it matches one, so the
   * calendar's own sync never adds it a second time. Answers nothing for a dividend still to
   * be written (the replay below finds what was held).
   */
  function corporateRow(row: ParsedOther, index: number): Decision | undefined {
    const { assetType, symbol, date } = row;
    if (!assetType || !symbol || !date) return { outcome: "error", message: row.message };
    const isIncome = row.outcome === "income";
    const reason = unknown.get(holdingKey(assetType, symbol));
    if (reason) return { outcome: "error", message: reason };
    if (assetType === "CRYPTO") {
      return {
        outcome: "skipped",
        message: isIncome
          ? "Crypto rewards are not recorded as income (income entries are stock dividends); record the coins received as a buy"
          : "Crypto has no splits to apply; this row is not applied",
      };
    }
    const calendar = calendars.get(symbol);
    if (!calendar) {
      return {
        outcome: "error",
        message: `The corporate actions of ${symbol} could not be read just now; try again later`,
      };
    }
    const day = isoDate(date);
    if (!isIncome) {
      const split = matchSplit(calendar, day);
      if (!split) {
        return {
          outcome: "skipped",
          message: `No ${symbol} split near ${day} is in the corporate-actions calendar, which is where splits are applied from: this row is not applied`,
        };
      }
      const named = `${symbol}'s ${formatSplit(split.from, split.to)} of ${split.exDate}`;
      if (recordedSplits.has(`${symbol}|${split.at.getTime()}`)) {
        return {
          outcome: "duplicate",
          message: `Already applied: ${named} from the corporate-actions calendar is in your history`,
        };
      }
      return {
        outcome: "split",
        message: `Matches ${named} in the corporate-actions calendar, which applies it to the shares held then (once, not again from this row)`,
      };
    }
    const dividend = matchDividend(calendar, day);
    const exDate = dividend?.exDate ?? day;
    const key = `${symbol}|${exDate}`;
    if (dividendsKnown.has(key)) {
      return {
        outcome: "duplicate",
        message: `Already recorded: your income has ${symbol}'s dividend of ex-date ${exDate}`,
      };
    }
    dividendsKnown.add(key);
    incomeCandidates.push({
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

  // Sells of more than was held on their date, and the shares a dividend was paid on: the
  // recorded history and the file's rows replayed together in date order with the calendar's
  // splits (recorded before new on the same instant).
  const reversed = newestFirst(parsed);
  const candidateAt = new Float64Array(parsed.length);
  for (const index of candidates)
    candidateAt[index] = (parsed[index] as ParsedTrade).date.getTime();
  const inDateOrder = await sortInTurns(
    candidates,
    (a, b) => candidateAt[a]! - candidateAt[b]! || (reversed ? b - a : a - b),
    turns,
  );
  // Everything but the file's trades, in date order; the trades (sorted above) are merged in as
  // the replay goes, after everything else on the same instant, rather than copied in as events.
  const timeline: TimelineEvent[] = [];
  for (const [symbol, calendar] of calendars) {
    for (const split of calendar.splits) {
      timeline.push({
        kind: "split",
        at: split.at.getTime(),
        symbol,
        from: split.from,
        to: split.to,
      });
    }
  }
  // The history comes newest first (by date, then id): read backwards, it is in date order.
  for (let index = existing.length - 1; index >= 0; index--) {
    if (turns.due()) await turns.next();
    const transaction = existing[index]!;
    const at = transaction.transactionDate.getTime();
    if (transaction.transactionType !== "SPLIT") {
      timeline.push({ kind: "recorded", at, recorded: transaction });
    } else if (!calendars.has(transaction.symbol)) {
      // The calendar's splits stand in for the recorded ones where it could be read.
      timeline.push({ kind: "recordedSplit", at, recorded: transaction });
    }
  }
  for (const income of incomeCandidates) {
    timeline.push({ kind: "income", at: income.at.getTime(), income });
  }
  // A stable sort keeps each kind in its own order on the same instant.
  const events = await sortInTurns(
    timeline,
    (a, b) => a.at - b.at || EVENT_RANK[a.kind] - EVENT_RANK[b.kind],
    turns,
  );
  const heldThen = new Map<string, Decimal>();
  /** The candidates the replay accepts, in the order they are applied. */
  const accepted: number[] = [];
  const income: IncomeFields[] = [];
  let nextEvent = 0;
  let nextCandidate = 0;
  while (nextEvent < events.length || nextCandidate < inDateOrder.length) {
    if (turns.due()) await turns.next();
    const event = events[nextEvent];
    const index = inDateOrder[nextCandidate];
    if (index === undefined || (event && event.at <= candidateAt[index]!)) {
      nextEvent += 1;
      replayEvent(event!);
      continue;
    }
    nextCandidate += 1;
    const trade = parsed[index] as ParsedTrade;
    const key = holdingKey(trade.assetType, trade.symbol);
    const before = heldThen.get(key) ?? "0";
    if (trade.transactionType === "SELL" && compare(trade.quantity, before) > 0) {
      decided.set(index, {
        outcome: "error",
        message: `Sells ${trade.quantity} ${trade.symbol} but ${before} ${before === "1" ? "was" : "were"} held on ${isoDate(trade.date)}`,
      });
      continue;
    }
    heldThen.set(key, afterTrade(before, trade.transactionType, trade.quantity));
    accepted.push(index);
  }

  function replayEvent(event: TimelineEvent): void {
    if (event.kind === "split") {
      const key = holdingKey("STOCK", event.symbol);
      const before = heldThen.get(key);
      if (before !== undefined && !isZero(before)) {
        const split = applySplit(
          { quantity: before, averagePrice: "0" },
          event.from,
          event.to,
          QUANTITY_DECIMALS,
        );
        heldThen.set(key, split.quantity);
      }
      return;
    }
    if (event.kind === "recordedSplit") {
      heldThen.set(holdingKey("STOCK", event.recorded.symbol), event.recorded.quantity);
      return;
    }
    if (event.kind === "income") {
      const written = incomeEntry(
        event.income,
        heldThen.get(holdingKey("STOCK", event.income.symbol)),
      );
      decided.set(event.income.index, written.decision);
      if (written.fields) income.push(written.fields);
      return;
    }
    const { recorded: transaction } = event;
    const key = holdingKey(transaction.type, transaction.symbol);
    // Only trades and transfers are recorded events (splits are the two kinds above).
    const side = transaction.transactionType as Exclude<TransactionType, "SPLIT">;
    heldThen.set(key, afterTrade(heldThen.get(key) ?? "0", side, transaction.quantity));
  }

  // The trades are applied in date order onto the positions as they are now, as if entered by
  // hand today; a sell the position no longer covers (a later recorded sell took it) is refused.
  // The parsed rows themselves are the trades written: no copy of 100,000 of them is made.
  const trades: ImportedTrade[] = [];
  for (const index of accepted) {
    if (turns.due()) await turns.next();
    const trade = parsed[index] as ParsedTrade;
    const key = holdingKey(trade.assetType, trade.symbol);
    const now = held.get(key) ?? "0";
    if (trade.transactionType === "SELL" && compare(trade.quantity, now) > 0) {
      decided.set(index, {
        outcome: "error",
        message: `Sells ${trade.quantity} ${trade.symbol} but the position holds ${now} now (later sells already took the rest)`,
      });
      continue;
    }
    held.set(key, afterTrade(now, trade.transactionType, trade.quantity));
    trades.push(trade);
  }

  const { cash, cashCheckedAfter } = await planCash(parsed, existingCash, decided, turns);

  const summary = {
    trades: 0,
    income: 0,
    splits: 0,
    cash: 0,
    duplicates: 0,
    skipped: 0,
    errors: 0,
  };
  for (const [index, row] of parsed.entries()) {
    if (turns.due()) await turns.next();
    const outcome = decided.get(index)?.outcome ?? row.outcome;
    summary[SUMMARY_FIELD[outcome]]++;
  }
  const checkedAfter = existing.reduce<number | null>(
    (newest, transaction) => Math.max(newest ?? 0, transaction.id),
    null,
  );
  return { parsed, decided, trades, income, cash, checkedAfter, cashCheckedAfter, summary };
}

const SUMMARY_FIELD = {
  trade: "trades",
  income: "income",
  split: "splits",
  cash: "cash",
  duplicate: "duplicates",
  skipped: "skipped",
  error: "errors",
} as const satisfies Record<ImportPreviewRow["outcome"], keyof Plan["summary"]>;

/** The plan's rows as the preview answers them; built only when asked, a row at a time. */
function previewRow(plan: Plan, index: number): ImportPreviewRow {
  const row = plan.parsed[index]!;
  const decision = plan.decided.get(index);
  const outcome = decision?.outcome ?? row.outcome;
  const message = decision?.message ?? (row.outcome === "trade" ? undefined : row.message);
  const quantity = decision?.quantity ?? row.quantity;
  const price = decision?.price ?? row.price;
  return {
    row: row.row,
    outcome,
    ...(message === undefined ? {} : { message }),
    ...(row.assetType ? { assetType: row.assetType } : {}),
    ...(row.symbol ? { symbol: row.symbol } : {}),
    ...(row.transactionType ? { transactionType: row.transactionType } : {}),
    ...(quantity ? { quantity } : {}),
    ...(price ? { price } : {}),
    ...(row.outcome === "trade" && row.fee ? { fee: row.fee } : {}),
    ...(row.outcome !== "trade" && row.cashType
      ? { cashType: row.cashType, amount: row.amount! }
      : {}),
    ...(row.date ? { date: row.date.toISOString() } : {}),
    ...(row.dateOnly ? { dateOnly: true } : {}),
  };
}

/** What the file would become, row by row; nothing is written. */
export async function previewImport(scope: UserScope, input: ImportInput): Promise<ImportPreview> {
  const plan = await planImport(scope, input);
  const turns = new Turns();
  const rows: ImportPreviewRow[] = [];
  for (let index = 0; index < plan.parsed.length; index++) {
    if (turns.due()) await turns.next();
    rows.push(previewRow(plan, index));
  }
  return { rows, summary: plan.summary, cash: cashTotals(plan.cash) };
}

/** The error rows as a 400 that lists each with its line, on both doors. */
async function errorRows(plan: Plan): Promise<TRPCError> {
  const turns = new Turns();
  const errors: ImportPreviewRow[] = [];
  for (let index = 0; index < plan.parsed.length; index++) {
    if (turns.due()) await turns.next();
    if ((plan.decided.get(index)?.outcome ?? plan.parsed[index]!.outcome) === "error") {
      errors.push(previewRow(plan, index));
    }
  }
  const message = `${errors.length} row${errors.length === 1 ? " has an error" : "s have errors"}; fix them or import with skipInvalid to leave them out`;
  const issues = errors.map((row) => ({
    path: ["rows", row.row],
    message: `Row ${row.row}: ${row.message ?? "error"}`,
  }));
  return new TRPCError({
    code: "BAD_REQUEST",
    message,
    cause: Object.assign(new Error(message), { issues }),
  });
}

/**
 * What an import writes, or the 400 of its error rows. Only the rows to write are kept: the
 * file's parsed rows and the decisions over them (tens of MB for 100,000 rows) can go while
 * the rows are written.
 */
async function writablePlan(
  scope: UserScope,
  input: ImportInput,
): Promise<Omit<Plan, "parsed" | "decided">> {
  const plan = await planImport(scope, input);
  if (plan.summary.errors > 0 && !input.skipInvalid) throw await errorRows(plan);
  const { parsed: _parsed, decided: _decided, ...writable } = plan;
  return writable;
}

/**
 * Imports the file's new trades, all or none, in one database transaction; with errors only
 * when `skipInvalid` says to leave them out. Recorded in the audit log.
 */
export async function runImport(scope: UserScope, input: ImportInput): Promise<ImportResult> {
  const plan = await writablePlan(scope, input);
  // Nothing to write: no transaction, no new version of the user's data, and no recompute of
  // their history after it (seconds of work for a heavy trader, for nothing).
  if (writesNothing(plan)) return recordImport(scope, input, plan.summary, EMPTY_OUTCOME);
  const { repos, clock } = scope.deps;
  const outcome = await repos.portfolio.importTrades({
    userId: scope.user.id,
    accountId: await accountFor(scope, input.accountId),
    trades: plan.trades,
    income: plan.income,
    cash: plan.cash,
    now: dateOf(clock),
    checkedAfter: plan.checkedAfter,
    cashCheckedAfter: plan.cashCheckedAfter,
  });
  if (!outcome.ok && outcome.reason === "account_not_found") {
    throw notFound(investmentAccountMessages.notFound);
  }
  if (!outcome.ok) {
    throw conflict(
      "Your history changed while the file was being checked; preview it again and import",
    );
  }
  // The calendar's splits land on the imported trades now, as they do after a trade by hand.
  const turns = new Turns();
  const stockSet = new Set<string>();
  for (const trade of plan.trades) {
    if (turns.due()) await turns.next();
    if (trade.assetType === "STOCK") stockSet.add(trade.symbol);
  }
  const stocks = [...stockSet];
  if (stocks.length > 0) {
    await applyCorporateActions(scope.deps, scope.user.id, { symbols: stocks, force: true });
  }
  scheduleSnapshotRefresh(scope.deps, scope.user.id);
  return recordImport(scope, input, plan.summary, outcome);
}

const EMPTY_OUTCOME = { imported: 0, incomeAdded: 0, cashAdded: 0 };

/** The import's result, recorded in the audit log. */
async function recordImport(
  scope: UserScope,
  input: ImportInput,
  summary: Plan["summary"],
  outcome: typeof EMPTY_OUTCOME,
): Promise<ImportResult> {
  const result: ImportResult = {
    imported: outcome.imported,
    income: outcome.incomeAdded,
    splits: summary.splits,
    cash: outcome.cashAdded,
    duplicates: summary.duplicates,
    skipped: summary.skipped,
    errors: summary.errors,
  };
  await recordAudit(scope, {
    event: "IMPORT",
    success: true,
    userId: scope.user.id,
    email: scope.user.email,
    details: `${input.source}: ${result.imported} imported, ${result.income} income, ${result.splits} splits, ${result.cash} cash, ${result.duplicates} duplicates, ${result.skipped} skipped, ${result.errors} errors`,
  });
  return result;
}
