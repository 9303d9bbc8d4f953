import type { InvestmentAccount, LotTradeRow, Transaction } from "@ledgerline/db";
import type { AppDeps } from "../platform/scope";
import {
  accountsKeyOf,
  keepSymbol,
  keptSymbol,
  lotAccountsOf,
  symbolReplay,
  type SymbolLots,
} from "./kept-lots";
import type { LotAssetType, LotReplay, LotSelection } from "./lot-engine";
import { lotEventOf } from "./lot-events";

/**
 * One symbol's lots, every account's (a wash sale looks at buys in any of them), for a sell: the
 * lots its dialog lists, the lots it names checked before it is written, and the lot rows of its
 * answer after. A sale is written now, after every trade of the symbol, so the replay with it is
 * the replay before it and one more step: the kept replay is continued by the sale instead of
 * the symbol being read and replayed again (issue 32's sale bench: the replay was most of it).
 */

export interface SymbolNow {
  accounts: InvestmentAccount[];
  only: { assetType: LotAssetType; symbol: string };
  /** The version of the user's trades the lots are of (null: none written through the repos). */
  at: { version: number; accounts: string } | null;
  lots: SymbolLots;
}

/** The symbol's lots as the user's trades stand: kept, or replayed and kept for a sale. */
export async function symbolLotsNow(
  deps: AppDeps,
  userId: number,
  only: { assetType: LotAssetType; symbol: string },
): Promise<SymbolNow> {
  const { repos } = deps;
  const [accounts, state] = await Promise.all([
    repos.investmentAccounts.list(userId),
    repos.snapshots.state(userId),
  ]);
  const lotAccounts = lotAccountsOf(accounts);
  const at = state ? { version: state.version, accounts: accountsKeyOf(lotAccounts) } : null;
  const symbol = `${only.assetType}:${only.symbol}`;
  const found = at && keptSymbol(deps, userId, at, symbol);
  if (found) return { accounts, only, at, lots: found };
  // The rows are read after the version: they hold at least what it counts.
  const lots = symbolReplay(lotAccounts, await repos.portfolio.lotTrades(userId, only));
  if (at) keepSymbol(deps, userId, at, symbol, lots);
  return { accounts, only, at, lots };
}

/**
 * The symbol's lots with the sale just written: `before` continued by it when that sale is the
 * only trade written since (the version one on) and comes after every row, else read again.
 */
export async function lotsAfterSale(
  deps: AppDeps,
  userId: number,
  before: SymbolNow,
  sale: Transaction,
  lots: readonly LotSelection[] | null,
): Promise<LotReplay> {
  if (before.at) {
    const state = await deps.repos.snapshots.state(userId);
    const row = saleRow(sale, lots);
    const event = lotEventOf(row);
    const book = state?.version === before.at.version + 1 && before.lots.book.withSale(event);
    if (book) {
      const after: SymbolLots = {
        rows: [...before.lots.rows, row],
        events: [...before.lots.events, event],
        replay: book.view(),
        book,
      };
      const at = { ...before.at, version: state.version };
      keepSymbol(deps, userId, at, `${before.only.assetType}:${before.only.symbol}`, after);
      return after.replay;
    }
  }
  return (await symbolLotsNow(deps, userId, before.only)).lots.replay;
}

/** The sale as the lot replay reads it back (history.ts's lotTrades). */
function saleRow(sale: Transaction, lots: readonly LotSelection[] | null): LotTradeRow {
  return {
    id: sale.id,
    accountId: sale.accountId,
    transactionDate: sale.transactionDate,
    type: sale.type,
    symbol: sale.symbol,
    transactionType: sale.transactionType,
    quantity: sale.quantity,
    price: sale.price,
    fee: sale.fee,
    total: sale.total,
    pairedId: null,
    lotSelections: lots?.length ? lots.map(({ lotId, quantity }) => ({ lotId, quantity })) : null,
  };
}
