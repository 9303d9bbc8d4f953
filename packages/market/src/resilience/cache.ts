import { LRUCache } from "lru-cache";
import type { Clock } from "@ledgerline/clock";

/**
 * A cache entry knows two deadlines: until `freshUntil` it is served without asking upstream;
 * until `staleUntil` it may still be served when upstream fails (serve-stale-on-error).
 */
export interface CacheEntry<T> {
  value: T;
  storedAt: number;
  freshUntil: number;
  staleUntil: number;
}

/**
 * The market layer's cache. Values are plain JSON data, so a shared implementation (Redis) can
 * replace the in-memory one when several API processes run.
 */
export interface MarketCache {
  get<T>(key: string): Promise<CacheEntry<T> | undefined>;
  set<T>(key: string, entry: CacheEntry<T>): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface InMemoryMarketCacheOptions {
  clock: Clock;
  /** Least recently used entries go first beyond this. */
  maxEntries?: number;
}

export class InMemoryMarketCache implements MarketCache {
  private readonly entries: LRUCache<string, CacheEntry<unknown>>;
  private readonly clock: Clock;

  constructor(options: InMemoryMarketCacheOptions) {
    this.clock = options.clock;
    // Bounded by a size of one an entry rather than `max`: `max` allocates its whole index at
    // start (about 1 MB for 50,000 entries, in every idle server; issue 35), this grows with use.
    this.entries = new LRUCache({
      maxSize: options.maxEntries ?? 50_000,
      sizeCalculation: () => 1,
    });
  }

  async get<T>(key: string): Promise<CacheEntry<T> | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.staleUntil <= this.clock.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry as CacheEntry<T>;
  }

  async set<T>(key: string, entry: CacheEntry<T>): Promise<void> {
    this.entries.set(key, entry);
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
