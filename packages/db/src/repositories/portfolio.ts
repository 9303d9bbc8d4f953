import type { Database } from "../database";
import type { AssetType } from "../schema";
import { lotTrades, listTransactions } from "./portfolio/history";
import { importTrades } from "./portfolio/import";
import {
  discardImportJobRows,
  finishImportJobRows,
  writeImportJobBatch,
  type ImportJobBatch,
  type ImportJobFinish,
} from "./portfolio/import-job-rows";
import { positionReads } from "./portfolio/positions";
import type { BuyRequest, ImportRequest, TradeRequest } from "./portfolio/rows";
import { symbolReads } from "./portfolio/symbols";
import { buy, sell } from "./portfolio/trade";

export * from "./portfolio/rows";
export type {
  ImportJobBatch,
  ImportJobBatchOutcome,
  ImportJobFinish,
  ImportJobFinishOutcome,
} from "./portfolio/import-job-rows";

/**
 * Positions and their transactions. Each buy or sell reads the position, applies the
 * average-cost rules and writes both rows in one write transaction. Trades of one user are
 * serialised (SQLite: its single writer; PostgreSQL: the user's row locked FOR UPDATE), so
 * concurrent sells, from any process, can never take a position below zero.
 */
export function portfolioRepository(database: Database) {
  return {
    ...positionReads(database),
    /** Buys into a position of the user (by id, or by symbol in the account), opening it if need be. */
    buy: (request: BuyRequest) => buy(database, request),
    /** Sells from a position of the user; selling everything closes (deletes) the position. */
    sell: (request: TradeRequest & { positionId: number }) => sell(database, request),
    /** Applies an import's trades, dividends and cash in one transaction, all or none. */
    importTrades: (request: ImportRequest) => importTrades(database, request),
    /** One batch of an import job's rows, in a transaction of its own (decision 0059). */
    writeImportJobBatch: (batch: ImportJobBatch) => writeImportJobBatch(database, batch),
    /** An import job's last transaction: its trades onto the positions, the job done. */
    finishImportJobRows: (request: ImportJobFinish) => finishImportJobRows(database, request),
    /** Removes every row an import job that did not end done wrote. */
    discardImportJobRows: (request: { userId: number; jobId: number }) =>
      discardImportJobRows(database, request),
    ...symbolReads(database),
    /** The user's trades for the tax lot replay, oldest first (see portfolio/history.ts). */
    lotTrades: (userId: number, only?: { assetType: AssetType; symbol: string }) =>
      lotTrades(database, userId, only),
    /** A user's transactions, newest first, read in pages from one snapshot. */
    transactions: (userId: number, accountId?: number) =>
      listTransactions(database, userId, accountId),
  };
}

export type PortfolioRepository = ReturnType<typeof portfolioRepository>;
