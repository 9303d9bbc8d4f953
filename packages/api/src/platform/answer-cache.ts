import type { ApiKeyRow, UserRow } from "@ledgerline/db";
import type { MarketService } from "@ledgerline/market";
import { LRUCache } from "lru-cache";
import type { DataVersions } from "./shared-state";
import type { Clock } from "@ledgerline/clock";
import { EVERYONE, USER_LIST, userData } from "./data-versions";
import { ownAnswerVersions, takeReadAhead } from "./read-ahead-versions";

/**
 * What a cached read's answer depends on besides market data: the reader's own data, or (the
 * admin's user list) every user's row too.
 */
export type CachedAnswer = "own-data" | "all-users";

/** Bytes of answers kept in this process. */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

/**
 * The longest the admin's user list is answered from memory, as a session lookup is
 * (session-cache.ts). Users are also written by other programs: `pnpm admin:create` creates or
 * promotes an admin in the database, and on a deployment without Redis it cannot reach the
 * server's memory to bump the user list's version; neither can a change by hand in the database.
 */
export const USER_LIST_ANSWER_MS = 5_000;

/**
 * How long an answer being built stays what the read would answer, on the market's clock: the
 * freshness of each quote it shows, the next tick of a quote age it shows, the next sync of
 * corporate actions. A part that the next read would try again (a quote standing in for a failed
 * refresh) ends it at once, so it is not kept.
 */
export class AnswerLife {
  deadline = Number.POSITIVE_INFINITY;

  until(marketTime: number): void {
    if (marketTime < this.deadline) this.deadline = marketTime;
  }
}

/** An answer as sent: its JSON bytes and the headers that go with them (a REST page's totals). */
export interface KeptAnswer {
  body: Buffer;
  headers?: Record<string, string>;
}

interface Entry {
  version: string;
  deadline: number;
  answer: KeptAnswer;
}

export interface AnswerCache {
  /**
   * The version an answer for this reader is looked up and stored under, read before the answer
   * is built; undefined when it cannot be read (the read is then answered uncached).
   */
  version(user: UserRow, depends: CachedAnswer): Promise<string | undefined>;
  /**
   * The versions of the user's own rows alone (no market data): what a figure worked from their
   * rows is kept under (platform/kept-by-version.ts); undefined when they cannot be read.
   */
  dataVersion(userId: number): Promise<string | undefined>;
  get(key: string, version: string): KeptAnswer | undefined;
  /** Keeps an answer built under `version` for as long as its life allows (not at all if over). */
  set(key: string, version: string, life: AnswerLife, answer: KeptAnswer): void;
  /**
   * The answer for this key and version: kept, or built by another request in flight (waited
   * for: concurrent misses share one build rather than each asking the database and market the
   * same), or this request's to build, when `build` is to be called once it is done: with the
   * answer to keep and hand to those waiting, or with nothing (a refusal, a failure), and they
   * then build their own.
   */
  claim(key: string, version: string): Promise<{ kept: KeptAnswer } | { build: FinishBuild }>;
}

/** Ends a build: keeps the answer (as `set` does) and hands it to the requests waiting for it. */
export type FinishBuild = (built?: { life: AnswerLife; answer: KeptAnswer }) => void;

/**
 * The key of one reader's answer to one request: whose it is and how they signed in (a session
 * or one API key and its scope), so an answer is only given to a caller the procedure let through
 * before; every write that could change who may call it (a role, two-factor, a key's deletion)
 * bumps the user's version as well.
 */
export function answerKey(
  door: "trpc" | "rest",
  user: UserRow,
  apiKey: ApiKeyRow | null,
  request: string,
): string {
  const credential = apiKey ? `key ${apiKey.id} ${apiKey.scope}` : "session";
  return `${door} ${user.id} ${credential} ${request}`;
}

export interface AnswerCacheOptions {
  versions: DataVersions;
  market: MarketService;
  /** The app's clock, for the user list's lifetime. */
  clock: Clock;
  onError(error: unknown): void;
}

