/**
 * The PostgreSQL twin of ../schema (SQLite): the same tables, columns, nullability, keys and
 * indexes, kept equal by test/schema-parity.test.ts. Type choices:
 * - instants are epoch milliseconds in `bigint`, as on SQLite, so keyset cursors, placeholders
 *   and hand-written queries carry the same numbers on both;
 * - money and quantities are `numeric` (exact, never float); fixed-width decimal text goes in and
 *   the repositories read it back through `fromStored`, so the domain sees the same strings;
 * - JSON is `jsonb`, booleans are `boolean`.
 */
import { apiKeyScopes, costBasisMethods } from "@ledgerline/contracts";
import type {
  ClassificationOverride,
  CompanyDetails,
  CryptoQuote,
  ImportMapping,
  MarketMovers,
  StockSnapshot,
  TargetDimension,
} from "@ledgerline/contracts";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  alertConditions,
  alertRepeats,
  alertStates,
  assetTypes,
  cashActivityKinds,
  incomeTypes,
  idempotencyStates,
  investmentAccountTypes,
  notificationKinds,
  transactionHistoryIndexes,
  transactionTypes,
  type StoredTarget,
} from "../schema";

/** An instant as epoch milliseconds, read and written as a Date. */
const instant = customType<{ data: Date; driverData: number | string }>({
  dataType: () => "bigint",
  toDriver: (value) => value.getTime(),
  fromDriver: (value) => new Date(Number(value)),
});

const id = () => integer("id").primaryKey().generatedByDefaultAsIdentity();

export const users = pgTable("users", {
  id: id(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  passwordHash: text("password_hash").notNull(),
  isAdmin: boolean("is_admin").notNull().default(false),
  createdAt: instant("created_at").notNull(),
  lastLoginAt: instant("last_login_at"),
  previousLoginAt: instant("previous_login_at"),
  numberOfLogins: integer("number_of_logins").notNull().default(0),
  failedLogins: integer("failed_logins").notNull().default(0),
});

/** A row's owner: the user whose data it is, whose deletion deletes the row. */
const ownerId = () =>
  integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const investmentAccounts = pgTable(
  "investment_accounts",
  {
    id: id(),
    userId: ownerId(),
    name: text("name").notNull(),
    type: text("type", { enum: investmentAccountTypes }).notNull(),
    institution: text("institution"),
    cashTracked: boolean("cash_tracked").notNull(),
    costBasisMethod: text("cost_basis_method", { enum: costBasisMethods })
      .notNull()
      .default("average"),
    displayOrder: integer("display_order").notNull(),
    isDefault: boolean("is_default").notNull(),
    createdAt: instant("created_at").notNull(),
  },
  (table) => [
    uniqueIndex("investment_accounts_user_name_idx").on(table.userId, table.name),
    uniqueIndex("investment_accounts_user_default_idx")
      .on(table.userId)
      .where(sql`${table.isDefault}`),
    index("investment_accounts_user_order_idx").on(table.userId, table.displayOrder),
  ],
);

/** The account a row belongs to (see ../schema/investment-accounts.ts). */
const accountId = () =>
  integer("account_id")
    .notNull()
    .references(() => investmentAccounts.id, { onDelete: "no action" });

export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: ownerId(),
    createdAt: instant("created_at").notNull(),
    lastSeenAt: instant("last_seen_at").notNull(),
    expiresAt: instant("expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: ownerId(),
    createdAt: instant("created_at").notNull(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
  },
  (table) => [index("password_reset_tokens_user_id_idx").on(table.userId)],
);

export const auditLogs = pgTable(
  "audit_logs",
  {
    id: id(),
    timestamp: instant("timestamp").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email"),
    event: text("event").notNull(),
    success: boolean("success").notNull(),
    ipAddress: text("ip_address"),
    failureReason: text("failure_reason"),
    details: text("details"),
  },
  (table) => [
    index("audit_logs_timestamp_idx").on(table.timestamp),
    index("audit_logs_email_timestamp_idx").on(table.email, table.timestamp),
    index("audit_logs_success_timestamp_idx").on(table.success, table.timestamp),
  ],
);

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    bodyText: text("body_text").notNull(),
    createdAt: instant("created_at").notNull(),
    transport: text("transport", { enum: ["smtp", "outbox"] }).notNull(),
    sentAt: instant("sent_at"),
    error: text("error"),
  },
  (table) => [index("mail_outbox_to_address_idx").on(table.toAddress, table.createdAt)],
);

