import { and, eq, gt, isNotNull, isNull, lte } from "drizzle-orm";
import { changes, first, type Database } from "../database";
import type { SsoIdentityRow, UserRow } from "../schema";
import { isUniqueViolation } from "./errors";

export interface NewSsoIdentity {
  userId: number;
  issuer: string;
  subject: string;
  email: string;
  createdAt: Date;
}

export function ssoIdentitiesRepository(database: Database) {
  const { db } = database;
  const { ssoIdentities, users } = database.tables;

  return {
    /** The user an identity at a provider is linked to. */
    async findUser(issuer: string, subject: string): Promise<UserRow | undefined> {
      const row = await database.first(
        db
          .select({ user: users })
          .from(ssoIdentities)
          .innerJoin(users, eq(users.id, ssoIdentities.userId))
          .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject))),
      );
      return row?.user;
    },

    /** False when that identity is already linked (to anyone): a link is never moved. */
    async link(identity: NewSsoIdentity): Promise<boolean> {
      try {
        await database.changes(
          db.insert(ssoIdentities).values({ ...identity, lastUsedAt: identity.createdAt }),
        );
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async touch(issuer: string, subject: string, now: Date): Promise<void> {
      await database.changes(
        db
          .update(ssoIdentities)
          .set({ lastUsedAt: now })
          .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject))),
      );
    },

    async listForUser(userId: number): Promise<SsoIdentityRow[]> {
      return database.all(db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, userId)));
    },
  };
}

/** Deployment-wide settings kept in the database (see the app_settings table). */
export function appSettingsRepository(database: Database) {
  const { db } = database;
  const { appSettings } = database.tables;

  return {
    async get(key: string): Promise<unknown> {
      const row = await database.first(
        db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)),
      );
      return row?.value;
    },

    async set(key: string, value: unknown, now: Date, updatedBy: number | null): Promise<void> {
      await database.changes(
        db
          .insert(appSettings)
          .values({ key, value, updatedAt: now, updatedBy })
          .onConflictDoUpdate({
            target: appSettings.key,
            set: { value, updatedAt: now, updatedBy },
          }),
      );
    },
  };
}

export interface SsoAttempt {
  tokenHash: string;
  codeVerifier: string;
  nonce: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Sign-ins through the provider under way (the sso_sign_ins table); every row is spent once. */
export function ssoSignInsRepository(database: Database) {
  const { db } = database;
  const { ssoSignIns, users } = database.tables;

  return {
    /** A sign-in sent to the provider: its state's digest, PKCE verifier and nonce. */
    async startAttempt(attempt: SsoAttempt): Promise<void> {
      await database.changes(db.insert(ssoSignIns).values(attempt));
    },

    /** Spends the attempt a provider's answer names by its state, unless it has expired. */
    async takeAttempt(
      tokenHash: string,
      now: Date,
    ): Promise<{ codeVerifier: string; nonce: string } | undefined> {
      return database.transaction(function* (tx) {
        const row = yield* first(
          tx
            .select()
            .from(ssoSignIns)
            .where(
              and(
                eq(ssoSignIns.tokenHash, tokenHash),
                isNull(ssoSignIns.userId),
                gt(ssoSignIns.expiresAt, now),
              ),
            ),
        );
        if (!row?.codeVerifier || !row.nonce) return undefined;
        const spent = yield* changes(
          tx.delete(ssoSignIns).where(eq(ssoSignIns.tokenHash, tokenHash)),
        );
        return spent === 1 ? { codeVerifier: row.codeVerifier, nonce: row.nonce } : undefined;
      });
    },

    /** A checked sign-in waiting for the login page to trade its one-time code for a session. */
    async startHandoff(handoff: {
      tokenHash: string;
      userId: number;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await database.changes(db.insert(ssoSignIns).values(handoff));
    },

    /** Spends a one-time code: the user it signs in, unless it has expired. */
    async takeHandoff(tokenHash: string, now: Date): Promise<UserRow | undefined> {
      return database.transaction(function* (tx) {
        const row = yield* first(
          tx
            .select({ user: users })
            .from(ssoSignIns)
            .innerJoin(users, eq(users.id, ssoSignIns.userId))
            .where(
              and(
                eq(ssoSignIns.tokenHash, tokenHash),
                isNotNull(ssoSignIns.userId),
                gt(ssoSignIns.expiresAt, now),
              ),
            ),
        );
        if (!row) return undefined;
        const spent = yield* changes(
          tx.delete(ssoSignIns).where(eq(ssoSignIns.tokenHash, tokenHash)),
        );
        return spent === 1 ? row.user : undefined;
      });
    },

    async deleteExpired(now: Date): Promise<number> {
      return database.changes(db.delete(ssoSignIns).where(lte(ssoSignIns.expiresAt, now)));
    },
  };
}
