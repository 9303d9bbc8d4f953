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
import type { ImportedCash, ImportedTrade, IncomeFields } from "@ledgerline/db";
import type { Decimal } from "@ledgerline/money";
import { TRPCError } from "@trpc/server";
import { recordAudit } from "../admin/audit";
import { accountFor } from "../accounts/account-scope";
import { badRequest, conflict, notFound } from "../platform/errors";
import { scheduleSnapshotRefresh } from "../accounting/portfolio-snapshots";
import type { UserScope } from "../platform/scope";
import { Turns } from "../platform/turns";
import { applyCorporateActions } from "../accounting/corporate-actions";
import { calendarsOf } from "./calendar";
import { cashTotals, planCash } from "./cash-rows";
import type { Decision, IncomeCandidate } from "./dividends";
import { importFormat } from "./formats";
import { importJobMessages, importRowMessages, importRunMessages } from "./import-messages";
import { parseImport, type ParsedRow } from "./parse";
import { checkRows, holdingKey, recordedKeys } from "./plan-check";
import { applyNow, replayHistory } from "./plan-replay";

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

export function tooLarge(): TRPCError {
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
        reasons.set(
          holdingKey(assetType, result.symbol),
          result.error.kind === "not_found" || result.error.kind === "invalid_symbol"
            ? importRowMessages.unknownSymbol(result.symbol, assetType === "STOCK")
            : importRowMessages.symbolUnconfirmed(result.symbol),
        );
      }
    }
  }
  return reasons;
}

/** Whether a row may be written (a trade, dividend, split or cash row), before any checks. */
async function anyRowToWrite(parsed: readonly ParsedRow[], turns: Turns): Promise<boolean> {
  for (const row of parsed) {
    if (row.outcome !== "skipped" && row.outcome !== "error") return true;
    if (turns.due()) await turns.next();
  }
  return false;
}

/** Whether a plan writes nothing: no trade, dividend or cash activity. */
export const writesNothing = (plan: Omit<Plan, "parsed" | "decided">) =>
  plan.trades.length === 0 && plan.income.length === 0 && plan.cash.length === 0;

/** The user's history and holdings an import is checked against, in the file's account. */
async function recordedFor(scope: UserScope, accountId: number, needsHistory: boolean) {
  const { repos } = scope.deps;
  const userId = scope.user.id;
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
  return { existing, held, incomeKeys, existingCash };
}

/**
 * Symbols the user holds are known; the rest are asked of the market once each. Answers why
 * each unknown one is, and the corporate-actions calendars of the file's known stocks.
 */
async function marketChecks(
  scope: UserScope,
  parsed: readonly ParsedRow[],
  held: Map<string, Decimal>,
) {
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
  return { unknown, calendars };
}

/** How many rows end in each outcome. */
async function summarize(
  parsed: readonly ParsedRow[],
  decided: Map<number, Decision>,
  turns: Turns,
): Promise<Plan["summary"]> {
  const summary = {
    trades: 0,
    income: 0,
    splits: 0,
    cash: 0,
    duplicates: 0,
    skipped: 0,
    errors: 0,
  };
  for (let index = 0; index < parsed.length; index++) {
    if (turns.due()) await turns.next();
    const outcome = decided.get(index)?.outcome ?? parsed[index]!.outcome;
    summary[SUMMARY_FIELD[outcome]]++;
  }
  return summary;
}