export const clientLogs = pgTable(
  "client_logs",
  {
    id: id(),
    receivedAt: instant("received_at").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    level: text("level", { enum: ["info", "warn", "error"] }).notNull(),
    message: text("message").notNull(),
    context: text("context"),
    clientTimestamp: text("client_timestamp").notNull(),
    errorMessage: text("error_message"),
    errorStack: text("error_stack"),
    ipAddress: text("ip_address"),
  },
  (table) => [index("client_logs_received_at_idx").on(table.receivedAt)],
);

export const marketDailyBars = pgTable(
  "market_daily_bars",
  {
    source: text("source").notNull(),
    symbol: text("symbol").notNull(),
    date: text("date").notNull(),
    startsAt: bigint("starts_at", { mode: "number" }).notNull(),
    open: numeric("open").notNull(),
    high: numeric("high").notNull(),
    low: numeric("low").notNull(),
    close: numeric("close").notNull(),
    volume: doublePrecision("volume").notNull(),
  },
  (table) => [primaryKey({ columns: [table.source, table.symbol, table.date] })],
);

export const marketBarCoverage = pgTable(
  "market_bar_coverage",
  {
    source: text("source").notNull(),
    symbol: text("symbol").notNull(),
    fromDate: text("from_date").notNull(),
    toDate: text("to_date").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.source, table.symbol] })],
);

export const marketCompanyDetails = pgTable(
  "market_company_details",
  {
    source: text("source").notNull(),
    symbol: text("symbol").notNull(),
    details: jsonb("details").$type<CompanyDetails>().notNull(),
    fetchedAt: instant("fetched_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.source, table.symbol] })],
);

export const savedStocks = pgTable(
  "saved_stocks",
  {
    id: id(),
    userId: ownerId(),
    symbol: text("symbol").notNull(),
    companyName: text("company_name").notNull(),
    lastSnapshot: jsonb("last_snapshot").$type<StockSnapshot>(),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("saved_stocks_user_symbol_idx").on(table.userId, table.symbol),
    index("saved_stocks_symbol_idx").on(table.symbol),
  ],
);

export const savedCryptos = pgTable(
  "saved_cryptos",
  {
    id: id(),
    userId: ownerId(),
    symbol: text("symbol").notNull(),
    savedPrice: numeric("saved_price").notNull(),
    savedOpen: numeric("saved_open").notNull(),
    lastQuote: jsonb("last_quote").$type<CryptoQuote>(),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("saved_cryptos_user_symbol_idx").on(table.userId, table.symbol),
    index("saved_cryptos_symbol_idx").on(table.symbol),
  ],
);

export const positions = pgTable(
  "positions",
  {
    id: id(),
    userId: ownerId(),
    accountId: accountId(),
    assetType: text("asset_type", { enum: assetTypes }).notNull(),
    symbol: text("symbol").notNull(),
    quantity: numeric("quantity").notNull(),
    averagePrice: numeric("average_price").notNull(),
    openedAt: instant("opened_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("positions_user_account_asset_symbol_idx").on(
      table.userId,
      table.accountId,
      table.assetType,
      table.symbol,
    ),
    index("positions_asset_symbol_idx").on(table.assetType, table.symbol),
  ],
);

export const transactions = pgTable(
  "transactions",
  {
    id: id(),
    userId: ownerId(),
    accountId: accountId(),
    transactionDate: instant("transaction_date").notNull(),
    type: text("type", { enum: assetTypes }).notNull(),
    symbol: text("symbol").notNull(),
    transactionType: text("transaction_type", { enum: transactionTypes }).notNull(),
    quantity: numeric("quantity").notNull(),
    price: numeric("price").notNull(),
    total: numeric("total").notNull(),
    fee: numeric("fee").notNull().default("0"),
    lotSelections: text("lot_selections"),
    notes: text("notes"),
    pairedId: integer("paired_id"),
    requestKey: text("request_key"),
    createdAt: instant("created_at").notNull(),
  },
  // The same indexes as on SQLite (see ../schema/portfolio.ts for why these eight).
  (table) => [
    index("transactions_user_request_key_idx")
      .on(table.userId, table.requestKey)
      .where(sql`${table.requestKey} IS NOT NULL`),
    uniqueIndex("transactions_user_account_split_idx")
      .on(table.userId, table.accountId, table.symbol, table.transactionDate)
      .where(sql`${table.transactionType} = 'SPLIT'`),
    ...transactionHistoryIndexes.map(({ name, columns: [first, ...rest] }) =>
      index(name).on(table[first], ...rest.map((column) => table[column])),
    ),
  ],
);

export const storedMarketMovers = pgTable("stored_market_movers", {
  // Always row 1, written explicitly; like SQLite's INTEGER PRIMARY KEY it could number itself.
  id: id(),
  movers: jsonb("movers").$type<MarketMovers>().notNull(),
  storedAt: instant("stored_at").notNull(),
  storedBy: integer("stored_by").references(() => users.id, { onDelete: "set null" }),
});

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: id(),
    userId: ownerId(),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    state: text("state", { enum: idempotencyStates }).notNull(),
    lockedUntil: instant("locked_until"),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    createdAt: instant("created_at").notNull(),
  },
  (table) => [
    uniqueIndex("idempotency_keys_user_key_idx").on(table.userId, table.key),
    index("idempotency_keys_created_at_idx").on(table.createdAt),
  ],
);

