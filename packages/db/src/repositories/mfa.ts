import { and, eq, gt, isNotNull, isNull, lt, lte, or } from "drizzle-orm";
import { changes, type Database } from "../database";
import type { MfaCredentialRow } from "../schema";

export function mfaRepository(database: Database) {
  return { ...mfaSecretRows(database), ...mfaCodeRows(database), ...mfaChallengeRows(database) };
}

/** Setting up, enabling and using the secret. */
function mfaSecretRows(database: Database) {
  const { db } = database;
  const { mfaCredentials, mfaRecoveryCodes } = database.tables;

  return {
    async find(userId: number): Promise<MfaCredentialRow | undefined> {
      return database.first(
        db.select().from(mfaCredentials).where(eq(mfaCredentials.userId, userId)),
      );
    },

    /** Whether the user signs in with a code. */
    async isEnabled(userId: number): Promise<boolean> {
      const row = await database.first(
        db
          .select({ id: mfaCredentials.id })
          .from(mfaCredentials)
          .where(and(eq(mfaCredentials.userId, userId), isNotNull(mfaCredentials.enabledAt))),
      );
      return row !== undefined;
    },

    /** Starts a set-up: a new, not yet enabled secret replaces any earlier unconfirmed one. */
    async startSetup(userId: number, secret: string, now: Date): Promise<void> {
      await database.transaction(function* (tx) {
        yield* changes(tx.delete(mfaCredentials).where(eq(mfaCredentials.userId, userId)));
        yield* changes(tx.insert(mfaCredentials).values({ userId, secret, createdAt: now }));
      });
    },

    /** Turns the pending secret on and replaces the recovery codes, in one transaction. */
    async enable(userId: number, step: number, codeHashes: string[], now: Date): Promise<boolean> {
      return database.transaction(function* (tx) {
        const updated = yield* changes(
          tx
            .update(mfaCredentials)
            .set({ enabledAt: now, lastUsedStep: step })
            .where(and(eq(mfaCredentials.userId, userId), isNull(mfaCredentials.enabledAt))),
        );
        if (updated !== 1) return false;
        yield* changes(tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId)));
        yield* changes(
          tx.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash }))),
        );
        return true;
      });
    },

    /** Records the step of an accepted code, unless that step (or a later one) was already used. */
    async useStep(userId: number, step: number): Promise<boolean> {
      const updated = await database.changes(
        db
          .update(mfaCredentials)
          .set({ lastUsedStep: step })
          .where(
            and(
              eq(mfaCredentials.userId, userId),
              isNotNull(mfaCredentials.enabledAt),
              or(isNull(mfaCredentials.lastUsedStep), lt(mfaCredentials.lastUsedStep, step)),
            ),
          ),
      );
      return updated === 1;
    },
  };
}

/** Recovery codes, and turning the second factor off. */
function mfaCodeRows(database: Database) {
  const { db } = database;
  const { mfaCredentials, mfaRecoveryCodes, mfaChallenges } = database.tables;

  return {
    /** Spends one unused recovery code; false when there is none with that digest. */
    async useRecoveryCode(userId: number, codeHash: string, now: Date): Promise<boolean> {
      const updated = await database.changes(
        db
          .update(mfaRecoveryCodes)
          .set({ usedAt: now })
          .where(
            and(
              eq(mfaRecoveryCodes.userId, userId),
              eq(mfaRecoveryCodes.codeHash, codeHash),
              isNull(mfaRecoveryCodes.usedAt),
            ),
          ),
      );
      return updated === 1;
    },

    async countUnusedRecoveryCodes(userId: number): Promise<number> {
      const rows = await database.all(
        db
          .select({ id: mfaRecoveryCodes.id })
          .from(mfaRecoveryCodes)
          .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt))),
      );
      return rows.length;
    },

    /** Removes the secret, the recovery codes and any open sign-in challenge. */
    async disable(userId: number): Promise<boolean> {
      return database.transaction(function* (tx) {
        const removed = yield* changes(
          tx.delete(mfaCredentials).where(eq(mfaCredentials.userId, userId)),
        );
        yield* changes(tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId)));
        yield* changes(tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId)));
        return removed > 0;
      });
    },
  };
}

/** Sign-in challenges: the half-way step between password and code. */
function mfaChallengeRows(database: Database) {
  const { db } = database;
  const { mfaChallenges } = database.tables;

  return {
    async createChallenge(challenge: {
      tokenHash: string;
      userId: number;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await database.changes(db.insert(mfaChallenges).values(challenge));
    },

    /** The user an open challenge belongs to; undefined when unknown, spent or expired. */
    async findChallenge(tokenHash: string, now: Date): Promise<number | undefined> {
      const row = await database.first(
        db
          .select({ userId: mfaChallenges.userId })
          .from(mfaChallenges)
          .where(and(eq(mfaChallenges.tokenHash, tokenHash), gt(mfaChallenges.expiresAt, now))),
      );
      return row?.userId;
    },

    /** Spends a challenge; false when another request spent it first. */
    async spendChallenge(tokenHash: string): Promise<boolean> {
      return (
        (await database.changes(
          db.delete(mfaChallenges).where(eq(mfaChallenges.tokenHash, tokenHash)),
        )) === 1
      );
    },

    async deleteExpiredChallenges(now: Date): Promise<number> {
      return database.changes(db.delete(mfaChallenges).where(lte(mfaChallenges.expiresAt, now)));
    },
  };
}

export type MfaRepository = ReturnType<typeof mfaRepository>;
