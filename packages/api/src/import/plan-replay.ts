import type { IncomeFields, ImportedTrade, Transaction, TransactionType } from "@ledgerline/db";
import { applySplit, compare, isZero, type Decimal } from "@ledgerline/money";
import { sortInTurns, type Turns } from "../platform/turns";
import type { SymbolCalendar } from "./calendar";
import { incomeEntry, type Decision, type IncomeCandidate } from "./dividends";
import { importRowMessages } from "./import-messages";
import type { ParsedRow, ParsedTrade } from "./parse";
import { afterTrade, holdingKey, isoDate } from "./plan-check";

/**
 * An import's rows replayed against what was held (service.ts planImport): sells of more than
 * was held on their date, the shares a dividend was paid on, and the trades that still apply
 * onto the positions as they are now.
 */

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

/**
 * Files list newest first (Schwab) or oldest first (Coinbase's own order varies): trades on the
 * same instant are applied in the order they happened, which is the file's order read the right way.
 */
function newestFirst(rows: readonly ParsedRow[]): boolean {
  const firstDate = rows.find((row) => row.date !== undefined)?.date;
  const lastDate = rows.findLast((row) => row.date !== undefined)?.date;
  return firstDate !== undefined && lastDate !== undefined && firstDate > lastDate;
}

/** What the replay reads and what it decides. */
export interface Replay {
  parsed: readonly ParsedRow[];
  decided: Map<number, Decision>;
  /** The recorded history, newest first (by date, then id). */
  existing: readonly Transaction[];
  calendars: Map<string, SymbolCalendar>;
  incomeCandidates: readonly IncomeCandidate[];
  turns: Turns;
}

/**
 * Everything but the file's trades, in date order; the trades are merged in as the replay goes,
 * after everything else on the same instant, rather than copied in as events.
 */
async function timelineOf({ existing, calendars, incomeCandidates, turns }: Replay) {
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
  return sortInTurns(
    timeline,
    (a, b) => a.at - b.at || EVENT_RANK[a.kind] - EVENT_RANK[b.kind],
    turns,
  );
}

/** One event of the timeline applied to what was held then; a dividend is decided here. */
function replayEvent(
  replay: Replay,
  heldThen: Map<string, Decimal>,
  income: IncomeFields[],
  event: TimelineEvent,
): void {
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
    replay.decided.set(event.income.index, written.decision);
    if (written.fields) income.push(written.fields);
    return;
  }
  const { recorded: transaction } = event;
  const key = holdingKey(transaction.type, transaction.symbol);
  // Only trades and transfers are recorded events (splits are the two kinds above).
  const side = transaction.transactionType as Exclude<TransactionType, "SPLIT">;
  heldThen.set(key, afterTrade(heldThen.get(key) ?? "0", side, transaction.quantity));
}

/**
 * Sells of more than was held on their date, and the shares a dividend was paid on: the
 * recorded history and the file's rows replayed together in date order with the calendar's
 * splits (recorded before new on the same instant). Answers the candidates accepted, in the
 * order they are applied, and the dividends to write.
 */
export async function replayHistory(replay: Replay, candidates: readonly number[]) {
  const { parsed, decided, turns } = replay;
  const reversed = newestFirst(parsed);
  const candidateAt = new Float64Array(parsed.length);
  for (const index of candidates)
    candidateAt[index] = (parsed[index] as ParsedTrade).date.getTime();
  const inDateOrder = await sortInTurns(
    candidates,
    (a, b) => candidateAt[a]! - candidateAt[b]! || (reversed ? b - a : a - b),
    turns,
  );
  const events = await timelineOf(replay);
  const heldThen = new Map<string, Decimal>();
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
      replayEvent(replay, heldThen, income, event!);
      continue;
    }
    nextCandidate += 1;
    const trade = parsed[index] as ParsedTrade;
    const key = holdingKey(trade.assetType, trade.symbol);
    const before = heldThen.get(key) ?? "0";
    if (trade.transactionType === "SELL" && compare(trade.quantity, before) > 0) {
      decided.set(index, {
        outcome: "error",
        message: importRowMessages.sellAboveHeldThen(
          trade.quantity,
          trade.symbol,
          before,
          isoDate(trade.date),
        ),
      });
      continue;
    }
    heldThen.set(key, afterTrade(before, trade.transactionType, trade.quantity));
    accepted.push(index);
  }
  return { accepted, income };
}

/**
 * The trades are applied in date order onto the positions as they are now, as if entered by
 * hand today; a sell the position no longer covers (a later recorded sell took it) is refused.
 * The parsed rows themselves are the trades written: no copy of 100,000 of them is made.
 */
export async function applyNow(
  { parsed, decided, turns }: Replay,
  accepted: readonly number[],
  held: Map<string, Decimal>,
): Promise<ImportedTrade[]> {
  const trades: ImportedTrade[] = [];
  for (const index of accepted) {
    if (turns.due()) await turns.next();
    const trade = parsed[index] as ParsedTrade;
    const key = holdingKey(trade.assetType, trade.symbol);
    const now = held.get(key) ?? "0";
    if (trade.transactionType === "SELL" && compare(trade.quantity, now) > 0) {
      decided.set(index, {
        outcome: "error",
        message: importRowMessages.sellAboveHeldNow(trade.quantity, trade.symbol, now),
      });
      continue;
    }
    held.set(key, afterTrade(now, trade.transactionType, trade.quantity));
    trades.push(trade);
  }
  return trades;
}
