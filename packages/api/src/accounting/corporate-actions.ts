import { dateOf } from "@ledgerline/clock";
import type {
  CorporateAction,
  CorporateActionsResyncAnswer,
  IncomeAnswer,
  IncomeCreateInput,
  IncomeEntry as IncomeView,
  IncomeUpdateInput,
} from "@ledgerline/contracts";
import { dateInFuture, investmentAccountMessages, type AccountFilter } from "@ledgerline/contracts";
import type {
  ApplyCorporateActionsOutcome,
  CorporateActionWrites,
  DividendToApply,
  IncomeEntry,
  IncomeWriteOutcome,
  ReplayRow,
  ReplayTarget,
  SplitToApply,
} from "@ledgerline/db";
import { newYorkDate, newYorkMidnight } from "@ledgerline/market";
import { add, sum } from "@ledgerline/money";
import { accountFilterOf, keepsSeveralAccounts } from "../accounts/account-scope";
import { badRequest, conflict, notFound } from "../platform/errors";
import { Turns } from "../platform/turns";
import {
  CorporateActionReplay,
  inDateOrder,
  replayCorporateActions,
} from "./corporate-action-replay";
import { scheduleSnapshotRefresh } from "./portfolio-snapshots";
import type { AppDeps, UserScope } from "../platform/scope";

/**
 * Corporate actions applied to users' stock holdings (issue 15).
 *
 * When: the application is idempotent (repositories/corporate-actions.ts), so it runs wherever
 * it is needed rather than at one exact moment:
 * - before a user's stock positions or income are read (at most every few minutes per user),
 *   so a split that happened overnight shows on the next look;
 * - around every stock trade of the symbol, forced: before a sell (the quantity offered is the
 *   split one) and after a buy (a back-dated buy before a split is split too);
 * - in the background, hourly, by the process that runs the market refresher, for everyone who
 *   has traded a stock, so income arrives on its pay date even for users who do not look.
 * Splits count from their ex-date (New York midnight); dividends once their pay date has come.
 */

/** How long a user's actions count as applied on reads (trades always apply them). */
const READ_SYNC_INTERVAL_MS = 5 * 60_000;

const lastReadSync = new WeakMap<AppDeps, Map<number, number>>();
const readSyncs = new WeakMap<AppDeps, Map<number, Promise<unknown>>>();

export interface ApplyOptions {
  /** Only these symbols (a trade's); default every stock the user has traded. */
  symbols?: readonly string[];
  /** Ignore the read throttle. */
  force?: boolean;
}

/**
 * The calendar's actions that count by `today` (New York): splits from their ex-date, dividends
 * once paid. The import compares a file's split and dividend rows to these (services/import).
 */
export function actionsToApply(
  actions: readonly CorporateAction[],
  today: string,
): { splits: SplitToApply[]; dividends: DividendToApply[] } {
  const exInstant = (exDate: string) => new Date(newYorkMidnight(exDate));
  const splits = actions.flatMap((action) =>
    action.type === "split" && action.exDate <= today && action.splitFrom && action.splitTo
      ? [
          {
            exDate: action.exDate,
            at: exInstant(action.exDate),
            from: action.splitFrom,
            to: action.splitTo,
          },
        ]
      : [],
  );
  const dividends = actions.flatMap((action) => {
    const payDate = action.payDate ?? action.exDate;
    return action.type === "dividend" && action.cashAmount && payDate <= today
      ? [
          {
            exDate: action.exDate,
            at: exInstant(action.exDate),
            payDate,
            cashAmount: action.cashAmount,
          },
        ]
      : [];
  });
  return { splits, dividends };
}

/**
 * When (market clock) a read of the user's positions applies corporate actions again: a cached
 * positions answer holds until then at most.
 */
export function readSyncDueAt(deps: AppDeps, userId: number): number {
  const last = lastReadSync.get(deps)?.get(userId);
  return last === undefined ? 0 : last + READ_SYNC_INTERVAL_MS;
}

/** Applies the splits and paid dividends of the user's stocks; answers what changed. */
export async function applyCorporateActions(
  deps: AppDeps,
  userId: number,
  options: ApplyOptions = {},
): Promise<ApplyCorporateActionsOutcome> {
  const changed: ApplyCorporateActionsOutcome = {
    splitsWritten: 0,
    incomeAdded: 0,
    inconsistent: false,
  };
  const marketNow = deps.market.clock.now();
  if (!options.force && !options.symbols) {
    const synced = lastReadSync.get(deps) ?? new Map<number, number>();
    lastReadSync.set(deps, synced);
    const running = readSyncs.get(deps) ?? new Map<number, Promise<unknown>>();
    readSyncs.set(deps, running);
    const last = synced.get(userId);
    if (last !== undefined && Math.abs(marketNow - last) < READ_SYNC_INTERVAL_MS) {
      // Reads made at once (the returns and each holding's) see the income the first one writes.
      await running.get(userId);
      return changed;
    }
    synced.set(userId, marketNow);
    const sync = applyActions(deps, userId, options, changed, marketNow);
    running.set(userId, sync);
    return sync.finally(() => running.delete(userId));
  }
  return applyActions(deps, userId, options, changed, marketNow);
}

