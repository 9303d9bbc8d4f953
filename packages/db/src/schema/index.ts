import { sqliteColumns } from "./kit";
import { defineTables } from "./tables";

export * from "./alerts";
export * from "./cash-activities";
export * from "./idempotency-keys";
export * from "./import-jobs";
export * from "./income";
export * from "./investment-accounts";
export * from "./portfolio";
export * from "./portfolio-targets";
export * from "./snapshots";

/** The SQLite tables (drizzle-kit reads them from these named exports). */
const sqlite = defineTables(sqliteColumns);
export const { users, investmentAccounts, sessions, passwordResetTokens, auditLogs } = sqlite;
export const { mailOutbox, clientLogs, marketDailyBars, marketBarCoverage } = sqlite;
export const { marketCompanyDetails, savedStocks, savedCryptos, positions } = sqlite;
export const { transactions, storedMarketMovers, idempotencyKeys, alerts } = sqlite;
export const { notifications, apiKeys, mfaCredentials, mfaRecoveryCodes, mfaChallenges } = sqlite;
export const { incomeEntries, holdingSnapshots, portfolioDays, holdingDays } = sqlite;
export const { portfolioSnapshotStates, importMappings, cashActivities } = sqlite;
export const { classificationOverrides, portfolioTargets, driftAlerts, importJobs } = sqlite;
export const { ssoIdentities, appSettings, ssoSignIns } = sqlite;
export const { passkeys } = sqlite;

export type UserRow = typeof users.$inferSelect;
export type InvestmentAccountRow = typeof investmentAccounts.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AuditLogRow = typeof auditLogs.$inferSelect;
export type MailRow = typeof mailOutbox.$inferSelect;
export type MarketDailyBarRow = typeof marketDailyBars.$inferSelect;
export type SavedStockRow = typeof savedStocks.$inferSelect;
export type SavedCryptoRow = typeof savedCryptos.$inferSelect;
export type PositionRow = typeof positions.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
export type AlertRow = typeof alerts.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type MfaCredentialRow = typeof mfaCredentials.$inferSelect;
export type PasskeyRow = typeof passkeys.$inferSelect;
export type IncomeEntryRow = typeof incomeEntries.$inferSelect;
export type ImportMappingRow = typeof importMappings.$inferSelect;
export type ImportJobRow = typeof importJobs.$inferSelect;
export type CashActivityRow = typeof cashActivities.$inferSelect;
export type ClassificationOverrideRow = typeof classificationOverrides.$inferSelect;
export type DriftAlertRow = typeof driftAlerts.$inferSelect;
export type SsoIdentityRow = typeof ssoIdentities.$inferSelect;
