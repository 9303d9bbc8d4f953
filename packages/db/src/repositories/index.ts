import type { Db } from "../client";
import { auditLogsRepository } from "./audit-logs";
import { clientLogsRepository } from "./client-logs";
import { idempotencyKeysRepository } from "./idempotency-keys";
import { mailOutboxRepository } from "./mail-outbox";
import { marketDataRepository } from "./market-data";
import { passwordResetTokensRepository } from "./password-reset-tokens";
import { portfolioRepository } from "./portfolio";
import { sessionsRepository } from "./sessions";
import { storedMoversRepository } from "./stored-movers";
import { transactionsRepository } from "./transactions";
import { usersRepository } from "./users";
import { cryptoWatchlistRepository, stockWatchlistRepository } from "./watchlists";

/** Every data access the API makes goes through these; signatures are async on purpose. */
export function createRepositories(db: Db) {
  return {
    users: usersRepository(db),
    sessions: sessionsRepository(db),
    passwordResetTokens: passwordResetTokensRepository(db),
    auditLogs: auditLogsRepository(db),
    mailOutbox: mailOutboxRepository(db),
    clientLogs: clientLogsRepository(db),
    marketData: marketDataRepository(db),
    stockWatchlist: stockWatchlistRepository(db),
    cryptoWatchlist: cryptoWatchlistRepository(db),
    portfolio: portfolioRepository(db),
    storedMovers: storedMoversRepository(db),
    transactions: transactionsRepository(db),
    idempotencyKeys: idempotencyKeysRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

export type { NewUser } from "./users";
export type { NewSession } from "./sessions";
export type { NewAuditLog, AuditLogFilter, AuditLogPageRequest } from "./audit-logs";
export type { NewMail } from "./mail-outbox";
export type { NewClientLog } from "./client-logs";
export type { IdempotencyClaim, IdempotencyClaimRequest } from "./idempotency-keys";
export type { Position, Transaction, TradeRequest, BuyRequest, TradeOutcome } from "./portfolio";
export {
  decodeTransactionCursor,
  encodeTransactionCursor,
  explainTransactionQueries,
} from "./transactions";
export type {
  HeldPosition,
  Trade,
  TransactionBatch,
  TransactionBatchRequest,
  TransactionCursor,
  TransactionFilter,
  TransactionOrder,
  TransactionPage,
  TransactionPageRequest,
} from "./transactions";
