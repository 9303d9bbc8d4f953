import {
  DEFAULT_COST_BASIS_METHOD,
  DEFAULT_INVESTMENT_ACCOUNT,
  type CostBasisMethod,
} from "@ledgerline/contracts";
import type { Decimal, Holding } from "@ledgerline/money";
import { and, eq } from "drizzle-orm";
import type { Db, Tables } from "../../database";
import { first, type Work } from "../../database";
import type { InvestmentAccountRow, InvestmentAccountType } from "../../schema";

/**
 * A user's investment accounts (issue 31): rows only. What may be deleted, and how two holdings of
 * one symbol become one when an account's rows move, are the API's rules (accounts/).
 */
export interface InvestmentAccount {
  id: number;
  name: string;
  type: InvestmentAccountType;
  institution: string | null;
  cashTracked: boolean;
  costBasisMethod: CostBasisMethod;
  displayOrder: number;
  isDefault: boolean;
  createdAt: Date;
}

export interface InvestmentAccountFields {
  name: string;
  type: InvestmentAccountType;
  institution: string | null;
  cashTracked: boolean;
  costBasisMethod: CostBasisMethod;
  /** Default: after the user's other accounts. */
  displayOrder?: number;
}

export type InvestmentAccountChanges = Partial<InvestmentAccountFields> & { isDefault?: true };

export type AccountWriteOutcome =
  | { ok: true; account: InvestmentAccount }
  | { ok: false; reason: "not_found" | "name_taken" | "too_many" };

/** How much an account holds: positions, and rows of its history (trades, splits, income). */
export interface AccountActivity {
  positions: number;
  transactions: number;
  income: number;
  /** Cash activities, transfers' sides included. */
  cash: number;
}

/** An income entry of the same dividend in both accounts, to become one (the API's rule). */
export interface IncomeToMerge {
  quantity: Decimal;
  total: Decimal;
}

export interface MoveRules {
  /** One holding of a symbol from the two accounts' holdings of it. */
  mergeHolding(into: Holding, from: Holding): Holding;
  /** One entry of a dividend from the two accounts' entries of it. */
  mergeIncome(into: IncomeToMerge, from: IncomeToMerge): IncomeToMerge;
}

export type AccountDeleteOutcome =
  | {
      ok: true;
      movedSymbols: { assetType: "STOCK" | "CRYPTO"; symbol: string }[];
      /** Cash activities moved (transfers' sides included). */
      movedCash: number;
    }
  | { ok: false; reason: "not_found" | "target_not_found" | "holds_activity" | "only_account" };

export function toInvestmentAccount(row: InvestmentAccountRow): InvestmentAccount {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    institution: row.institution,
    cashTracked: row.cashTracked,
    costBasisMethod: row.costBasisMethod,
    displayOrder: row.displayOrder,
    isDefault: row.isDefault,
    createdAt: row.createdAt,
  };
}

/** The default account's row of a new user (written with the user, repositories/users.ts). */
export function defaultAccountValues(userId: number, now: Date) {
  return {
    userId,
    name: DEFAULT_INVESTMENT_ACCOUNT.name,
    type: DEFAULT_INVESTMENT_ACCOUNT.type,
    institution: null,
    cashTracked: false,
    costBasisMethod: DEFAULT_COST_BASIS_METHOD,
    displayOrder: 0,
    isDefault: true,
    createdAt: now,
  };
}

/** The user's default account's id, read in a transaction (every user has one). */
export function* defaultAccountId(
  tx: Db,
  table: Tables["investmentAccounts"],
  userId: number,
): Work<number> {
  const row = yield* first(
    tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.userId, userId), eq(table.isDefault, true))),
  );
  if (!row) throw new Error(`user ${userId} has no default investment account`);
  return row.id;
}

/**
 * The account a write names, if it is the user's (else null); when it names none, `current` (the
 * row's own) or the user's default account.
 */
export function* accountFor(
  tx: Db,
  table: Tables["investmentAccounts"],
  userId: number,
  named: number | undefined,
  current?: number,
): Work<number | null> {
  if (named === undefined) return current ?? (yield* defaultAccountId(tx, table, userId));
  return (yield* ownsAccount(tx, table, userId, named)) ? named : null;
}

/** Whether the account is the user's (under the user's lock it cannot be deleted meanwhile). */
export function* ownsAccount(
  tx: Db,
  table: Tables["investmentAccounts"],
  userId: number,
  accountId: number,
): Work<boolean> {
  const row = yield* first(
    tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.userId, userId), eq(table.id, accountId))),
  );
  return row !== undefined;
}