export const alerts = pgTable(
  "alerts",
  {
    id: id(),
    userId: ownerId(),
    symbol: text("symbol").notNull(),
    assetType: text("asset_type", { enum: assetTypes }).notNull(),
    condition: text("condition", { enum: alertConditions }).notNull(),
    value: numeric("value").notNull(),
    note: text("note"),
    repeat: text("repeat", { enum: alertRepeats }).notNull(),
    state: text("state", { enum: alertStates }).notNull(),
    triggeredAt: instant("triggered_at"),
    triggeredPrice: numeric("triggered_price"),
    lastMailedAt: instant("last_mailed_at"),
    createdAt: instant("created_at").notNull(),
  },
  (table) => [
    index("alerts_user_idx").on(table.userId, table.id),
    index("alerts_asset_symbol_idx").on(table.assetType, table.symbol),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: ownerId(),
    kind: text("kind", { enum: notificationKinds }).notNull(),
    message: text("message").notNull(),
    createdAt: instant("created_at").notNull(),
    readAt: instant("read_at"),
    alertId: integer("alert_id").references(() => alerts.id, { onDelete: "set null" }),
  },
  (table) => [index("notifications_user_idx").on(table.userId, table.id)],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    userId: ownerId(),
    name: text("name").notNull(),
    scope: text("scope", { enum: apiKeyScopes }).notNull(),
    keyHash: text("key_hash").notNull().unique(),
    keyStart: text("key_start").notNull(),
    createdAt: instant("created_at").notNull(),
    lastUsedAt: instant("last_used_at"),
    expiresAt: instant("expires_at"),
  },
  (table) => [index("api_keys_user_id_idx").on(table.userId)],
);

export const mfaCredentials = pgTable("mfa_credentials", {
  id: id(),
  userId: integer("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  createdAt: instant("created_at").notNull(),
  enabledAt: instant("enabled_at"),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
});

export const mfaRecoveryCodes = pgTable(
  "mfa_recovery_codes",
  {
    id: id(),
    userId: ownerId(),
    codeHash: text("code_hash").notNull(),
    usedAt: instant("used_at"),
  },
  (table) => [index("mfa_recovery_codes_user_id_idx").on(table.userId)],
);

export const mfaChallenges = pgTable(
  "mfa_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: ownerId(),
    createdAt: instant("created_at").notNull(),
    expiresAt: instant("expires_at").notNull(),
  },
  (table) => [index("mfa_challenges_user_id_idx").on(table.userId)],
);

export const incomeEntries = pgTable(
  "income_entries",
  {
    id: id(),
    userId: ownerId(),
    accountId: accountId(),
    type: text("type", { enum: incomeTypes }).notNull(),
    symbol: text("symbol").notNull(),
    exDate: text("ex_date").notNull(),
    payDate: text("pay_date").notNull(),
    quantity: numeric("quantity").notNull(),
    amountPerShare: numeric("amount_per_share").notNull(),
    total: numeric("total").notNull(),
    manual: boolean("manual").notNull(),
    deletedAt: instant("deleted_at"),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("income_entries_user_account_dividend_idx").on(
      table.userId,
      table.accountId,
      table.type,
      table.symbol,
      table.exDate,
    ),
    index("income_entries_user_pay_date_idx").on(table.userId, table.payDate),
  ],
);

export const holdingSnapshots = pgTable(
  "holding_snapshots",
  {
    userId: ownerId(),
    assetType: text("asset_type", { enum: assetTypes }).notNull(),
    symbol: text("symbol").notNull(),
    day: text("day").notNull(),
    until: text("until").notNull(),
    quantity: numeric("quantity").notNull(),
    averagePrice: numeric("average_price").notNull(),
    lastPrice: numeric("last_price"),
    realized: numeric("realized").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.assetType, table.symbol, table.day] }),
    index("holding_snapshots_user_until_idx").on(table.userId, table.until),
  ],
);