/**
 * Hot reads answered from memory (issue 14): each answer is kept as the JSON bytes sent, under
 * the versions of the data it was built from (services/data-versions.ts: every write to a user's
 * data bumps that user's, in Redis when several processes run) and the market's generation (a
 * new quote anywhere makes a new one), and only while the quotes it shows are the ones a read
 * would show now (AnswerLife). A write's answer is sent after its bump, so a user never reads an
 * answer older than their own last write.
 */
export function createAnswerCache(options: AnswerCacheOptions): AnswerCache {
  const { market } = options;
  const entries = new LRUCache<string, Entry>({
    maxSize: MAX_CACHED_BYTES,
    sizeCalculation: (entry) => entry.answer.body.length + 500,
  });
  /**
   * Builds under way, by key and version. An answer whose life is short (a watchlist's, until the
   * first shown quote age ticks over: about a tenth of a second with ten stocks) otherwise ends
   * while every connection in flight misses together and builds it again, each build a database
   * read and ten quotes: under load nearly every read was a build (bench/api-profile).
   */
  const builds = new Map<string, Promise<KeptAnswer | undefined>>();
  const buildKey = (key: string, version: string) => `${version}\n${key}`;
  const cache: AnswerCache = {
    version: (user, depends) => answerVersion(options, user, depends),
    async dataVersion(userId) {
      try {
        return await options.versions.read([EVERYONE, userData(userId)]);
      } catch (error) {
        options.onError(error);
        return undefined;
      }
    },
    get(key, version) {
      const entry = entries.get(key);
      if (!entry || entry.version !== version) return undefined;
      if (market.clock.now() >= entry.deadline) {
        entries.delete(key);
        return undefined;
      }
      return entry.answer;
    },
    set(key, version, life, answer) {
      if (life.deadline <= market.clock.now()) return;
      entries.set(key, { version, deadline: life.deadline, answer });
    },
    async claim(key, version) {
      const id = buildKey(key, version);
      for (;;) {
        const kept = cache.get(key, version);
        if (kept) return { kept };
        const building = builds.get(id);
        if (!building) break;
        // A build that kept nothing: claimed again, by the first of those waiting to get here.
        const built = await building;
        if (built) return { kept: built };
      }
      let finish!: (answer: KeptAnswer | undefined) => void;
      builds.set(id, new Promise((resolve) => (finish = resolve)));
      let done = false;
      return {
        build(built) {
          if (done) return;
          done = true;
          builds.delete(id);
          if (built) cache.set(key, version, built.life, built.answer);
          // Only what was kept: an answer past its life is no answer for anyone waiting either.
          finish(built && cache.get(key, version) === built.answer ? built.answer : undefined);
        },
      };
    },
  };
  return cache;
}

/** The version an answer is kept under: the market's generation and the user's data versions. */
async function answerVersion(
  options: AnswerCacheOptions,
  user: UserRow,
  depends: CachedAnswer,
): Promise<string | undefined> {
  const ahead = takeReadAhead(user);
  if (ahead !== undefined && depends !== "all-users")
    return `${options.market.stocks.generation} ${ahead.own}`;
  // The user list's answers are kept for the current USER_LIST_ANSWER_MS window only: a
  // clock reading per read, where a check in the database would cost a query.
  const window =
    depends === "all-users" ? ` ${Math.floor(options.clock.now() / USER_LIST_ANSWER_MS)}` : "";
  if (ahead?.userList !== undefined)
    return `${options.market.stocks.generation} ${ahead.own}.${ahead.userList}${window}`;
  const names = ownAnswerVersions(user.id);
  if (depends === "all-users") names.push(USER_LIST);
  try {
    return `${options.market.stocks.generation} ${await options.versions.read(names)}${window}`;
  } catch (error) {
    options.onError(error);
    return undefined;
  }
}
