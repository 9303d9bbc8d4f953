import type { Repositories, SessionRow, UserRow } from "@ledgerline/db";
import { LRUCache } from "lru-cache";
import type { DataVersions } from "../platform/shared-state";
import type { Clock } from "@ledgerline/clock";
import { SESSION_REVOCATIONS } from "../platform/data-versions";
import { keepReadAhead, readAheadVersions } from "../platform/read-ahead-versions";

/** How long this process may answer a session lookup from memory (issue 10 allows 5 s). */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_ENTRIES = 10_000;

interface Entry {
  found: { session: SessionRow; user: UserRow };
  cachedAt: number;
  /** The deployment's revocation count when the session was looked up. */
  revocations: string;
}

const userWrites = [
  "create",
  "recordLogin",
  "recordFailedLogin",
  "setPasswordHash",
  "setAdmin",
  "setEmail",
  // The restored session answers the user's locale from the cached row (issue 36).
  "setLocale",
  "delete",
] as const satisfies readonly (keyof Repositories["users"])[];

/**
 * The repositories with session lookups answered from memory for at most `SESSION_CACHE_MS`, so a
 * signed-in read costs no session query. Every session or user write made by this process
 * (sign-out, revocation, password or email change, admin action, deletion) empties the cache at
 * once, and counts a revocation in the shared versions (Redis with several processes): a session
 * cached before the deployment's last revocation is looked up again, so a signed-out token is
 * refused at once on every process. A change made behind the app's back (by hand in the
 * database) is seen within the cache's lifetime. A cached session is still refused as soon as it
 * passes its idle or absolute end.
 */
export function withSessionCache(
  repos: Repositories,
  clock: Clock,
  versions: DataVersions,
): Repositories {
  // Bounded by a size of one an entry, not `max`: `max` allocates its whole index at start (about
  // 200 KB for 10,000 entries, in every idle server; issue 35), a size bound grows with use.
  const cache = new LRUCache<string, Entry>({
    maxSize: SESSION_CACHE_ENTRIES,
    sizeCalculation: () => 1,
  });
  // A lookup that started before a write may read the row the write removes: it is only kept
  // when no write happened meanwhile.
  let generation = 0;
  const clear = () => {
    generation += 1;
    cache.clear();
  };
  /** After a write that may revoke sessions: other processes drop what they cached before it. */
  const revoked = async () => {
    clear();
    await versions.bump([SESSION_REVOCATIONS]);
  };
  const sessions = repos.sessions;

  return {
    ...repos,
    users: revokingUserWrites(repos.users, clear, revoked),
    sessions: {
      ...sessions,
      async findActive(tokenHash, now, idleTimeoutMs) {
        const time = now.getTime();
        const entry = cache.get(tokenHash);
        // With a session in memory, the versions its read's answer depends on come in the same
        // read as the revocations (values are dot-free counters, joined by dots).
        const names = [SESSION_REVOCATIONS];
        if (entry) names.push(...readAheadVersions(entry.found.user));
        // Unreadable (Redis down): the database answers, and nothing is kept.
        const read = await versions.read(names).catch(() => undefined);
        const dot = read?.indexOf(".") ?? -1;
        const revocations = dot < 0 ? read : read?.slice(0, dot);
        if (
          entry &&
          // A write on this process while the versions were read emptied the cache: not kept.
          cache.get(tokenHash) === entry &&
          read !== undefined &&
          dot >= 0 &&
          entry.revocations === revocations &&
          clock.now() - entry.cachedAt < SESSION_CACHE_MS
        ) {
          const found = liveSession(entry, time, idleTimeoutMs);
          if (found) {
            keepReadAhead(found.user, read.slice(dot + 1));
            return found;
          }
        }
        cache.delete(tokenHash);
        const before = generation;
        const found = await sessions.findActive(tokenHash, now, idleTimeoutMs);
        if (found && generation === before && revocations !== undefined)
          cache.set(tokenHash, { found, cachedAt: clock.now(), revocations });
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
      delete: revoking((tokenHash: string) => sessions.delete(tokenHash), clear, revoked),
      deleteAllForUser: revoking(
        (userId: number, keepTokenHash?: string) =>
          sessions.deleteAllForUser(userId, keepTokenHash),
        clear,
        revoked,
      ),
    },
  };
}

/**
 * The cached session while it is within its idle and absolute ends, with a user row of this
 * request's own, so what is read ahead into it is this request's alone.
 */
function liveSession({ found }: Entry, time: number, idleTimeoutMs: number) {
  const { session } = found;
  const live =
    session.expiresAt.getTime() > time && session.lastSeenAt.getTime() > time - idleTimeoutMs;
  return live ? { session, user: { ...found.user } } : undefined;
}

/** The user writes that may revoke sessions, each emptying the cache before and after it. */
function revokingUserWrites(
  repos: Repositories["users"],
  clear: () => void,
  revoked: () => Promise<void>,
): Repositories["users"] {
  const users = { ...repos };
  for (const name of userWrites) {
    const write = (repos as Record<string, unknown>)[name] as (
      ...args: unknown[]
    ) => Promise<unknown>;
    (users as Record<string, unknown>)[name] = revoking(write, clear, revoked);
  }
  return users;
}

/** A write that may revoke sessions: the cache is emptied before it, and revoked after it. */
function revoking<Args extends unknown[], Result>(
  write: (...args: Args) => Promise<Result>,
  clear: () => void,
  revoked: () => Promise<void>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    clear();
    try {
      return await write(...args);
    } finally {
      await revoked();
    }
  };
}
