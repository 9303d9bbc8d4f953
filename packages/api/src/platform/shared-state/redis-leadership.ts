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
  const token = randomUUID();
  const whileDown = options.whileRedisDown === "lead";
  let leader = false;
  /** This process holds the lease in Redis (false while leading only for want of Redis). */
  let holdsLease = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let handlers: { gained(): void; lost(): void } | undefined;
  let stopWatching: (() => void) | undefined;

  function step(isLeader: boolean) {
    if (isLeader === leader) return;
    leader = isLeader;
    if (isLeader) handlers?.gained();
    else handlers?.lost();
  }

  // A tick whose answer is slower than renewMs is not overtaken: the next one's SET NX would
  // find this process's own fresh claim and step it down right after it was gained.
  let ticking: Promise<void> | undefined;
  // A tick still waiting for Redis when stop() is called must not make the stopped process a
  // leader again when its answer comes.
  let stopped = false;
  async function claimOrRenew() {
    if (!availability.up) {
      holdsLease = false;
      step(whileDown);
      return;
    }
    try {
      const held = holdsLease
        ? (await redis.eval(EXTEND_IF_OWNED, 1, key, token, times.leaseMs)) === 1
        : (await redis.set(key, token, "PX", times.leaseMs, "NX")) === "OK";
      if (stopped) return;
      holdsLease = held;
      step(held);
    } catch (error) {
      onError(error);
      if (stopped) return;
      holdsLease = false;
      step(whileDown && !availability.up);
    }
  }
  function tick() {
    ticking ??= claimOrRenew().finally(() => (ticking = undefined));
  }

  return {
    start(given) {
      handlers = given;
      stopped = false;
      tick();
      timer = setInterval(tick, times.renewMs);
      timer.unref();
      // Redis going or coming back is acted on at once, not at the next renewal.
      stopWatching = availability.onChange(tick);
    },
    async stop() {
      clearInterval(timer);
      stopWatching?.();
      stopped = true;
      step(false);
      handlers = undefined;
      // A claim in flight may still win the lease: it is released after its answer, so another
      // process need not wait the lease out.
      await ticking;
      holdsLease = false;
      if (availability.up) await redis.eval(RELEASE_IF_OWNED, 1, key, token).catch(onError);
    },
    get isLeader() {
      return leader;
    },
  };
}
