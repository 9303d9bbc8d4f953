import type { CacheEntry, Clock as MarketClock, MarketCache } from "@ledgerline/market";
import type { Redis } from "ioredis";
import type { RedisAvailability } from "./redis-availability";

/**
 * The market cache in Redis: every process reads what any process fetched. Entries live until
 * their stale deadline (serve-stale-on-error needs them that long). A Redis failure reads as a
 * miss and a write that did not happen, never as an error: the market layer then asks upstream,
 * as it would with a cold cache.
 */
export class RedisMarketCache implements MarketCache {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly clock: MarketClock,
    private readonly onError: (error: unknown) => void,
  ) {}

  async get<T>(key: string): Promise<CacheEntry<T> | undefined> {
    try {
      const text = await this.redis.get(this.prefix + key);
      if (text === null) return undefined;
      const entry = JSON.parse(text) as CacheEntry<T>;
      // Deadlines are on the market's clock, which a demo or a test may have moved.
      return entry.staleUntil > this.clock.now() ? entry : undefined;
    } catch (error) {
      this.onError(error);
      return undefined;
    }
  }

  async set<T>(key: string, entry: CacheEntry<T>): Promise<void> {
    const lifeMs = Math.ceil(entry.staleUntil - this.clock.now());
    if (lifeMs <= 0) return;
    try {
      await this.redis.set(this.prefix + key, JSON.stringify(entry), "PX", lifeMs);
    } catch (error) {
      this.onError(error);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.redis.del(this.prefix + key);
    } catch (error) {
      this.onError(error);
    }
  }
}

/**
 * The shared cache while Redis answers, this process's own while it is out of reach: market
 * reads keep a cache (and upstream calls keep growing with symbols, not requests) through an
 * outage, per process until Redis is back.
 */
export function fallbackMarketCache(
  shared: MarketCache,
  local: MarketCache,
  availability: RedisAvailability,
): MarketCache {
  const current = () => (availability.up ? shared : local);
  return {
    get: (key) => current().get(key),
    set: (key, entry) => current().set(key, entry),
    async delete(key) {
      await Promise.all([local.delete(key), availability.up ? shared.delete(key) : undefined]);
    },
  };
}
