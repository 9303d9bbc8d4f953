import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ownerId } from "./users";

export const idempotencyStates = ["in_flight", "completed"] as const;
export type IdempotencyState = (typeof idempotencyStates)[number];

/**
 * One row per idempotency key a user sent with a write: the request's fingerprint and, once the
 * write has been answered, the answer to replay. Rows older than a day are purged. Durable, so
 * a retry after a crash or on another process of the same database is still answered once.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownerId(),
    key: text("key").notNull(),
    /** SHA-256 of the door, operation and body: the same key with another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    state: text("state", { enum: idempotencyStates }).notNull(),
    /**
     * While in flight: until when the request that holds the key counts as alive. A retry after
     * this (its process died) takes the key over.
     */
    lockedUntil: integer("locked_until", { mode: "timestamp_ms" }),
    responseStatus: integer("response_status"),
    /** The answer's JSON body, replayed as it was. */
    responseBody: text("response_body"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    uniqueIndex("idempotency_keys_user_key_idx").on(table.userId, table.key),
    index("idempotency_keys_created_at_idx").on(table.createdAt),
  ],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
