import type { Redis } from "ioredis";

/**
 * Whether this process can use Redis right now. Redis holds caches, counters, leases and signals,
 * never the system of record, so while it is out of reach every part of the shared state takes
 * its process-local fallback at once instead of waiting for a command to time out: reads bypass
 * the shared caches, counts are kept in memory, signals reach this process's own listeners.
 *
 * Down when a connection is not connected, when a command failed for want of Redis, or when a
 * command timed out and two PINGs in a row then time out too (a server that accepts connections
 * but does not answer): one timeout alone may be this process's own event loop running late
 * under load, with the answer waiting unread. Up again once every connection is connected and a
 * PING answers, after `beforeUp` (what was owed to Redis meanwhile, e.g. the data versions'
 * bumps) has gone through.
 */
export interface RedisAvailability {
  readonly up: boolean;
  /** When Redis went out of reach (epoch ms), while it is. */
  readonly downSince: number | undefined;
  /** Counts outages seen by this process: what was cached before one is not trusted after it. */
  readonly outages: number;
  /**
   * A command failed: true when the failure is for want of Redis (then marked down, or checked
   * for a timeout), false when the command itself failed (a script error).
   */
  failed(error: unknown): boolean;
  /** Calls `listener` on every change; returns the function that stops it. */
  onChange(listener: (up: boolean) => void): () => void;
  close(): void;
}

/** A failure of the command itself (a script error, a wrong type), not of reaching Redis. */
const isTimeout = (error: unknown) =>
  error instanceof Error && error.message === "Command timed out";

function isCommandError(error: unknown): boolean {
  return (
    error instanceof Error &&
    error.name === "ReplyError" &&
    !/^(LOADING|READONLY|MASTERDOWN|BUSY|TRYAGAIN)\b/.test(error.message)
  );
}

interface RedisAvailabilityOptions {
  connections: readonly Redis[];
  /** The connection PING goes to when checking that Redis answers again. */
  probe: Redis;
  /** Between PINGs while connected but not answering. */
  probeMs: number;
  beforeUp?: () => Promise<void>;
}

export function redisAvailability(options: RedisAvailabilityOptions): RedisAvailability {
  return new RedisWatch(options);
}

/** RedisAvailability kept from the connections' events, the failures told and PINGs. */
class RedisWatch implements RedisAvailability {
  readonly #options: RedisAvailabilityOptions;
  readonly #listeners = new Set<(up: boolean) => void>();
  #up = true;
  #downSince: number | undefined;
  #outages = 0;
  /** A command failed for want of Redis since the connections last came up. */
  #unanswered = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;
  #checking = false;
  #suspecting = false;
  readonly #onReady = () => void this.#check();
  readonly #onClose = () => this.#down();

  constructor(options: RedisAvailabilityOptions) {
    this.#options = options;
    for (const redis of options.connections) {
      redis.on("ready", this.#onReady);
      redis.on("close", this.#onClose);
      redis.on("end", this.#onClose);
    }
  }

  get up() {
    return this.#up;
  }

  get downSince() {
    return this.#downSince;
  }

  get outages() {
    return this.#outages;
  }

  failed(error: unknown): boolean {
    if (isCommandError(error)) return false;
    if (isTimeout(error) && this.#connected()) {
      void this.#suspect();
      return true;
    }
    this.#unanswered = true;
    this.#down();
    return true;
  }

  onChange(listener: (up: boolean) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    for (const redis of this.#options.connections) {
      redis.off("ready", this.#onReady);
      redis.off("close", this.#onClose);
      redis.off("end", this.#onClose);
    }
  }

  #connected() {
    return this.#options.connections.every((redis) => redis.status === "ready");
  }

  #set(value: boolean) {
    if (value === this.#up) return;
    this.#up = value;
    if (!value) {
      this.#outages += 1;
      this.#downSince = Date.now();
    } else {
      this.#downSince = undefined;
    }
    for (const listener of [...this.#listeners]) listener(value);
  }

  #down() {
    this.#set(false);
    this.#schedule();
  }

  #schedule() {
    if (this.#closed || this.#timer || this.#up) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#check();
    }, this.#options.probeMs);
    this.#timer.unref();
  }

  /** Up again once connected, answering, and what was owed has gone through. */
  async #check() {
    if (this.#closed || this.#up || this.#checking) return;
    if (!this.#connected()) return this.#schedule();
    this.#checking = true;
    try {
      await this.#options.probe.ping();
      this.#unanswered = false;
      await this.#options.beforeUp?.();
      if (!this.#closed && this.#connected() && !this.#unanswered) this.#set(true);
    } catch {
      // Still out of reach: checked again shortly.
    } finally {
      this.#checking = false;
    }
    this.#schedule();
  }

  /** After a timeout: down only if Redis does not answer two PINGs in a row either. */
  async #suspect() {
    if (this.#suspecting || !this.#up) return;
    this.#suspecting = true;
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          await this.#options.probe.ping();
          return;
        } catch {
          // Asked once more before giving up on it.
        }
      }
      this.#unanswered = true;
      this.#down();
    } finally {
      this.#suspecting = false;
    }
  }
}