async function applyActions(
  deps: AppDeps,
  userId: number,
  options: ApplyOptions,
  changed: ApplyCorporateActionsOutcome,
  marketNow: number,
): Promise<ApplyCorporateActionsOutcome> {
  const symbols = options.symbols ?? (await deps.repos.portfolio.tradedSymbols(userId, "STOCK"));
  const today = newYorkDate(marketNow);
  // Each symbol's replay in each account is a few ms, its reads and writes answered without a
  // turn of the event loop between them: 200 symbols over 3 accounts held it 0.2-1.4 s at once,
  // on the first read of income after a start (bench/portfolio-history restart).
  const turns = new Turns();
  for (const symbol of symbols) {
    let actions: CorporateAction[];
    try {
      actions = await deps.market.stocks.getCorporateActions(symbol);
    } catch (error) {
      // Applied on a later read once the provider answers; the trade or read goes on.
      deps.logger.debug({ err: error, symbol }, "corporate actions unavailable");
      continue;
    }
    const { splits, dividends } = actionsToApply(actions, today);
    if (splits.length === 0 && dividends.length === 0) continue;
    const outcome = await applyToSymbol(
      deps,
      { userId, symbol, splits, dividends, now: dateOf(deps.clock) },
      turns,
    );
    if (outcome.inconsistent) {
      deps.logger.warn(
        { userId, symbol },
        "trades do not replay in date order; splits not applied",
      );
    }
    if (outcome.splitsWritten > 0) scheduleSnapshotRefresh(deps, userId);
    changed.splitsWritten += outcome.splitsWritten;
    changed.incomeAdded += outcome.incomeAdded;
    changed.inconsistent ||= outcome.inconsistent;
  }
  return changed;
}

/** Tries of the read-then-write replay before it runs in one transaction. */
const REPLAY_ATTEMPTS = 3;

/**
 * Applies the symbol's splits and dividends to the user's holding of it in each account that
 * traded it: each account's trades are replayed on their own, as positions are held per
 * account. Running it again changes nothing, so it is safe on every read, trade and sync.
 */
export async function applyToSymbol(
  deps: AppDeps,
  request: {
    userId: number;
    symbol: string;
    splits: readonly SplitToApply[];
    dividends: readonly DividendToApply[];
    now: Date;
  },
  turns = new Turns(),
): Promise<ApplyCorporateActionsOutcome> {
  const { userId, symbol, now } = request;
  const splits = inDateOrder(request.splits);
  const dividends = inDateOrder(request.dividends);
  const total: ApplyCorporateActionsOutcome = {
    splitsWritten: 0,
    incomeAdded: 0,
    inconsistent: false,
  };
  for (const accountId of await deps.repos.corporateActions.accountsTrading(userId, symbol)) {
    if (turns.due()) await turns.next();
    const outcome = await applyToAccount(
      deps,
      { userId, accountId, symbol, now },
      splits,
      dividends,
    );
    total.splitsWritten += outcome.splitsWritten;
    total.incomeAdded += outcome.incomeAdded;
    total.inconsistent ||= outcome.inconsistent;
  }
  return total;
}

/**
 * One account's replay. After an import the symbol has 200,000 trades: read and replayed in one
 * transaction, they held the event loop 0.7 s. They are read from one snapshot in pages and
 * replayed with turns between (holding off no writer), then written in a short transaction that
 * first checks nothing was added or written since; if something was, it starts again, and
 * after REPLAY_ATTEMPTS runs in one transaction the user's trades wait for.
 */
async function applyToAccount(
  deps: AppDeps,
  target: ReplayTarget,
  splits: readonly SplitToApply[],
  dividends: readonly DividendToApply[],
): Promise<ApplyCorporateActionsOutcome> {
  const repository = deps.repos.corporateActions;
  for (let attempt = 0; attempt < REPLAY_ATTEMPTS; attempt++) {
    const { rows, version } = await repository.replayRows(target);
    const writes = await replayInTurns(rows, splits, dividends);
    if (!writes) return { splitsWritten: 0, incomeAdded: 0, inconsistent: true };
    const outcome = await repository.writeReplay(target, version, writes);
    if (outcome) return outcome;
  }
  return repository.replayLocked(target, (rows) => replayCorporateActions(rows, splits, dividends));
}

