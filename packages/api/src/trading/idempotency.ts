import { createHash } from "node:crypto";
import { IDEMPOTENCY_KEY_LIFETIME_MS, idempotencyMessages } from "@ledgerline/contracts";
import type { Repositories } from "@ledgerline/db";
import { TRPCError } from "@trpc/server";
import type { Signals } from "../platform/shared-state";
import { type Clock, dateOf } from "@ledgerline/clock";

/**
 * Idempotency keys (the IETF httpapi draft's semantics, for both doors): the first request with
 * a key runs and its answer is stored for a day; the same key with the same request gets that
 * answer again, with its status, and changes nothing; with a different request it is a 422.
 * A request that arrives while the first is still running waits for its answer, and is a 409
 * only if the first is still running after `waitMs`.
 */

/** An answer as it is stored and replayed: its HTTP status and JSON body. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

export interface IdempotentRequest {
  userId: number;
  key: string;
  fingerprint: string;
}

export type IdempotentOutcome<T> =
  { replayed: false; value: T } | { replayed: true; answer: StoredAnswer };

export interface IdempotencyOptions {
  /** How long a duplicate waits for the first request's answer before it is told 409. */
  waitMs: number;
  /**
   * How long a request's hold on its key lasts unless renewed. A running request renews it
   * (every third of it), so only a request whose process died loses its key, and a retry takes
   * over within this time: shorter than `waitMs`, so a retry sent by the load balancer when a
   * process died under it completes instead of being told 409.
   */
  leaseMs: number;
}

export const defaultIdempotencyOptions: IdempotencyOptions = { waitMs: 10_000, leaseMs: 5_000 };

const SETTLED_CHANNEL = "idempotency-settled";

/** Between checks of the database while waiting: the first request may be on another process. */
const POLL_MS = 100;

/**
 * Statuses that say something about the moment rather than the request (not signed in, a
 * conflict with the state just then, a throttle, a fault) are not stored: a retry runs again.
 */
const TRANSIENT_STATUSES = new Set([401, 408, 409, 425, 429]);
export const isReplayableStatus = (status: number) =>
  status < 500 && !TRANSIENT_STATUSES.has(status);

/** Object keys in one order at every depth, so equal requests give equal fingerprints. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : item,
  );
}

export function requestFingerprint(parts: Record<string, unknown>): string {
  return createHash("sha256")
    .update(canonicalJson(parts) ?? "")
    .digest("hex");
}

interface IdempotencyDeps {
  repos: Repositories;
  clock: Clock;
  /** How a process tells the others (and itself) that a key has been answered or given up. */
  signals: Signals;
  options?: Partial<IdempotencyOptions>;
}

const idOf = (request: { userId: number; key: string }) => `${request.userId}:${request.key}`;

/**
 * Duplicates waiting on any process hear at once when the first request answers; polling the
 * table is the fallback for a signal that never comes.
 */
function settledSignals(signals: Signals) {
  const waiters = new Map<string, Set<() => void>>();
  signals.subscribe(SETTLED_CHANNEL, (id) => {
    for (const resolve of waiters.get(id) ?? []) resolve();
    waiters.delete(id);
  });
  return {
    wake: (request: IdempotentRequest) => {
      signals.publish(SETTLED_CHANNEL, idOf(request)).catch(() => {});
    },
    changeOrPoll: (request: IdempotentRequest, remainingMs: number): Promise<void> => {
      const id = idOf(request);
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.get(id)?.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(POLL_MS, remainingMs));
        if (!waiters.has(id)) waiters.set(id, new Set());
        waiters.get(id)!.add(done);
      });
    },
  };
}

/**
 * Runs a claimed request, renewing its hold on the key meanwhile, then stores its answer or
 * gives the key up (a throw, or an answer a retry should not get again), and wakes the waiters.
 */
async function runClaimed<T>(
  { repos, clock }: IdempotencyDeps,
  options: IdempotencyOptions,
  wake: (request: IdempotentRequest) => void,
  request: IdempotentRequest,
  execute: () => Promise<T>,
  answerOf: (value: T) => StoredAnswer | null,
): Promise<T> {
  let value: T;
  const renewal = setInterval(() => {
    const lockedUntil = new Date(clock.now() + options.leaseMs);
    repos.idempotencyKeys.renew(request.userId, request.key, lockedUntil).catch(() => {});
  }, options.leaseMs / 3);
  try {
    value = await execute();
  } catch (error) {
    clearInterval(renewal);
    await repos.idempotencyKeys.release(request.userId, request.key);
    wake(request);
    throw error;
  }
  clearInterval(renewal);
  const answer = answerOf(value);
  if (answer && isReplayableStatus(answer.status)) {
    await repos.idempotencyKeys.complete(
      request.userId,
      request.key,
      answer.status,
      JSON.stringify(answer.body ?? null),
    );
  } else {
    await repos.idempotencyKeys.release(request.userId, request.key);
  }
  wake(request);
  return value;
}

export function createIdempotency(deps: IdempotencyDeps) {
  const { repos, clock } = deps;
  const options = { ...defaultIdempotencyOptions, ...deps.options };
  const { wake, changeOrPoll } = settledSignals(deps.signals);

  const claim = (request: IdempotentRequest) =>
    repos.idempotencyKeys.claim({
      ...request,
      now: dateOf(clock),
      leaseMs: options.leaseMs,
      maxAgeMs: IDEMPOTENCY_KEY_LIFETIME_MS,
    });

  return {
    /**
     * Runs `execute` once per key. `answerOf` says what to store of its result: null for an
     * answer a retry should not get again (a fault), which gives the key up instead. A throw
     * from `execute` gives the key up too.
     */
    async run<T>(
      request: IdempotentRequest,
      execute: () => Promise<T>,
      answerOf: (value: T) => StoredAnswer | null,
    ): Promise<IdempotentOutcome<T>> {
      const deadline = Date.now() + options.waitMs;
      for (;;) {
        const claimed = await claim(request);
        switch (claimed.kind) {
          case "fingerprint_mismatch":
            throw new TRPCError({
              code: "UNPROCESSABLE_CONTENT",
              message: idempotencyMessages.keyReused,
            });
          case "answered":
            return {
              replayed: true,
              answer: { status: claimed.status, body: JSON.parse(claimed.body) as unknown },
            };
          case "in_flight": {
            const remaining = deadline - Date.now();
            if (remaining <= 0) {
              throw new TRPCError({
                code: "CONFLICT",
                message: idempotencyMessages.stillInProgress,
              });
            }
            await changeOrPoll(request, remaining);
            continue;
          }
          case "claimed":
            break;
        }
        const value = await runClaimed(deps, options, wake, request, execute, answerOf);
        return { replayed: false, value };
      }
    },

    /** Keys older than their lifetime are refused anyway; this only keeps the table small. */
    purgeExpired: () =>
      repos.idempotencyKeys.deleteCreatedBefore(
        new Date(clock.now() - IDEMPOTENCY_KEY_LIFETIME_MS),
      ),
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

/** What a trade writes beside itself, so a retry whose first attempt committed finds it. */
export function tradeRequestKey(scope: { idempotencyKey?: string | null; deps: { clock: Clock } }) {
  if (!scope.idempotencyKey) return undefined;
  return {
    key: scope.idempotencyKey,
    since: new Date(scope.deps.clock.now() - IDEMPOTENCY_KEY_LIFETIME_MS),
  };
}
