import { randomUUID } from "node:crypto";
import { InMemorySingleFlight, type SingleFlight } from "@ledgerline/market";
import type { Redis } from "ioredis";
import type { RedisAvailability } from "./redis-availability";
import type { Signals } from "./shared-state";

interface Finished {
  key: string;
  ok: boolean;
  value?: unknown;
}

/** How often a waiter checks that the owner still holds the lock. */
const LOCK_POLL_MS = 250;

const RELEASE_IF_OWNED = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/**
 * Single-flight across processes: concurrent requests for one key on any process make one
 * upstream call. Within a process they share one promise; across processes the first takes a
 * lock in Redis and announces its result to the others, which wait for it. A waiter that hears
 * nothing within the lock's life (its owner died), or hears of a failure, runs the work itself:
 * a lost message costs one extra upstream call, never a hang. Values are plain JSON (the
 * market layer's data).
 */
export class RedisSingleFlight implements SingleFlight {
  private readonly local = new InMemorySingleFlight();
  private readonly waiting = new Map<string, Set<(finished: Finished) => void>>();

  constructor(
    private readonly redis: Redis,
    private readonly availability: RedisAvailability,
    private readonly signals: Signals,
    private readonly prefix: string,
    private readonly lockMs: number,
    private readonly onError: (error: unknown) => void,
  ) {
    signals.subscribe(this.channel, (message) => {
      const finished = JSON.parse(message) as Finished;
      const waiters = this.waiting.get(finished.key);
      this.waiting.delete(finished.key);
      for (const wake of waiters ?? []) wake(finished);
    });
  }

  private get channel() {
    return `${this.prefix}single-flight`;
  }

  /** While Redis is out of reach, concurrent requests for a key share one call per process. */
  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.local.run(key, () =>
      this.availability.up ? this.acrossProcesses(key, work) : work(),
    );
  }

  private async acrossProcesses<T>(key: string, work: () => Promise<T>): Promise<T> {
    const lock = `${this.prefix}lock:${key}`;
    const token = randomUUID();
    // Listen before trying the lock: the owner's announcement can only come after that.
    const heard = this.resultOf(key, lock);
    let owner: boolean;
    try {
      owner = (await this.redis.set(lock, token, "PX", this.lockMs, "NX")) === "OK";
    } catch (error) {
      this.onError(error);
      heard.cancel();
      return work();
    }
    if (!owner) {
      const finished = await heard.result;
      if (finished?.ok) return finished.value as T;
      return work();
    }
    heard.cancel();
    try {
      const value = await work();
      await this.announce({ key, ok: true, value });
      return value;
    } catch (error) {
      await this.announce({ key, ok: false });
      throw error;
    } finally {
      this.redis.eval(RELEASE_IF_OWNED, 1, lock, token).catch(this.onError);
    }
  }

  /**
   * The announcement of `key`'s result. Also settles (with nothing) once the lock is gone
   * without one, or after the lock's life: a message lost or missed never leaves a caller hanging.
   */
  private resultOf(key: string, lock: string) {
    let settle!: (finished: Finished | undefined) => void;
    const result = new Promise<Finished | undefined>((resolve) => (settle = resolve));
    const deadline = Date.now() + this.lockMs;
    const wake = (finished: Finished | undefined) => {
      clearInterval(poll);
      this.waiting.get(key)?.delete(wake);
      settle(finished);
    };
    const poll = setInterval(() => {
      if (Date.now() >= deadline) return wake(undefined);
      this.redis.exists(lock).then(
        (exists) => exists === 0 && wake(undefined),
        () => wake(undefined),
      );
    }, LOCK_POLL_MS);
    if (!this.waiting.has(key)) this.waiting.set(key, new Set());
    this.waiting.get(key)!.add(wake);
    return { result, cancel: () => wake(undefined) };
  }

  private async announce(finished: Finished) {
    try {
      await this.signals.publish(this.channel, JSON.stringify(finished));
    } catch (error) {
      this.onError(error);
    }
  }
}
