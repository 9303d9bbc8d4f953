import type { Redis } from "ioredis";

/**
 * Runs the operations queued in one turn of the event loop in order, each as the command it
 * stands for: `r` a fixed-window request count (INCR; the window's expiry set by the first, as
 * the door's request limit counts (plugins/request-limit.ts), else its time left), `m` an MGET. A missing key is
 * false in Lua, which Redis answers as nil, so no table has holes.
 */
const BATCH_SCRIPT = `
local results = {}
local key = 1
local arg = 2
for op = 1, tonumber(ARGV[1]) do
  local kind = ARGV[arg]
  if kind == 'r' then
    local window = tonumber(ARGV[arg + 1])
    arg = arg + 2
    local current = redis.call('INCR', KEYS[key])
    local ttl
    if current == 1 then
      redis.call('PEXPIRE', KEYS[key], window)
      ttl = window
    else
      ttl = redis.call('PTTL', KEYS[key])
    end
    key = key + 1
    results[op] = {current, ttl}
  else
    local count = tonumber(ARGV[arg + 1])
    arg = arg + 2
    results[op] = redis.call('MGET', unpack(KEYS, key, key + count - 1))
    key = key + count
  end
end
return results
`;

/** Operations per script call at most (Lua's unpack takes a few thousand keys). */
const MAX_BATCH = 200;

interface Queued {
  kind: "r" | "m";
  keys: string[];
  window: number;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type BatchRedis = Redis & {
  ledgerlineBatch(numberOfKeys: number, ...args: (string | number)[]): Promise<unknown[]>;
};

export interface RedisBatch {
  /** Counts a request in a fixed window of `windowMs`: the count so far and the window's ms left. */
  count(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
  /** The keys' values, null for a missing one. */
  mget(keys: readonly string[]): Promise<(string | null)[]>;
}

/**
 * The per-request reads every signed-in request makes of Redis (its request count, its session's
 * revocations and its answer's versions) sent as one script call per turn of the event loop for
 * every request of that turn: under load each ioredis command cost several µs of the API
 * process's CPU to build, send and read back, two per kept hot read (bench/api-profile). Each
 * operation is the command it was before, run in the order queued; a script runs whole, so none
 * sees less than the commands one at a time would. A failed call fails each operation in it.
 */
export function redisBatch(redis: Redis): RedisBatch {
  const client = redis as BatchRedis;
  if (typeof client.ledgerlineBatch !== "function")
    client.defineCommand("ledgerlineBatch", { lua: BATCH_SCRIPT });
  let queue: Queued[] = [];

  function flush() {
    const batch = queue;
    queue = [];
    for (let start = 0; start < batch.length; start += MAX_BATCH) {
      const part = batch.slice(start, start + MAX_BATCH);
      const keys: string[] = [];
      const args: (string | number)[] = [part.length];
      for (const op of part) {
        keys.push(...op.keys);
        args.push(op.kind, op.kind === "r" ? op.window : op.keys.length);
      }
      client.ledgerlineBatch(keys.length, ...keys, ...args).then(
        (results) => part.forEach((op, index) => op.resolve(results[index])),
        (error: unknown) => part.forEach((op) => op.reject(error)),
      );
    }
  }

  function enqueue(op: Omit<Queued, "resolve" | "reject">): Promise<unknown> {
    return new Promise((resolve, reject) => {
      // Deferred as ioredis' auto-pipelining is: the requests whose sockets were read in this
      // turn all queue theirs first.
      if (queue.length === 0) setImmediate(flush);
      queue.push({ ...op, resolve, reject });
    });
  }

  return {
    async count(key, windowMs) {
      const [current, ttl] = (await enqueue({ kind: "r", keys: [key], window: windowMs })) as [
        number,
        number,
      ];
      return { current, ttl };
    },
    async mget(keys) {
      if (keys.length === 0) return [];
      return (await enqueue({ kind: "m", keys: [...keys], window: 0 })) as (string | null)[];
    },
  };
}
