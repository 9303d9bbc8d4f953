import type { Database } from "../database";
import { alertsRepository, notificationsRepository } from "./alerts";
import { apiKeysRepository } from "./api-keys";
import { auditLogsRepository } from "./audit-logs";
import { cashActivitiesRepository } from "./cash-activities";
import { clientLogsRepository } from "./client-logs";
import { corporateActionsRepository } from "./corporate-actions";
import { idempotencyKeysRepository } from "./idempotency-keys";
import { importJobsRepository } from "./import-jobs";
import { importMappingsRepository } from "./import-mappings";
import { classificationOverridesRepository } from "./classification-overrides";
import { portfolioTargetsRepository } from "./portfolio-targets";
import { driftAlertsRepository } from "./drift-alerts";
import { investmentAccountsRepository } from "./investment-accounts";
import { mailOutboxRepository } from "./mail-outbox";
import { mfaRepository } from "./mfa";
import { marketDataRepository } from "./market-data";
import { passkeysRepository } from "./passkeys";
import { passwordResetTokensRepository } from "./password-reset-tokens";
import { portfolioRepository } from "./portfolio";
import { transfersRepository } from "./transfers";
import { sessionsRepository } from "./sessions";
import {
  appSettingsRepository,
  ssoIdentitiesRepository,
  ssoSignInsRepository,
} from "./single-sign-on";
import { snapshotsRepository } from "./snapshots";
import { storedMoversRepository } from "./stored-movers";
import { transactionsRepository } from "./transactions";
import { usersRepository } from "./users";
import { cryptoWatchlistRepository, stockWatchlistRepository } from "./watchlists";

/** Every data access the API makes goes through these; signatures are async on purpose. */
export function createRepositories(database: Database) {
  return {
    users: usersRepository(database),
    investmentAccounts: investmentAccountsRepository(database),
    cash: cashActivitiesRepository(database),
    sessions: sessionsRepository(database),
    passwordResetTokens: passwordResetTokensRepository(database),
    auditLogs: auditLogsRepository(database),
    mailOutbox: mailOutboxRepository(database),
    clientLogs: clientLogsRepository(database),
    marketData: marketDataRepository(database),
    stockWatchlist: stockWatchlistRepository(database),
    cryptoWatchlist: cryptoWatchlistRepository(database),
    portfolio: portfolioRepository(database),
    transfers: transfersRepository(database),
    storedMovers: storedMoversRepository(database),
    transactions: transactionsRepository(database),
    idempotencyKeys: idempotencyKeysRepository(database),
    corporateActions: corporateActionsRepository(database),
    alerts: alertsRepository(database),
    notifications: notificationsRepository(database),
    apiKeys: apiKeysRepository(database),
    mfa: mfaRepository(database),
    passkeys: passkeysRepository(database),
    snapshots: snapshotsRepository(database),
    importMappings: importMappingsRepository(database),
    importJobs: importJobsRepository(database),
    classificationOverrides: classificationOverridesRepository(database),
    portfolioTargets: portfolioTargetsRepository(database),
    driftAlerts: driftAlertsRepository(database),
    ssoIdentities: ssoIdentitiesRepository(database),
    appSettings: appSettingsRepository(database),
    ssoSignIns: ssoSignInsRepository(database),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

export type { NewUser } from "./users";
export { RUNNING_IMPORT_STATUSES, type ImportJob } from "./import-jobs";
export type { NewPasskey } from "./passkeys";
export type {
  AccountActivity,
  AccountDeleteOutcome,
  AccountWriteOutcome,
  IncomeToMerge,
  InvestmentAccount,
  InvestmentAccountChanges,
  InvestmentAccountFields,
  MoveRules,
} from "./investment-accounts";
export { insertCashActivities, writeCashTransfer } from "./cash-activities";
export type {
  CashActivity as CashActivityRecord,
  CashActivityFields,
  CashFilter,
  CashSums,
  CashTransferFields,
  CashTransferOutcome,
  CashTransferRows,
  CashWriteOutcome,
} from "./cash-activities";
export { markSnapshotsStale, snapshotDay } from "./snapshots";
export type {
  HoldingDay,
  HoldingSnapshot,
  PortfolioDay,
  SnapshotRebuild,
  SnapshotState,
} from "./snapshots";
export type { NewSession } from "./sessions";
export type { NewSsoIdentity } from "./single-sign-on";
export type { NewApiKey } from "./api-keys";
export type { NewAuditLog, AuditLogFilter, AuditLogPageRequest } from "./audit-logs";
export type { NewMail } from "./mail-outbox";
export type { Alert, AlertCreation, NewAlert } from "./alerts";
export type { DriftAlert } from "./drift-alerts";
export type { NewClientLog } from "./client-logs";
export type { ImportMappingSave, SavedImportMapping } from "./import-mappings";
export type { StoredClassificationOverride } from "./classification-overrides";
export type { IdempotencyClaim, IdempotencyClaimRequest } from "./idempotency-keys";
export type {
  Position,
  Transaction,
  TradeRequest,
  BuyRequest,
  TradeOutcome,
  ImportedTrade,
  ImportedCash,
  TradeImportOutcome,
  ImportJobBatch,
  ImportJobBatchOutcome,
  ImportJobFinish,
  ImportJobFinishOutcome,
  LotSelectionRow,
  LotTradeRow,
} from "./portfolio";
export { applyHoldingRow } from "./transfers";
export type { HoldingTransferOutcome, HoldingTransferRequest } from "./transfers";
export type {
  ApplyCorporateActionsOutcome,
  CorporateActionWrites,
  DividendToApply,
  IncomeEntry,
  PaidIncome,
  IncomeFields,
  IncomeWriteOutcome,
  ReplayRow,
  ReplayTarget,
  SplitRowFigures,
  SplitRowWrite,
  SplitToApply,
} from "./corporate-actions";
export {
  decodeTransactionCursor,
  encodeTransactionCursor,
  explainPostgresTransactionQueries,
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
