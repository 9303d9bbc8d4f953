import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { Leadership } from "./shared-state";

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
 */
export function redisLeadership(
  redis: Redis,
  key: string,
  times: LeaseTimes,
  onError: (error: unknown) => void,
): Leadership {
  const token = randomUUID();
  let leader = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let handlers: { gained(): void; lost(): void } | undefined;

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
    try {
      const held = leader
        ? (await redis.eval(EXTEND_IF_OWNED, 1, key, token, times.leaseMs)) === 1
        : (await redis.set(key, token, "PX", times.leaseMs, "NX")) === "OK";
      if (!stopped) step(held);
    } catch (error) {
      onError(error);
      if (!stopped) step(false);
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
    },
    async stop() {
      clearInterval(timer);
      stopped = true;
      step(false);
      handlers = undefined;
      // A claim in flight may still win the lease: it is released after its answer, so another
      // process need not wait the lease out.
      await ticking;
      await redis.eval(RELEASE_IF_OWNED, 1, key, token).catch(onError);
    },
    get isLeader() {
      return leader;
    },
  };
}
