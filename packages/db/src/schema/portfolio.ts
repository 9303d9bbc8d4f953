import { sql } from "drizzle-orm";
import type { Owned } from "./investment-accounts";
import type { ColumnKit } from "./kit";

export const assetTypes = ["STOCK", "CRYPTO"] as const;
export type AssetType = (typeof assetTypes)[number];
/**
 * SPLIT rows record a stock split applied to the position (see repositories/corporate-actions.ts).
 * TRANSFER_OUT and TRANSFER_IN are the two rows of a holding moved between two of the user's
 * accounts (repositories/transfers.ts, decision 0033): the same quantity, date and price (the
 * average cost per unit the holding carried), each naming the other in `pairedId`; no gain is
 * realized and no money moves.
 */
export const transactionTypes = ["BUY", "SELL", "SPLIT", "TRANSFER_IN", "TRANSFER_OUT"] as const;
export type TransactionType = (typeof transactionTypes)[number];

type TransactionColumn =
  | "userId"
  | "transactionDate"
  | "type"
  | "symbol"
  | "transactionType"
  | "quantity"
  | "price"
  | "total"
  | "accountId"
  | "id";

/** The transaction history's indexes (see below), as column lists both dialects' schemas build. */
interface HistoryIndex {
  name: string;
  columns: [TransactionColumn, ...TransactionColumn[]];
}

export const transactionHistoryIndexes: HistoryIndex[] = [
  {
    name: "transactions_user_date_idx",
    columns: ["userId", "transactionDate", "type", "transactionType", "id", "accountId"],
  },
  {
    name: "transactions_user_symbol_date_idx",
    columns: ["userId", "symbol", "transactionDate", "type", "transactionType", "id", "accountId"],
  },
  ...(["quantity", "price", "total"] as const).flatMap((column): HistoryIndex[] => [
    {
      name: `transactions_user_${column}_idx`,
      columns: [
        "userId",
        column,
        "transactionDate",
        "type",
        "transactionType",
        "symbol",
        "id",
        "accountId",
      ],
    },
    {
      name: `transactions_user_symbol_${column}_idx`,
      columns: [
        "userId",
        "symbol",
        column,
        "transactionDate",
        "type",
        "transactionType",
        "id",
        "accountId",
      ],
    },
  ]),
];

export function portfolioTables(k: ColumnKit, refs: Owned) {
  /**
   * One position per account, asset type and symbol. Quantities and prices are exact decimals stored
   * as fixed-width text (see @ledgerline/money `toStored`), so text order is numeric order.
   */
  const positions = k.table(
    "positions",
    {
      id: k.id(),
      userId: refs.ownerId(),
      accountId: refs.accountId(),
      assetType: k.text("asset_type", { enum: assetTypes }).notNull(),
      symbol: k.text("symbol").notNull(),
      quantity: k.decimal("quantity").notNull(),
      /** Average cost per unit, to 16 decimals. */
      averagePrice: k.decimal("average_price").notNull(),
      openedAt: k.instant("opened_at").notNull(),
      updatedAt: k.instant("updated_at").notNull(),
    },
    (table) => [
      k
        .uniqueIndex("positions_user_account_asset_symbol_idx")
        .on(table.userId, table.accountId, table.assetType, table.symbol),
      k.index("positions_asset_symbol_idx").on(table.assetType, table.symbol),
    ],
  );

  /** Every buy and sell, written in the same database transaction as the position it changes. */
  const transactions = k.table(
    "transactions",
    {
      id: k.id(),
      userId: refs.ownerId(),
      accountId: refs.accountId(),
      transactionDate: k.instant("transaction_date").notNull(),
      type: k.text("type", { enum: assetTypes }).notNull(),
      symbol: k.text("symbol").notNull(),
      transactionType: k.text("transaction_type", { enum: transactionTypes }).notNull(),
      quantity: k.decimal("quantity").notNull(),
      price: k.decimal("price").notNull(),
      /** quantity x price, exact; the fee is apart (a buy's cost is total + fee, a sell's proceeds total - fee). */
      total: k.decimal("total").notNull(),
      /** The commission or fee paid on the trade (0 when none; SPLIT rows always 0). */
      fee: k.decimal("fee").notNull().default(k.zero),
      /**
       * A sell's named lots (issue 32) as JSON, `[{"lotId":"12","quantity":"5"}]`, so replaying the
       * log sells the same lots; null when the account's method picked them.
       */
      lotSelections: k.text("lot_selections"),
      notes: k.text("notes"),
      /** A transfer's row: the id of its other row (TRANSFER_OUT <-> TRANSFER_IN); null otherwise. */
      pairedId: k.integer("paired_id"),
      /**
       * The idempotency key of the request that made this trade, if it sent one: a retry whose
       * first attempt committed but was never answered finds its trade here instead of trading
       * again.
       */
      requestKey: k.text("request_key"),
      /**
       * The import job that wrote the row (decision 0059): its rows are written batch by batch, so
       * a cancel, a failure or a retry removes exactly these while the job has not ended.
       */
      importJobId: k.integer("import_job_id"),
      createdAt: k.instant("created_at").notNull(),
    },
    /**
     * The transaction history filters by symbol, asset type, side and a date range and sorts by any
     * of seven columns (repositories/transactions.ts); every combination must read as an ordered
     * index range, never a sort. Eight indexes do it:
     * - date, and symbol then date: the date sort (the symbol filter's too) and the symbol sort;
     * - quantity, price and total (decimals are fixed-width text, so text order is numeric order),
     *   and the same three after the symbol, since the symbol is the one selective filter: a
     *   symbol held rarely in a long history would otherwise mean scanning all of it.
     * The asset type and side sorts have two values each, so they read as two date-ordered runs
     * and need no index of their own. Each index ends in the filter columns it does not lead with,
     * so those filters are checked inside the index without touching the table, and then in the id:
     * a page is ordered by the sort column and the id, and PostgreSQL (whose indexes, unlike
     * SQLite's, do not end in the row id) would otherwise sort each run of equal keys. An index per
     * filter-and-sort pair (dozens) would cost far more writes and disk for no gain.
     */
    (table) => [
      k
        .index("transactions_user_request_key_idx")
        .on(table.userId, table.requestKey)
        .where(sql`${table.requestKey} IS NOT NULL`),
      // A split is applied to an account's position once: one SPLIT row per symbol and ex-date.
      k
        .uniqueIndex("transactions_user_account_split_idx")
        .on(table.userId, table.accountId, table.symbol, table.transactionDate)
        .where(sql`${table.transactionType} = 'SPLIT'`),
      k
        .index("transactions_import_job_idx")
        .on(table.importJobId)
        .where(sql`${table.importJobId} IS NOT NULL`),
      ...transactionHistoryIndexes.map(({ name, columns: [first, ...rest] }) =>
        k.index(name).on(table[first], ...rest.map((column) => table[column])),
      ),
    ],
  );

  return { positions, transactions };
}
