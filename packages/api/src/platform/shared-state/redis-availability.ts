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

export function redisAvailability(options: {
  connections: readonly Redis[];
  /** The connection PING goes to when checking that Redis answers again. */
  probe: Redis;
  /** Between PINGs while connected but not answering. */
  probeMs: number;
  beforeUp?: () => Promise<void>;
}): RedisAvailability {
  const { connections, probe } = options;
  const listeners = new Set<(up: boolean) => void>();
  let up = true;
  let downSince: number | undefined;
  let outages = 0;
  /** A command failed for want of Redis since the connections last came up. */
  let unanswered = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let checking = false;
  let suspecting = false;

  const connected = () => connections.every((redis) => redis.status === "ready");

  function set(value: boolean) {
    if (value === up) return;
    up = value;
    if (!value) {
      outages += 1;
      downSince = Date.now();
    } else {
      downSince = undefined;
    }
    for (const listener of [...listeners]) listener(value);
  }

  function down() {
    set(false);
    schedule();
  }

  function schedule() {
    if (closed || timer || up) return;
    timer = setTimeout(() => {
      timer = undefined;
      void check();
    }, options.probeMs);
    timer.unref();
  }

  /** Up again once connected, answering, and what was owed has gone through. */
  async function check() {
    if (closed || up || checking) return;
    if (!connected()) return schedule();
    checking = true;
    try {
      await probe.ping();
      unanswered = false;
      await options.beforeUp?.();
      if (!closed && connected() && !unanswered) set(true);
    } catch {
      // Still out of reach: checked again shortly.
    } finally {
      checking = false;
    }
    schedule();
  }

  /** After a timeout: down only if Redis does not answer two PINGs in a row either. */
  async function suspect() {
    if (suspecting || !up) return;
    suspecting = true;
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          await probe.ping();
          return;
        } catch {
          // Asked once more before giving up on it.
        }
      }
      unanswered = true;
      down();
    } finally {
      suspecting = false;
    }
  }

  const onReady = () => void check();
  const onClose = () => down();
  for (const redis of connections) {
    redis.on("ready", onReady);
    redis.on("close", onClose);
    redis.on("end", onClose);
  }

  return {
    get up() {
      return up;
    },
    get downSince() {
      return downSince;
    },
    get outages() {
      return outages;
    },
    failed(error) {
      if (isCommandError(error)) return false;
      if (isTimeout(error) && connected()) {
        void suspect();
        return true;
      }
      unanswered = true;
      down();
      return true;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      clearTimeout(timer);
      for (const redis of connections) {
        redis.off("ready", onReady);
        redis.off("close", onClose);
        redis.off("end", onClose);
      }
    },
  };
}
