import type { Repositories, SessionRow, UserRow } from "@ledgerline/db";
import { LRUCache } from "lru-cache";
import type { Clock } from "./clock";

/** How long this process may answer a session lookup from memory (issue 10 allows 5 s). */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_ENTRIES = 10_000;

interface Entry {
  found: { session: SessionRow; user: UserRow };
  cachedAt: number;
}

const userWrites = [
  "create",
  "recordLogin",
  "recordFailedLogin",
  "setPasswordHash",
  "setAdmin",
  "setEmail",
  "delete",
] as const satisfies readonly (keyof Repositories["users"])[];

/**
 * The repositories with session lookups answered from memory for at most `SESSION_CACHE_MS`, so a
 * signed-in read costs no session query. Every session or user write made by this process
 * (sign-out, revocation, password or email change, admin action, deletion) empties the cache at
 * once; another process's revocation reaches this one within the cache's lifetime. A cached
 * session is still refused as soon as it passes its idle or absolute end.
 */
export function withSessionCache(repos: Repositories, clock: Clock): Repositories {
  const cache = new LRUCache<string, Entry>({ max: SESSION_CACHE_ENTRIES });
  // A lookup that started before a write may read the row the write removes: it is only kept
  // when no write happened meanwhile.
  let generation = 0;
  const clear = () => {
    generation += 1;
    cache.clear();
  };
  const sessions = repos.sessions;

  const users = { ...repos.users };
  for (const name of userWrites) {
    const write = (repos.users as Record<string, unknown>)[name] as (
      ...args: unknown[]
    ) => Promise<unknown>;
    (users as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      clear();
      try {
        return await write(...args);
      } finally {
        clear();
      }
    };
  }

  return {
    ...repos,
    users,
    sessions: {
      ...sessions,
      async findActive(tokenHash, now, idleTimeoutMs) {
        const time = now.getTime();
        const entry = cache.get(tokenHash);
        if (entry && clock.now().getTime() - entry.cachedAt < SESSION_CACHE_MS) {
          const { session } = entry.found;
          const live =
            session.expiresAt.getTime() > time &&
            session.lastSeenAt.getTime() > time - idleTimeoutMs;
          if (live) return entry.found;
        }
        cache.delete(tokenHash);
        const before = generation;
        const found = await sessions.findActive(tokenHash, now, idleTimeoutMs);
        if (found && generation === before)
          cache.set(tokenHash, { found, cachedAt: clock.now().getTime() });
        return found;
      },
      async touch(tokenHash, now) {
        await sessions.touch(tokenHash, now);
        const entry = cache.get(tokenHash);
        if (entry) {
          cache.set(tokenHash, {
            ...entry,
            found: { ...entry.found, session: { ...entry.found.session, lastSeenAt: now } },
          });
        }
      },
      async delete(tokenHash) {
        clear();
        try {
          await sessions.delete(tokenHash);
        } finally {
          clear();
        }
      },
      async deleteAllForUser(userId, keepTokenHash) {
        clear();
        try {
          return await sessions.deleteAllForUser(userId, keepTokenHash);
        } finally {
          clear();
        }
      },
    },
  };
}
