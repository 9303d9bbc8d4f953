import { fromStored, type Decimal } from "@ledgerline/money";
import type { CashActivityType } from "@ledgerline/contracts";
import type { AssetType, PositionRow, TransactionRow, TransactionType } from "../../schema";
import type { IncomeFields } from "../corporate-actions/rows";

/** A position as the domain sees it: decimals in canonical form. */
export interface Position {
  id: number;
  /** The investment account holding it. */
  accountId: number;
  assetType: AssetType;
  symbol: string;
  quantity: Decimal;
  averagePrice: Decimal;
  openedAt: Date;
  updatedAt: Date;
}

/** A row of the trade log, decimals in canonical form. */
interface TradeLogRow {
  id: number;
  accountId: number;
  transactionDate: Date;
  type: AssetType;
  symbol: string;
  transactionType: TransactionType;
  quantity: Decimal;
  price: Decimal;
  total: Decimal;
  /** The trade's fee (0 when none): in a buy's cost, out of a sell's proceeds. */
  fee: Decimal;
}

export interface Transaction extends TradeLogRow {
  notes: string | null;
}

export function toPosition(row: PositionRow): Position {
  return {
    id: row.id,
    accountId: row.accountId,
    assetType: row.assetType,
    symbol: row.symbol,
    quantity: fromStored(row.quantity),
    averagePrice: fromStored(row.averagePrice),
    openedAt: row.openedAt,
    updatedAt: row.updatedAt,
  };
}

export function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    accountId: row.accountId,
    transactionDate: row.transactionDate,
    type: row.type,
    symbol: row.symbol,
    transactionType: row.transactionType,
    quantity: fromStored(row.quantity),
    price: fromStored(row.price),
    total: fromStored(row.total),
    fee: fromStored(row.fee),
    notes: row.notes,
  };
}

/** One lot a sell names and how much of it (decimal text). */
export interface LotSelectionRow {
  lotId: string;
  quantity: Decimal;
}

/**
 * A trade as the tax lot replay reads it: every buy, sell and split row, oldest first. Of the
 * totals, only a transfer's (the cost basis that moved) is read.
 */
export interface LotTradeRow extends TradeLogRow {
  /** The other row of a transfer between accounts (TRANSFER_OUT / TRANSFER_IN), else null. */
  pairedId: number | null;
  lotSelections: LotSelectionRow[] | null;
}

export interface TradeRequest {
  userId: number;
  /**
   * The user's investment account the trade is made in. Default: a buy by symbol goes into the
   * user's default account; a sell or a buy by position id into the position's (when given, the
   * position must be in this account).
   */
  accountId?: number;
  assetType: AssetType;
  quantity: Decimal;
  price: Decimal;
  /** The trade's fee; none is 0. */
  fee?: Decimal;
  transactionDate: Date;
  notes: string | null;
  now: Date;
  /** A sell's named lots (issue 32), kept with the trade so a replay sells the same ones. */
  lotSelections?: readonly LotSelectionRow[] | null;
  /**
   * The idempotency key of the request, if it sent one. A trade already made under this key
   * since `since` is answered again instead of trading twice (a retry whose first attempt
   * committed but was never answered).
   */
  requestKey?: { key: string; since: Date };
}

export type BuyRequest = TradeRequest & {
  symbol: string;
  /**
   * Optimistic concurrency: the quantity the caller believes is held before this buy (the
   * spec's PUT sends it). When given and different from what is held, nothing is written.
   */
  expectedHeld?: Decimal;
  /** When given, the buy must add to this position of the user. */
  positionId?: number;
};

/**
 * One trade of an import, already checked; the trades come in the order they are applied. The
 * fields are named as the import's parsed rows name them, so those rows are passed as they are.
 */
export interface ImportedTrade {
  assetType: AssetType;
  symbol: string;
  transactionType: "BUY" | "SELL";
  quantity: Decimal;
  price: Decimal;
  /** The trade's fee; none is 0. */
  fee?: Decimal;
  /** When the trade was made. */
  date: Date;
  notes: string | null;
}

export interface ImportRequest {
  userId: number;
  /** The user's account every trade and dividend of the import goes into (default: the default). */
  accountId?: number;
  trades: readonly ImportedTrade[];
  /** Dividends received, written as the user's own (manual) income entries. */
  income: readonly Omit<IncomeFields, "accountId">[];
  now: Date;
  /**
   * The user's newest transaction id when the import was checked (null: none). Any trade made
   * since then (a hand entry, another import) means the check is stale, and nothing is written.
   */
  checkedAfter: number | null;
  /** Deposits, withdrawals, interest, fees and tax withheld, into the same account. */
  cash?: readonly ImportedCash[];
  /**
   * The account's newest cash activity id when the import was checked (null: none): any cash
   * written since means the file's cash rows were matched against a stale list.
   */
  cashCheckedAfter?: number | null;
}

/** A cash row of an import, checked: a positive amount, its type the direction. */
export interface ImportedCash {
  type: CashActivityType;
  amount: Decimal;
  /** YYYY-MM-DD */
  date: string;
  notes: string | null;
}

export type TradeImportOutcome =
  | { ok: true; imported: number; incomeAdded: number; cashAdded: number }
  /** One of the user's import jobs has not ended: its rows are being written. */
  | { ok: false; reason: "history_changed" | "account_not_found" | "import_running" }
  | { ok: false; reason: "exceeds_holding"; index: number; held: Decimal };

export type TradeOutcome =
  | { ok: true; position: Position | null; transaction: Transaction }
  | {
      ok: false;
      reason: "not_found" | "account_not_found" | "exceeds_holding" | "held_changed";
      held?: Decimal;
    };
