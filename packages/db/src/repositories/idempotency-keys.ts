import { and, eq, lt } from "drizzle-orm";
import { all, changes, locked, type Database } from "../database";

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
 * Idempotency keys: claiming one is a single write transaction that inserts the key or, when it
 * exists, locks its row before deciding; so two requests with the same key (on any process of the
 * same database) never both hold it.
 */
export function idempotencyKeysRepository(database: Database) {
  return { ...idempotencyClaims(database), ...idempotencyKeyLife(database) };
}

/** Claiming a key: the first request runs, later ones wait or replay. */
function idempotencyClaims(database: Database) {
  const { idempotencyKeys } = database.tables;
  const byUserAndKey = (userId: number, key: string) =>
    and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  return {
    async claim(request: IdempotencyClaimRequest): Promise<IdempotencyClaim> {
      const { userId, key, fingerprint, now } = request;
      const lockedUntil = new Date(now.getTime() + request.leaseMs);
      const fresh = {
        fingerprint,
        state: "in_flight" as const,
        lockedUntil,
        responseStatus: null,
        responseBody: null,
        createdAt: now,
      };
      return database.transaction(function* (tx) {
        // A new key is inserted; an existing one stays as it is (INSERT ... ON CONFLICT).
        const inserted = yield* all(
          tx
            .insert(idempotencyKeys)
            .values({ userId, key, ...fresh })
            .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.key] })
            .returning({ id: idempotencyKeys.id }),
        );
        if (inserted.length > 0) return { kind: "claimed" } as const;
        const row = yield* locked(
          tx.select().from(idempotencyKeys).where(byUserAndKey(userId, key)),
        );
        if (!row || row.createdAt.getTime() <= now.getTime() - request.maxAgeMs) {
          // Gone since, or older than a key lives: the key starts afresh.
          yield* changes(
            tx
              .insert(idempotencyKeys)
              .values({ userId, key, ...fresh })
              .onConflictDoUpdate({
                target: [idempotencyKeys.userId, idempotencyKeys.key],
                set: fresh,
              }),
          );
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
        yield* changes(
          tx.update(idempotencyKeys).set({ lockedUntil }).where(eq(idempotencyKeys.id, row.id)),
        );
        return { kind: "claimed" } as const;
      });
    },
  };
}

/** What follows a claim: renewing, answering, releasing, expiring. */
function idempotencyKeyLife(database: Database) {
  const { db } = database;
  const { idempotencyKeys } = database.tables;
  const byUserAndKey = (userId: number, key: string) =>
    and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  return {
    /** Extends a running request's hold on its key. */
    async renew(userId: number, key: string, lockedUntil: Date): Promise<void> {
      await database.changes(
        db
          .update(idempotencyKeys)
          .set({ lockedUntil })
          .where(and(byUserAndKey(userId, key), eq(idempotencyKeys.state, "in_flight"))),
      );
    },

    /** Stores the answer to replay for the rest of the key's life. */
    async complete(userId: number, key: string, status: number, body: string): Promise<void> {
      await database.changes(
        db
          .update(idempotencyKeys)
          .set({
            state: "completed",
            lockedUntil: null,
            responseStatus: status,
            responseBody: body,
          })
          .where(and(byUserAndKey(userId, key), eq(idempotencyKeys.state, "in_flight"))),
      );
    },

    /** Gives the key up without an answer (a fault): a retry runs the request again. */
    async release(userId: number, key: string): Promise<void> {
      await database.changes(
        db
          .delete(idempotencyKeys)
          .where(and(byUserAndKey(userId, key), eq(idempotencyKeys.state, "in_flight"))),
      );
    },

    async deleteCreatedBefore(cutoff: Date): Promise<number> {
      return database.changes(
        db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)),
      );
    },
  };
}

export type IdempotencyKeysRepository = ReturnType<typeof idempotencyKeysRepository>;
