import { fromStored } from "@ledgerline/money";
import { and, desc, eq } from "drizzle-orm";
import { all, pause, rawValues, type Database, type Work } from "../../database";
import type { AssetType } from "../../schema";
import { afterInHistory } from "../history-pages";
import { sharedKind } from "../trade-log";
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
 * One page of the lot replay's rows: the user's, or one asset type's symbol's, after a row. The
 * page after a row starts at its date in the index (`transaction_date >= ?`); written as
 * `date > ? OR (date = ? AND id > ?)` alone, each page scanned the user's rows from the first.
 */
const lotTradesPage = (only: boolean, after: boolean) =>
  "SELECT id, account_id, transaction_date, type, symbol, transaction_type, quantity, price," +
  " fee, total, paired_id, lot_selections FROM transactions WHERE user_id = ?" +
  (only ? " AND symbol = ? AND type = ?" : "") +
  (after ? " AND transaction_date >= ? AND (transaction_date > ? OR id > ?)" : "") +
  ` ORDER BY transaction_date, id LIMIT ${TRANSACTIONS_PAGE}`;

type LotTradeValues = [
  id: number,
  accountId: number,
  transactionDate: number | string,
  type: AssetType,
  symbol: string,
  transactionType: LotTradeRow["transactionType"],
  quantity: string,
  price: string,
  fee: string,
  total: string,
  pairedId: number | null,
  lotSelections: string | null,
];

/**
 * The user's buys, sells, split rows and transfers between accounts for the tax lot replay,
 * oldest first (date, then id), of every account; only one asset type's symbol when `symbol` is
 * given. Read in pages from one snapshot with a turn of the event loop between them (0029), as
 * arrays of values rather than Drizzle's rows: after an import these are 100,000 rows, whose
 * mapping into objects and back was most of the read's time.
 */
export function lotTrades(
  database: Database,
  userId: number,
  only?: { assetType: AssetType; symbol: string },
): Promise<LotTradeRow[]> {
  const [first, next] = [lotTradesPage(!!only, false), lotTradesPage(!!only, true)];
  const chosen = only ? [only.symbol, only.assetType] : [];
  return database.transaction(
    function* (): Work<LotTradeRow[]> {
      const read: LotTradeRow[] = [];
      // The lots keep these rows between reads (tax/kept-lots.ts): one string of each symbol
      // and kind, not the driver's copy per row.
      const symbols = new Map<string, string>();
      let last: LotTradeRow | undefined;
      for (;;) {
        const at = last && last.transactionDate.getTime();
        const rows = yield* rawValues<LotTradeValues>(
          last ? next : first,
          last ? [userId, ...chosen, at, at, last.id] : [userId, ...chosen],
        );
        for (const row of rows) {
          let symbol = symbols.get(row[4]);
          if (symbol === undefined) symbols.set(row[4], (symbol = row[4]));
          read.push({
            id: row[0],
            accountId: row[1],
            transactionDate: new Date(Number(row[2])),
            type: sharedKind(row[3]),
            symbol,
            transactionType: sharedKind(row[5]),
            quantity: fromStored(row[6]),
            price: fromStored(row[7]),
            fee: fromStored(row[8]),
            total: fromStored(row[9]),
            pairedId: row[10],
            lotSelections: readSelections(row[11]),
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
