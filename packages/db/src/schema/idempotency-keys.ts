import type { ColumnKit } from "./kit";
import type { Owned } from "./investment-accounts";

export const idempotencyStates = ["in_flight", "completed"] as const;
export type IdempotencyState = (typeof idempotencyStates)[number];

export function idempotencyKeyTables(k: ColumnKit, refs: Owned) {
  /**
   * One row per idempotency key a user sent with a write: the request's fingerprint and, once the
   * write has been answered, the answer to replay. Rows older than a day are purged. Durable, so
   * a retry after a crash or on another process of the same database is still answered once.
   */
  const idempotencyKeys = k.table(
    "idempotency_keys",
    {
      id: k.id(),
      userId: refs.ownerId(),
      key: k.text("key").notNull(),
      /** SHA-256 of the door, operation and body: the same key with another request is refused. */
      fingerprint: k.text("fingerprint").notNull(),
      state: k.text("state", { enum: idempotencyStates }).notNull(),
      /**
       * While in flight: until when the request that holds the key counts as alive. A retry after
       * this (its process died) takes the key over.
       */
      lockedUntil: k.instant("locked_until"),
      responseStatus: k.integer("response_status"),
      /** The answer's JSON body, replayed as it was. */
      responseBody: k.text("response_body"),
      createdAt: k.instant("created_at").notNull(),
    },
    (table) => [
      k.uniqueIndex("idempotency_keys_user_key_idx").on(table.userId, table.key),
      k.index("idempotency_keys_created_at_idx").on(table.createdAt),
    ],
  );
  return { idempotencyKeys };
}
