import { migrateDatabase, openDatabase, type Repositories } from "@ledgerline/db";
import type { Env } from "../env";
import { marketClockFromEnv } from "../market/market-service";
import { migrationsFolders } from "../paths";
import { appRepositories } from "@ledgerline/api/platform/app-repositories";
import { systemClock } from "@ledgerline/clock";
import { createSharedState } from "@ledgerline/api/platform/shared-state/index";

/**
 * The deployment's database for an operator command, migrated, written through the server's own
 * repositories: with REDIS_URL set, a write bumps the deployment's data versions, so running
 * processes show it on their next read; without Redis the one server process's memory is out of
 * reach, and its user list shows the change within USER_LIST_ANSWER_MS (answer-cache.ts).
 */
export async function openDeploymentDatabase(env: Env) {
  const database = await openDatabase(env.DATABASE_URL);
  await migrateDatabase(database, migrationsFolders[database.dialect]);
  const shared = await createSharedState({
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    marketClock: marketClockFromEnv(env),
    onError: (error) =>
      console.warn("Could not tell the running servers through Redis:", String(error)),
  });
  return {
    repos: appRepositories(database, systemClock, shared.versions),
    async close() {
      await shared.close();
      await database.close();
    },
  };
}

/**
 * Creates an admin account, or makes an existing account (by email) an admin with the new
 * password and signs it out everywhere.
 */
export async function createOrPromoteAdmin(
  repos: Repositories,
  admin: { email: string; name: string; passwordHash: string },
  now: Date,
): Promise<"created" | "promoted"> {
  const existing = await repos.users.findByEmail(admin.email);
  if (existing) {
    await repos.users.setAdmin(existing.id, true);
    await repos.users.setPasswordHash(existing.id, admin.passwordHash);
    await repos.sessions.deleteAllForUser(existing.id);
    return "promoted";
  }
  await repos.users.create({ ...admin, isAdmin: true }, now);
  return "created";
}
