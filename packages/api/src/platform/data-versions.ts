import type { Repositories } from "@ledgerline/db";
import type { DataVersions } from "./shared-state/shared-state";

/** The version every user's cached answers depend on: bumped by a write whose owner is unknown. */
export const EVERYONE = "all";
/** The version of what the admin's user list shows. */
export const USER_LIST = "users";
/** Bumped with every market value another process stores (see shared-state). */
export const MARKET = "market";
export const userData = (userId: number) => `user:${userId}`;
/** Counts sign-outs and other session revocations (services/session-cache.ts). */
export const SESSION_REVOCATIONS = "session-revocations";

type Args = readonly unknown[];
const firstArgument = (args: Args) => args[0] as number;
const userIdField = (args: Args) => (args[0] as { userId: number }).userId;

/**
 * The repositories whose rows a cached answer may show (or whose rows decide who may read it),
 * and whose user each write changes. A method not named here as a read or a write is treated as
 * a write to everyone's data: a new method can only make the cache miss more, never go stale.
 */
const versioned = {
  users: {
    reads: ["findById", "findByEmail", "list", "count", "countAdmins"],
    writes: {
      create: () => undefined,
      recordLogin: firstArgument,
      recordFailedLogin: firstArgument,
      setPasswordHash: firstArgument,
      setAdmin: firstArgument,
      setEmail: firstArgument,
      delete: firstArgument,
    },
  },
  mfa: {
    // Sign-in challenges are not shown anywhere and decide nothing a cached answer depends on.
    reads: [
      "find",
      "isEnabled",
      "countUnusedRecoveryCodes",
      "findChallenge",
      "createChallenge",
      "spendChallenge",
      "deleteExpiredChallenges",
    ],
    writes: {
      startSetup: firstArgument,
      enable: firstArgument,
      useStep: firstArgument,
      useRecoveryCode: firstArgument,
      disable: firstArgument,
    },
  },
  investmentAccounts: {
    reads: ["list", "findById", "findDefault", "activity"],
    writes: { create: firstArgument, update: firstArgument, delete: firstArgument },
  },
  cash: {
    reads: ["list", "findById", "sums"],
    writes: {
      create: firstArgument,
      update: firstArgument,
      delete: firstArgument,
      createTransfer: firstArgument,
    },
  },
  apiKeys: {
    // A key's last-used time is only shown by the keys list, which is not cached.
    reads: ["listForUser", "countForUser", "findActive", "touch"],
    writes: { create: userIdField, delete: (args: Args) => args[1] as number },
  },
  stockWatchlist: {
    reads: ["list", "find", "count", "distinctSymbols"],
    writes: { save: firstArgument, storeSnapshots: firstArgument, remove: firstArgument },
  },
  cryptoWatchlist: {
    reads: ["list", "find", "count", "distinctSymbols"],
    writes: { save: firstArgument, storeQuotes: firstArgument, remove: firstArgument },
  },
  portfolio: {
    reads: [
      "list",
      "findById",
      "findBySymbol",
      "countHeld",
      "distinctSymbols",
      "tradedSymbols",
      "stockTraders",
      "transactions",
    ],
    writes: {
      buy: userIdField,
      sell: userIdField,
      importTrades: userIdField,
      writeImportJobBatch: userIdField,
      finishImportJobRows: userIdField,
      discardImportJobRows: userIdField,
    },
  },
  transfers: {
    reads: [],
    writes: { transferHolding: userIdField },
  },
  transactions: {
    reads: ["symbolsContaining", "holdings", "trades", "page", "batch"],
    writes: {},
  },
  corporateActions: {
    reads: [
      "incomeKeys",
      "listIncome",
      "incomeTotal",
      "incomePaid",
      "accountsTrading",
      "replayRows",
    ],
    writes: {
      writeReplay: userIdField,
      replayLocked: userIdField,
      createIncome: firstArgument,
      updateIncome: firstArgument,
      deleteIncome: firstArgument,
    },
  },
} satisfies Partial<
  Record<
    keyof Repositories,
    { reads: readonly string[]; writes: Record<string, (args: Args) => number | undefined> }
  >
>;

/** Which versions a write changes: its user's data, and the user list for a users row. */
function bumpedBy(repository: string, userId: number | undefined): string[] {
  if (repository === "users")
    return userId === undefined ? [USER_LIST] : [USER_LIST, userData(userId)];
  return userId === undefined ? [EVERYONE] : [userData(userId)];
}

/**
 * The repositories with every write to a user's data bumping that user's version (and the user
 * list's, for users rows) once it is done, before the caller learns it succeeded: an answer
 * cached under the old version is not answered again, in this process or (with Redis) any other.
 * A write that failed may still have changed something, so it bumps too.
 */
export function withDataVersions(repos: Repositories, versions: DataVersions): Repositories {
  const wrapped: Record<string, unknown> = { ...repos };
  for (const [name, rules] of Object.entries(versioned)) {
    const repository = (repos as unknown as Record<string, Record<string, unknown>>)[name]!;
    const reads = new Set<string>(rules.reads);
    const writes = rules.writes as Record<string, (args: Args) => number | undefined>;
    const copy: Record<string, unknown> = {};
    for (const [method, value] of Object.entries(repository)) {
      if (typeof value !== "function" || reads.has(method)) {
        copy[method] = value;
        continue;
      }
      const write = value as (...args: unknown[]) => Promise<unknown>;
      const owner = writes[method];
      copy[method] = async (...args: unknown[]) => {
        try {
          return await write.apply(repository, args);
        } finally {
          await versions.bump(bumpedBy(name, owner ? owner(args) : undefined));
        }
      };
    }
    wrapped[name] = copy;
  }
  return wrapped as Repositories;
}
