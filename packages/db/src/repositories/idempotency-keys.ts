import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../client";
import { idempotencyKeys } from "../schema";

export interface IdempotencyClaimRequest {
  userId: number;
  key: string;
  fingerprint: string;
  now: Date;
  /** How long a request holding the key counts as alive before a retry may take it over. */
  leaseMs: number;
  /** Older rows are as good as gone: the key may start afresh. */
  maxAgeMs: number;
}

export type IdempotencyClaim =
  /** The caller holds the key now and must complete or release it. */
  | { kind: "claimed" }
  | { kind: "answered"; status: number; body: string }
  | { kind: "in_flight" }
  | { kind: "fingerprint_mismatch" };

/**
 * Idempotency keys: claiming one is a single immediate transaction, so two requests with the
 * same key (on any process of the same database) never both hold it.
 */
export function idempotencyKeysRepository(db: Db) {
  const byUserAndKey = (userId: number, key: string) =>
    and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  return {
    async claim(request: IdempotencyClaimRequest): Promise<IdempotencyClaim> {
      const { userId, key, fingerprint, now } = request;
      const lockedUntil = new Date(now.getTime() + request.leaseMs);
      return db.transaction(
        (tx) => {
          let row = tx.select().from(idempotencyKeys).where(byUserAndKey(userId, key)).get();
          if (row && row.createdAt.getTime() <= now.getTime() - request.maxAgeMs) {
            tx.delete(idempotencyKeys).where(eq(idempotencyKeys.id, row.id)).run();
            row = undefined;
          }
          if (!row) {
            tx.insert(idempotencyKeys)
              .values({ userId, key, fingerprint, state: "in_flight", lockedUntil, createdAt: now })
              .run();
            return { kind: "claimed" } as const;
          }
          if (row.fingerprint !== fingerprint) return { kind: "fingerprint_mismatch" } as const;
          if (row.state === "completed") {
            return {
              kind: "answered",
              status: row.responseStatus ?? 200,
              body: row.responseBody ?? "null",
            } as const;
          }
          if (row.lockedUntil && row.lockedUntil.getTime() > now.getTime()) {
            return { kind: "in_flight" } as const;
          }
          // The request that held the key stopped answering (its process died): take it over.
          tx.update(idempotencyKeys)
            .set({ lockedUntil })
            .where(eq(idempotencyKeys.id, row.id))
            .run();
          return { kind: "claimed" } as const;
        },
        { behavior: "immediate" },
      );
    },

    /** Extends a running request's hold on its key. */
    async renew(userId: number, key: string, lockedUntil: Date): Promise<void> {
      db.update(idempotencyKeys)
        .set({ lockedUntil })
        .where(and(byUserAndKey(userId, key), eq(idempotencyKeys.state, "in_flight")))
        .run();
    },

    /** Stores the answer to replay for the rest of the key's life. */
    async complete(userId: number, key: string, status: number, body: string): Promise<void> {
      db.update(idempotencyKeys)
        .set({ state: "completed", lockedUntil: null, responseStatus: status, responseBody: body })
        .where(and(byUserAndKey(userId, key), eq(idempotencyKeys.state, "in_flight")))
        .run();
    },

    /** Gives the key up without an answer (a fault): a retry runs the request again. */
    async release(userId: number, key: string): Promise<void> {
      db.delete(idempotencyKeys)
        .where(and(byUserAndKey(userId, key), eq(idempotencyKeys.state, "in_flight")))
        .run();
    },

    async deleteCreatedBefore(cutoff: Date): Promise<number> {
      return db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)).run().changes;
    },
  };
}

export type IdempotencyKeysRepository = ReturnType<typeof idempotencyKeysRepository>;