/** replayCorporateActions, handing the event loop over between trades (platform/turns.ts). */
async function replayInTurns(
  rows: readonly ReplayRow[],
  splits: readonly SplitToApply[],
  dividends: readonly DividendToApply[],
): Promise<CorporateActionWrites | null> {
  const turns = new Turns();
  const replay = new CorporateActionReplay(splits, dividends);
  const splitRows = new Map<number, ReplayRow>();
  for (const row of rows) {
    if (turns.due()) await turns.next();
    if (row.transactionType === "SPLIT") splitRows.set(row.transactionDate.getTime(), row);
    else if (!replay.trade(row)) return null;
  }
  return replay.writes(splitRows);
}

/** The background pass: every user who has traded a stock. */
export async function applyCorporateActionsForEveryone(deps: AppDeps): Promise<void> {
  for (const userId of await deps.repos.portfolio.stockTraders()) {
    await applyCorporateActions(deps, userId, { force: true });
  }
}

/**
 * An admin's re-sync: the symbol's actions are read from the provider again (past the cache) and
 * applied to everyone who has traded it.
 */
export async function resyncCorporateActions(
  deps: AppDeps,
  symbol: string,
): Promise<CorporateActionsResyncAnswer> {
  const actions = await deps.market.stocks.getCorporateActions(symbol, { force: true });
  const users = await deps.repos.portfolio.stockTraders(symbol);
  const answer = {
    symbol,
    actions: actions.length,
    users: users.length,
    splitsWritten: 0,
    incomeAdded: 0,
  };
  for (const userId of users) {
    const outcome = await applyCorporateActions(deps, userId, { symbols: [symbol] });
    answer.splitsWritten += outcome.splitsWritten;
    answer.incomeAdded += outcome.incomeAdded;
  }
  return answer;
}

/** An income entry; `withAccount`: with its account (see keepsSeveralAccounts). */
export function toIncomeView(entry: IncomeEntry, withAccount = false): IncomeView {
  const { accountId, ...view } = entry;
  return withAccount ? { ...view, accountId } : view;
}

export const incomeMessages = {
  notFound: "Income entry not found",
  duplicate: "There is already an income entry for this dividend; edit it instead",
};

async function written(scope: UserScope, outcome: IncomeWriteOutcome): Promise<IncomeView> {
  if (outcome.ok) return toIncomeView(outcome.entry, await keepsSeveralAccounts(scope));
  switch (outcome.reason) {
    case "not_found":
      throw notFound(incomeMessages.notFound);
    case "account_not_found":
      throw notFound(investmentAccountMessages.notFound);
    case "duplicate":
      throw conflict(incomeMessages.duplicate);
  }
}

/**
 * An entry is a dividend received, so neither date lies ahead, as a trade's does not: up to
 * tomorrow in UTC, which is today somewhere (UTC+14).
 */
function assertReceived(dates: { exDate: string; payDate: string }, now: Date): void {
  const latest = new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  if (dates.exDate > latest) throw badRequest(dateInFuture("The ex-date"));
  if (dates.payDate > latest) throw badRequest(dateInFuture("The pay date"));
}

export async function createIncome(
  scope: UserScope,
  input: IncomeCreateInput,
): Promise<IncomeView> {
  const { repos, clock } = scope.deps;
  assertReceived(input, dateOf(clock));
  return written(
    scope,
    await repos.corporateActions.createIncome(scope.user.id, input, dateOf(clock)),
  );
}

export async function updateIncome(
  scope: UserScope,
  input: IncomeUpdateInput,
): Promise<IncomeView> {
  const { id, ...fields } = input;
  const { repos, clock } = scope.deps;
  assertReceived(fields, dateOf(clock));
  return written(
    scope,
    await repos.corporateActions.updateIncome(scope.user.id, id, fields, dateOf(clock)),
  );
}

export async function deleteIncome(scope: UserScope, id: number): Promise<void> {
  const { repos, clock } = scope.deps;
  if (!(await repos.corporateActions.deleteIncome(scope.user.id, id, dateOf(clock)))) {
    throw notFound(incomeMessages.notFound);
  }
}

/**
 * The user's income entries (of one account, or all) with totals per calendar year of the pay
 * date, newest first.
 */
export async function listIncome(
  scope: UserScope,
  filter: AccountFilter = {},
): Promise<IncomeAnswer> {
  const { deps, user } = scope;
  const accountId = await accountFilterOf(scope, filter.accountId);
  await applyCorporateActions(deps, user.id);
  const entries = await deps.repos.corporateActions.listIncome(user.id, accountId);
  const withAccount = await keepsSeveralAccounts(scope);
  const byYear = new Map<number, string>();
  for (const entry of entries) {
    const year = Number(entry.payDate.slice(0, 4));
    byYear.set(year, add(byYear.get(year) ?? "0", entry.total));
  }
  return {
    entries: entries.map((entry) => toIncomeView(entry, withAccount)),
    years: [...byYear].sort(([a], [b]) => b - a).map(([year, total]) => ({ year, total })),
    total: sum(entries.map((entry) => entry.total)),
  };
}
