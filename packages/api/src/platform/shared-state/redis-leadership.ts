import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { RedisAvailability } from "./redis-availability";
import type { Leadership, LeadershipOptions } from "./shared-state";

const EXTEND_IF_OWNED = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE_IF_OWNED = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

export interface LeaseTimes {
  /** How long a leader's claim lasts unless renewed: the longest a dead leader is waited for. */
  leaseMs: number;
  /** How often the leader renews and the others try to take over. */
  renewMs: number;
}

export const defaultLeaseTimes: LeaseTimes = { leaseMs: 10_000, renewMs: 2_500 };

/** One process's claim on a lease, and the job it leads. */
interface Lease {
  redis: Redis;
  key: string;
  times: LeaseTimes;
  availability: RedisAvailability;
  onError: (error: unknown) => void;
  token: string;
  /** Lead while Redis is out of reach (`whileRedisDown: "lead"`). */
  whileDown: boolean;
  leader: boolean;
  /** This process holds the lease in Redis (false while leading only for want of Redis). */
  holdsLease: boolean;
  handlers: { gained(): void; lost(): void } | undefined;
  /**
   * A tick whose answer is slower than renewMs is not overtaken: the next one's SET NX would
   * find this process's own fresh claim and step it down right after it was gained.
   */
  ticking: Promise<void> | undefined;
  /**
   * A tick still waiting for Redis when stop() is called must not make the stopped process a
   * leader again when its answer comes.
   */
  stopped: boolean;
}

function step(lease: Lease, isLeader: boolean) {
  if (isLeader === lease.leader) return;
  lease.leader = isLeader;
  if (isLeader) lease.handlers?.gained();
  else lease.handlers?.lost();
}

async function claimOrRenew(lease: Lease) {
  const { redis, key, token, times, availability } = lease;
  if (!availability.up) {
    lease.holdsLease = false;
    step(lease, lease.whileDown);
    return;
  }
  try {
    const held = lease.holdsLease
      ? (await redis.eval(EXTEND_IF_OWNED, 1, key, token, times.leaseMs)) === 1
      : (await redis.set(key, token, "PX", times.leaseMs, "NX")) === "OK";
    if (lease.stopped) return;
    lease.holdsLease = held;
    step(lease, held);
  } catch (error) {
    lease.onError(error);
    if (lease.stopped) return;
    lease.holdsLease = false;
    step(lease, lease.whileDown && !availability.up);
  }
}

function tick(lease: Lease) {
  lease.ticking ??= claimOrRenew(lease).finally(() => (lease.ticking = undefined));
}

/**
 * Leadership of one singleton job through a lease in Redis (SET NX PX, renewed by its holder).
 * When the leader's process dies its lease runs out and another process takes over within
 * leaseMs + renewMs. A leader that cannot renew (Redis unreachable, lease lost) steps down
 * before its lease could have passed to another, so two processes never both lead for long.
 *
 * While Redis is out of reach no lease can be held: a job that must not run twice stands down
 * everywhere, one whose every process needs it (`whileRedisDown: "lead"`, a live-price feed for
 * this process's own viewers) runs on each process until Redis answers again, when the process
 * that claims the lease keeps it and the others step down.
 */
export function redisLeadership(
  redis: Redis,
  key: string,
  times: LeaseTimes,
  availability: RedisAvailability,
  options: LeadershipOptions,
  onError: (error: unknown) => void,
): Leadership {
  const lease: Lease = {
    redis,
    key,
    times,
    availability,
    onError,
    token: randomUUID(),
    whileDown: options.whileRedisDown === "lead",
    leader: false,
    holdsLease: false,
    handlers: undefined,
    ticking: undefined,
    stopped: false,
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopWatching: (() => void) | undefined;
  return {
    start(given) {
      lease.handlers = given;
      lease.stopped = false;
      tick(lease);
      timer = setInterval(() => tick(lease), times.renewMs);
      timer.unref();
      // Redis going or coming back is acted on at once, not at the next renewal.
      stopWatching = availability.onChange(() => tick(lease));
    },
    async stop() {
      clearInterval(timer);
      stopWatching?.();
      lease.stopped = true;
      step(lease, false);
      lease.handlers = undefined;
      // A claim in flight may still win the lease: it is released after its answer, so another
      // process need not wait the lease out.
      await lease.ticking;
      lease.holdsLease = false;
      if (availability.up) await redis.eval(RELEASE_IF_OWNED, 1, key, lease.token).catch(onError);
    },
    get isLeader() {
      return lease.leader;
    },
  };
}
