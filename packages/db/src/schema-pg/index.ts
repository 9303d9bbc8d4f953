/**
 * The PostgreSQL twin of ../schema (SQLite): the same table definitions (../schema/tables.ts)
 * built with PostgreSQL's column kit (./kit.ts), kept equal by test/schema-parity.test.ts. Types:
 * - instants are epoch milliseconds in `bigint`, as on SQLite, so keyset cursors, placeholders
 *   and hand-written queries carry the same numbers on both;
 * - money and quantities are `numeric` (exact, never float); fixed-width decimal text goes in and
 *   the repositories read it back through `fromStored`, so the domain sees the same strings;
 * - JSON is `jsonb`, booleans are `boolean`.
 */
import { defineTables } from "../schema/tables";
import { pgColumns } from "./kit";

/** drizzle-kit reads the tables from these named exports. */
const pg = defineTables(pgColumns);
export const { users, investmentAccounts, sessions, passwordResetTokens, auditLogs } = pg;
export const { mailOutbox, clientLogs, marketDailyBars, marketBarCoverage } = pg;
export const { marketCompanyDetails, savedStocks, savedCryptos, positions } = pg;
export const { transactions, storedMarketMovers, idempotencyKeys, alerts } = pg;
export const { notifications, apiKeys, mfaCredentials, mfaRecoveryCodes, mfaChallenges } = pg;
export const { incomeEntries, holdingSnapshots, portfolioDays, holdingDays } = pg;
export const { portfolioSnapshotStates, importMappings, cashActivities } = pg;
export const { classificationOverrides, portfolioTargets, driftAlerts, importJobs } = pg;
export const { ssoIdentities, appSettings, ssoSignIns } = pg;
export const { passkeys } = pg;
