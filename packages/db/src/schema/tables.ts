import { alertTables } from "./alerts";
import { apiKeyTables } from "./api-keys";
import { auditLogTables } from "./audit-logs";
import { cashActivityTables } from "./cash-activities";
import { classificationOverrideTables } from "./classification-overrides";
import { clientLogTables } from "./client-logs";
import { driftAlertTables } from "./drift-alerts";
import { idempotencyKeyTables } from "./idempotency-keys";
import { importJobTables } from "./import-jobs";
import { importMappingTables } from "./import-mappings";
import { incomeTables } from "./income";
import { investmentAccountTables } from "./investment-accounts";
import type { ColumnKit } from "./kit";
import { mailOutboxTables } from "./mail-outbox";
import { marketDataTables } from "./market-data";
import { mfaTables } from "./mfa";
import { passkeyTables } from "./passkeys";
import { passwordResetTokenTables } from "./password-reset-tokens";
import { portfolioTargetTables } from "./portfolio-targets";
import { portfolioTables } from "./portfolio";
import { sessionTables } from "./sessions";
import { singleSignOnTables } from "./single-sign-on";
import { snapshotTables } from "./snapshots";
import { storedMoverTables } from "./stored-movers";
import { userTables } from "./users";
import { watchlistTables } from "./watchlists";

/** Every table, in one dialect's columns (./kit.ts): written once for SQLite and PostgreSQL. */
export function defineTables(k: ColumnKit) {
  const { ownerId, ...people } = userTables(k);
  const owners = { ownerId, users: people.users };
  const { accountId, ...accounts } = investmentAccountTables(k, owners);
  const owned = { ...owners, accountId };
  return {
    ...people,
    ...accounts,
    ...sessionTables(k, owned),
    ...passwordResetTokenTables(k, owned),
    ...auditLogTables(k, owned),
    ...mailOutboxTables(k),
    ...clientLogTables(k, owned),
    ...marketDataTables(k),
    ...watchlistTables(k, owned),
    ...portfolioTables(k, owned),
    ...storedMoverTables(k, owned),
    ...idempotencyKeyTables(k, owned),
    ...alertTables(k, owned),
    ...apiKeyTables(k, owned),
    ...mfaTables(k, owned),
    ...passkeyTables(k, owned),
    ...incomeTables(k, owned),
    ...snapshotTables(k, owned),
    ...importMappingTables(k, owned),
    ...importJobTables(k, owned),
    ...cashActivityTables(k, owned),
    ...classificationOverrideTables(k, owned),
    ...portfolioTargetTables(k, owned),
    ...driftAlertTables(k, owned),
    ...singleSignOnTables(k, owned),
  };
}