async function planImport(scope: UserScope, input: ImportInput): Promise<Plan> {
  if (Buffer.byteLength(input.csv, "utf8") > IMPORT_MAX_BYTES) throw tooLarge();
  if (input.source === "generic" && !input.mapping) {
    throw badRequest("An 'Other CSV' file needs its column mapping");
  }
  // Every loop over the rows below hands the event loop over every few milliseconds, so other
  // users' requests are answered while a 200,000-row file is checked (issue 29).
  const turns = new Turns();
  // The request's own work so far (its body handed over, its input checked) is a turn of its
  // own: the file's first turn starts clean, not after it.
  await turns.next();
  const parsed = await parseImport(
    input.csv,
    importFormat(input.source, input.mapping),
    dateOf(scope.deps.clock),
    turns,
  );

  const accountId = await accountFor(scope, input.accountId);
  // A file with nothing that could be written (every row skipped or in error) is not checked
  // against the recorded history: reading a heavy trader's 200,000 trades for it was seconds of
  // work and the GC pauses after it, on every such import (issue 29).
  const needsHistory = await anyRowToWrite(parsed, turns);
  const { existing, held, incomeKeys, existingCash } = await recordedFor(
    scope,
    accountId,
    needsHistory,
  );
  const { unknown, calendars } = await marketChecks(scope, parsed, held);
  const decided = new Map<number, Decision>();
  const incomeCandidates: IncomeCandidate[] = [];
  const candidates = await checkRows({
    parsed,
    decided,
    unknown,
    calendars,
    ...(await recordedKeys(existing, turns)),
    dividendsKnown: new Set(incomeKeys.map((key) => `${key.symbol}|${key.exDate}`)),
    incomeCandidates,
    turns,
  });
  const replay = { parsed, decided, existing, calendars, incomeCandidates, turns };
  const { accepted, income } = await replayHistory(replay, candidates);
  const trades = await applyNow(replay, accepted, held);
  const { cash, cashCheckedAfter } = await planCash(parsed, existingCash, decided, turns);
  const summary = await summarize(parsed, decided, turns);
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
  // Filled in field by field, in the answer's order: a spread per field made a throwaway object
  // each, ten per row, 200,000 rows' worth of garbage in a preview (issue 29).
  const answer: ImportPreviewRow = { row: row.row, outcome };
  if (message !== undefined) answer.message = message;
  if (row.assetType) answer.assetType = row.assetType;
  if (row.symbol) answer.symbol = row.symbol;
  if (row.transactionType) answer.transactionType = row.transactionType;
  if (quantity) answer.quantity = quantity;
  if (price) answer.price = price;
  if (row.outcome === "trade" && row.fee) answer.fee = row.fee;
  if (row.outcome !== "trade" && row.cashType) {
    answer.cashType = row.cashType;
    answer.amount = row.amount!;
  }
  if (row.date) answer.date = row.date.toISOString();
  if (row.dateOnly) answer.dateOnly = true;
  return answer;
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
  const message = importRunMessages.rowsHaveErrors(errors.length);
  const issues = errors.map((row) => ({
    path: ["rows", row.row],
    message: importRunMessages.errorRow(row.row, row.message ?? "error"),
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
export async function writablePlan(
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
  // While one of the user's import jobs runs, its rows are written batch by batch: this import's
  // rows would land between them, checked against rows the job may yet discard. Refused before
  // the file is checked, and again in the write's transaction (a job started meanwhile).
  if (await scope.deps.repos.importJobs.running(scope.user.id)) {
    throw conflict(importJobMessages.alreadyRunning);
  }
  const plan = await writablePlan(scope, input);
  // Nothing to write: no transaction, no new version of the user's data, and no recompute of
  // their history after it (seconds of work for a heavy trader, for nothing).
  if (writesNothing(plan)) {
    return recordImport(scope, input, importResultOf(plan.summary, EMPTY_OUTCOME));
  }
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
  if (!outcome.ok && outcome.reason === "import_running") {
    throw conflict(importJobMessages.alreadyRunning);
  }
  if (!outcome.ok) {
    throw conflict(
      "Your history changed while the file was being checked; preview it again and import",
    );
  }
  await afterImport(scope, plan.trades);
  return recordImport(scope, input, importResultOf(plan.summary, outcome));
}

/** What follows an import's write: the calendar's splits, then the history's recompute. */
export async function afterImport(scope: UserScope, trades: readonly ImportedTrade[]) {
  // The calendar's splits land on the imported trades now, as they do after a trade by hand.
  const turns = new Turns();
  const stockSet = new Set<string>();
  for (const trade of trades) {
    if (turns.due()) await turns.next();
    if (trade.assetType === "STOCK") stockSet.add(trade.symbol);
  }
  const stocks = [...stockSet];
  if (stocks.length > 0) {
    await applyCorporateActions(scope.deps, scope.user.id, { symbols: stocks, force: true });
  }
  scheduleSnapshotRefresh(scope.deps, scope.user.id);
}

const EMPTY_OUTCOME = { imported: 0, incomeAdded: 0, cashAdded: 0 };

/** The summary an import answers (and its job keeps): what was written, what was not. */
export function importResultOf(
  summary: Plan["summary"],
  outcome: typeof EMPTY_OUTCOME,
): ImportResult {
  return {
    imported: outcome.imported,
    income: outcome.incomeAdded,
    splits: summary.splits,
    cash: outcome.cashAdded,
    duplicates: summary.duplicates,
    skipped: summary.skipped,
    errors: summary.errors,
  };
}

/** The import's result, recorded in the audit log. */
export async function recordImport(
  scope: UserScope,
  input: Pick<ImportInput, "source">,
  result: ImportResult,
): Promise<ImportResult> {
  await recordAudit(scope, {
    event: "IMPORT",
    success: true,
    userId: scope.user.id,
    email: scope.user.email,
    details: `${input.source}: ${result.imported} imported, ${result.income} income, ${result.splits} splits, ${result.cash} cash, ${result.duplicates} duplicates, ${result.skipped} skipped, ${result.errors} errors`,
  });
  return result;
}
