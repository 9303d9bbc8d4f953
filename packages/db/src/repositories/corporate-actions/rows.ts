import { fromStored, multiply, toStored, type Decimal, type Holding } from "@ledgerline/money";
import type { IncomeEntryRow, TransactionRow } from "../../schema";
import { storable } from "../trade-log";

export interface SplitToApply {
  exDate: string;
  /** The first instant of the ex-date (New York midnight): trades before it are split. */
  at: Date;
  from: Decimal;
  to: Decimal;
}

export interface DividendToApply {
  exDate: string;
  /** Shares held before this instant (the ex-date's New York midnight) are paid. */
  at: Date;
  payDate: string;
  cashAmount: Decimal;
}

/** One account's holding of one stock, as a replay of its corporate actions reads and writes it. */
export interface ReplayTarget {
  userId: number;
  accountId: number;
  symbol: string;
  now: Date;
}

/**
 * A row of the stock's history as the replay reads it: a buy, a sell or a SPLIT row (the
 * holding after the split, the cost basis it carried in `total`, its words in `notes`).
 */
export interface ReplayRow {
  id: number;
  transactionDate: Date;
  transactionType: TransactionRow["transactionType"];
  quantity: Decimal;
  price: Decimal;
  fee: Decimal;
  /** A SPLIT row's; "0" for a trade. */
  total: Decimal;
  /** A SPLIT row's; null for a trade (a trade's notes are the user's and long). */
  notes: string | null;
}

/** A SPLIT row's figures (its `total` fits the stored precision). */
export interface SplitRowFigures {
  quantity: Decimal;
  price: Decimal;
  total: Decimal;
  notes: string;
}

/** A change to the SPLIT rows of the stock: each counts as a split written but `notes`. */
export type SplitRowWrite =
  | { kind: "insert"; split: SplitToApply; figures: SplitRowFigures }
  | { kind: "update"; split: SplitToApply; id: number; figures: SplitRowFigures }
  | { kind: "notes"; split: SplitToApply; id: number; notes: string }
  | { kind: "delete"; split: SplitToApply; id: number };

/** What a replay of the stock's corporate actions writes (accounting/corporate-action-replay.ts). */
export interface CorporateActionWrites {
  splits: SplitRowWrite[];
  /** The position as the replay ends, when a split touched it and shares are held. */
  position: Holding | null;
  /** A dividend paid on the shares held at its ex-date; written once, never over an edit. */
  income: Omit<IncomeFields, "accountId" | "symbol" | "total">[];
}

export interface ApplyCorporateActionsOutcome {
  /** SPLIT rows written or corrected. */
  splitsWritten: number;
  incomeAdded: number;
  /** The trades cannot be replayed in date order (a sell above what was held then). */
  inconsistent: boolean;
}

export interface IncomeEntry {
  id: number;
  accountId: number;
  type: "DIVIDEND";
  symbol: string;
  exDate: string;
  payDate: string;
  quantity: Decimal;
  amountPerShare: Decimal;
  total: Decimal;
  manual: boolean;
}

/** A dividend as money the user received: its symbol, pay date and amount. */
export interface PaidIncome {
  symbol: string;
  payDate: string;
  total: Decimal;
}

export interface IncomeFields {
  /** The account the dividend was paid into (default: the user's default account). */
  accountId?: number;
  symbol: string;
  exDate: string;
  payDate: string;
  quantity: Decimal;
  amountPerShare: Decimal;
  /** Defaults to quantity × amount per share. */
  total?: Decimal;
}

export type IncomeWriteOutcome =
  | { ok: true; entry: IncomeEntry }
  | { ok: false; reason: "not_found" | "duplicate" | "account_not_found" };

export function toIncomeEntry(row: IncomeEntryRow): IncomeEntry {
  return {
    id: row.id,
    accountId: row.accountId,
    type: row.type,
    symbol: row.symbol,
    exDate: row.exDate,
    payDate: row.payDate,
    quantity: fromStored(row.quantity),
    amountPerShare: fromStored(row.amountPerShare),
    total: fromStored(row.total),
    manual: row.manual,
  };
}

/** An income entry's stored columns (also written by a file import, repositories/portfolio/import.ts). */
export function incomeValues(fields: IncomeFields & { accountId: number }) {
  return {
    accountId: fields.accountId,
    symbol: fields.symbol,
    exDate: fields.exDate,
    payDate: fields.payDate,
    quantity: toStored(fields.quantity),
    amountPerShare: toStored(fields.amountPerShare),
    total: storable(fields.total ?? multiply(fields.quantity, fields.amountPerShare)),
  };
}
