import { fromStored } from "@ledgerline/money";
import { and, asc, desc, eq } from "drizzle-orm";
import { all, pause, type Database, type Work } from "../../database";
import type { AssetType } from "../../schema";
import { afterInHistory } from "../history-pages";
import { toTransaction, type LotSelectionRow, type LotTradeRow, type Transaction } from "./rows";

/**
 * Transactions read per query by `transactions`, between two turns of the event loop: a page of
 * 5,000 held the loop 50-130 ms on a loaded machine (its rows read, copied from the connection's
 * thread and mapped in one go), 40 times over for a history of 200,000 (issue 29).
 */
const TRANSACTIONS_PAGE = 1000;

function readSelections(text: string | null): LotSelectionRow[] | null {
  if (!text) return null;
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? (parsed as LotSelectionRow[]) : null;
}

/**
 * The user's buys, sells, split rows and transfers between accounts for the tax lot replay,
 * oldest first (date, then id), of every account; only one asset type's symbol when `symbol` is
 * given. Read in pages from one snapshot with a turn of the event loop between them (0029).
 */
export function lotTrades(
  database: Database,
  userId: number,
  only?: { assetType: AssetType; symbol: string },
): Promise<LotTradeRow[]> {
  const { transactions } = database.tables;
  return database.transaction(
    function* (tx): Work<LotTradeRow[]> {
      const read: LotTradeRow[] = [];
      let last: LotTradeRow | undefined;
      for (;;) {
        const rows = yield* all(
          tx
            .select({
              id: transactions.id,
              accountId: transactions.accountId,
              transactionDate: transactions.transactionDate,
              type: transactions.type,
              symbol: transactions.symbol,
              transactionType: transactions.transactionType,
              quantity: transactions.quantity,
              price: transactions.price,
              fee: transactions.fee,
              total: transactions.total,
              pairedId: transactions.pairedId,
              lotSelections: transactions.lotSelections,
            })
            .from(transactions)
            .where(
              and(
                eq(transactions.userId, userId),
                ...(only
                  ? [eq(transactions.symbol, only.symbol), eq(transactions.type, only.assetType)]
                  : []),
                afterInHistory(transactions, last, "asc"),
              ),
            )
            .orderBy(asc(transactions.transactionDate), asc(transactions.id))
            .limit(TRANSACTIONS_PAGE),
        );
        for (const row of rows) {
          read.push({
            ...row,
            quantity: fromStored(row.quantity),
            price: fromStored(row.price),
            fee: fromStored(row.fee),
            total: fromStored(row.total),
            lotSelections: readSelections(row.lotSelections),
          });
        }
        last = read.at(-1);
        if (rows.length < TRANSACTIONS_PAGE) return read;
        yield* pause();
      }
    },
    { readOnly: true, pauses: true },
  );
}

/**
 * A user's transactions, newest first (the transaction history builds its own pages), read
 * from one snapshot in pages with a turn of the event loop between them: after an import
 * this is 200,000 rows, whose one query held everything else up for a second.
 */
export function listTransactions(
  database: Database,
  userId: number,
  accountId?: number,
): Promise<Transaction[]> {
  const { transactions } = database.tables;
  return database.transaction(
    function* (tx): Work<Transaction[]> {
      const read: Transaction[] = [];
      let last: Transaction | undefined;
      for (;;) {
        const rows = yield* all(
          tx
            .select()
            .from(transactions)
            .where(
              and(
                eq(transactions.userId, userId),
                ...(accountId === undefined ? [] : [eq(transactions.accountId, accountId)]),
                afterInHistory(transactions, last, "desc"),
              ),
            )
            .orderBy(desc(transactions.transactionDate), desc(transactions.id))
            .limit(TRANSACTIONS_PAGE),
        );
        for (const row of rows) read.push(toTransaction(row));
        last = read.at(-1);
        if (rows.length < TRANSACTIONS_PAGE) return read;
        yield* pause();
      }
    },
    { readOnly: true, pauses: true },
  );
}
