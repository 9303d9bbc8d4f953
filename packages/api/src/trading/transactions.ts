import {
  transactionCountLimit,
  transactionMessages,
  type TransactionBatch,
  type TransactionBatchInput,
  type TransactionFilterInput,
  type TransactionPage,
  type TransactionPageInput,
  type TransactionView,
} from "@ledgerline/contracts";
import {
  decodeTransactionCursor,
  encodeTransactionCursor,
  type Transaction,
  type TransactionFilter,
  type TransactionOrder,
} from "@ledgerline/db";
import { applyCorporateActions, readSyncDueAt } from "../accounting/corporate-actions";
import { accountFilterOf, keepsSeveralAccounts } from "../accounts/account-scope";
import { badRequest } from "../platform/errors";
import type { UserScope } from "../platform/scope";

/** The transaction history of the signed-in user: pages for the screen, batches for exports. */

/** A history row; `withAccount`: with its account (see keepsSeveralAccounts). */
export function transactionView(transaction: Transaction, withAccount = false): TransactionView {
  return {
    id: transaction.id,
    transactionDate: transaction.transactionDate.toISOString(),
    type: transaction.type,
    symbol: transaction.symbol,
    transactionType: transaction.transactionType,
    quantity: transaction.quantity,
    price: transaction.price,
    transactionTotal: transaction.total,
    fee: transaction.fee,
    notes: transaction.notes,
    ...(withAccount ? { accountId: transaction.accountId } : {}),
  };
}

/** The filter as the repository reads it: the symbol text becomes the user's symbols containing it. */
async function filterOf(
  scope: UserScope,
  input: TransactionFilterInput,
): Promise<TransactionFilter & TransactionOrder> {
  return {
    startDate: input.startDate ? new Date(input.startDate) : undefined,
    endDate: input.endDate ? new Date(input.endDate) : undefined,
    symbols:
      input.symbol === undefined
        ? undefined
        : await scope.deps.repos.transactions.symbolsContaining(scope.user.id, input.symbol),
    type: input.type,
    transactionType: input.transactionType,
    accountId: await accountFilterOf(scope, input.accountId),
    sortBy: input.sortBy,
    sortOrder: input.sortOrder,
  };
}

export async function transactionPage(
  scope: UserScope,
  input: TransactionPageInput,
): Promise<TransactionPage> {
  const offset = (input.page - 1) * input.pageSize;
  // Splits show in the history as soon as they happen (throttled; see corporate-actions.ts).
  await applyCorporateActions(scope.deps, scope.user.id);
  scope.answerLife?.until(readSyncDueAt(scope.deps, scope.user.id));
  const { rows, totalCount, totalCountCapped } = await scope.deps.repos.transactions.page({
    ...(await filterOf(scope, input)),
    userId: scope.user.id,
    offset,
    limit: input.pageSize,
    countUpTo: transactionCountLimit(offset, input.pageSize),
  });
  const withAccount = await keepsSeveralAccounts(scope);
  return {
    transactions: rows.map((row) => transactionView(row, withAccount)),
    pagination: {
      currentPage: input.page,
      pageSize: input.pageSize,
      totalCount,
      totalPages: Math.ceil(totalCount / input.pageSize),
      totalCountCapped,
    },
  };
}

export async function transactionBatch(
  scope: UserScope,
  input: TransactionBatchInput,
): Promise<TransactionBatch> {
  const order = await filterOf(scope, input);
  const after =
    input.cursor === undefined ? undefined : decodeTransactionCursor(input.cursor, order);
  if (input.cursor !== undefined && !after) throw badRequest(transactionMessages.invalidCursor);
  const { rows, nextCursor } = await scope.deps.repos.transactions.batch({
    ...order,
    userId: scope.user.id,
    after,
    limit: input.limit,
  });
  const withAccount = await keepsSeveralAccounts(scope);
  return {
    transactions: rows.map((row) => transactionView(row, withAccount)),
    nextCursor: nextCursor ? encodeTransactionCursor(nextCursor) : null,
  };
}