export const portfolioDays = pgTable(
  "portfolio_days",
  {
    userId: ownerId(),
    day: text("day").notNull(),
    stockValue: numeric("stock_value").notNull(),
    cryptoValue: numeric("crypto_value").notNull(),
    costBasis: numeric("cost_basis").notNull(),
    flow: numeric("flow").notNull(),
    realized: numeric("realized").notNull(),
    growth: numeric("growth").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** Each holding at each day's close (see ../schema/snapshots.ts). */
export const holdingDays = pgTable(
  "holding_days",
  {
    userId: ownerId(),
    day: text("day").notNull(),
    assetType: text("asset_type", { enum: assetTypes }).notNull(),
    symbol: text("symbol").notNull(),
    value: numeric("value").notNull(),
    costBasis: numeric("cost_basis").notNull(),
    flow: numeric("flow").notNull(),
    realized: numeric("realized").notNull(),
    growth: numeric("growth").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day, table.assetType, table.symbol] })],
);

export const portfolioSnapshotStates = pgTable(
  "portfolio_snapshot_states",
  {
    userId: ownerId(),
    staleFrom: text("stale_from"),
    valuedThrough: text("valued_through"),
    /** The day of the user's first trade (null: none). */
    firstDay: text("first_day"),
    staleHoldings: text("stale_holdings"),
    version: integer("version").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId] })],
);

/** Saved 'Other CSV' column mappings (see ../schema/import-mappings.ts). */
export const importMappings = pgTable(
  "import_mappings",
  {
    id: id(),
    userId: ownerId(),
    name: text("name").notNull(),
    mapping: jsonb("mapping").$type<ImportMapping>().notNull(),
    createdAt: instant("created_at").notNull(),
  },
  (table) => [uniqueIndex("import_mappings_user_name_idx").on(table.userId, table.name)],
);

/** A person's classification of a symbol (see ../schema/classification-overrides.ts). */
export const classificationOverrides = pgTable(
  "classification_overrides",
  {
    id: id(),
    userId: ownerId(),
    assetType: text("asset_type", { enum: assetTypes }).notNull(),
    symbol: text("symbol").notNull(),
    override: jsonb("override").$type<ClassificationOverride>().notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("classification_overrides_user_symbol_idx").on(
      table.userId,
      table.assetType,
      table.symbol,
    ),
  ],
);

/** A person's target mix for one dimension (see ../schema/portfolio-targets.ts). */
export const portfolioTargets = pgTable(
  "portfolio_targets",
  {
    id: id(),
    userId: ownerId(),
    by: text("by").$type<TargetDimension>().notNull(),
    targets: jsonb("targets").$type<StoredTarget[]>().notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (table) => [uniqueIndex("portfolio_targets_user_by_idx").on(table.userId, table.by)],
);

/** A person's drift alert on a target mix (see ../schema/drift-alerts.ts). */
export const driftAlerts = pgTable(
  "drift_alerts",
  {
    id: id(),
    userId: ownerId(),
    by: text("by").$type<TargetDimension>().notNull(),
    points: numeric("points").notNull(),
    repeat: text("repeat", { enum: alertRepeats }).notNull(),
    state: text("state", { enum: alertStates }).notNull(),
    triggeredAt: instant("triggered_at"),
    triggeredDrift: numeric("triggered_drift"),
    lastMailedAt: instant("last_mailed_at"),
    createdAt: instant("created_at").notNull(),
  },
  (table) => [uniqueIndex("drift_alerts_user_by_idx").on(table.userId, table.by)],
);

/** Cash into or out of an account (see ../schema/cash-activities.ts). */
export const cashActivities = pgTable(
  "cash_activities",
  {
    id: id(),
    userId: ownerId(),
    accountId: accountId(),
    kind: text("kind", { enum: cashActivityKinds }).notNull(),
    amount: numeric("amount").notNull(),
    date: text("date").notNull(),
    notes: text("notes"),
    transferId: integer("transfer_id"),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (table) => [
    index("cash_activities_user_account_date_idx").on(
      table.userId,
      table.accountId,
      table.date,
      table.id,
    ),
    index("cash_activities_user_date_idx").on(table.userId, table.date, table.id),
    index("cash_activities_transfer_idx")
      .on(table.transferId)
      .where(sql`${table.transferId} IS NOT NULL`),
  ],
);
