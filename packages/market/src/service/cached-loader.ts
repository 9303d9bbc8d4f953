import type { Clock } from "@ledgerline/clock";
import {
  MarketDataError,
  toMarketDataError,
  type MarketErrorKind,
  type MarketOperation,
} from "../errors";
import type { MarketCache } from "../resilience/cache";
import type { SingleFlight } from "../resilience/single-flight";

/** What the cache holds: a value, or a remembered "no such symbol" / "not in our plan". */
type Stored<T> = { ok: true; value: T } | { ok: false; kind: MarketErrorKind; detail: string };

/** Answers worth remembering for a while: asking again soon would get the same answer. */
const REMEMBERED_FAILURES: ReadonlySet<MarketErrorKind> = new Set(["not_found", "unauthorized"]);
/** Answers that never justify serving old data in their place. */
const NOT_STALE_SERVABLE: ReadonlySet<MarketErrorKind> = new Set(["not_found", "invalid_symbol"]);

export interface LoadOptions {
  freshForMs: number;
  /** How long after freshness the value may stand in for a failing upstream. */
  staleForMs: number;
  /** Refresh even if fresh (the refresher); a failed forced refresh leaves the entry as it was. */
  force?: boolean;
  /**
   * False for a value no quote is shown from (a chart's bars, news, search hits): storing it
   * leaves `generation` as it was, so answers built from quotes stay current.
   */
  showsInQuotes?: boolean;
}

export interface StaleServedEvent {
  key: string;
  operation: MarketOperation;
  error: MarketDataError;
  ageMs: number;
}

/** A loaded value, and whether it stands in for a failed load (and when it was fetched). */
export interface LoadedEntry<T> {
  value: T;
  /** True when the load failed and the last good value is answered instead. */
  stale: boolean;
  /** When the value was fetched from upstream (epoch ms). */
  storedAt: number;
}

/**
 * Cache-aside with single-flight and serve-stale-on-error: a fresh entry is answered at once;
 * otherwise one load runs per key however many callers wait; if it fails, a stale entry is
 * answered instead of the error.
 */
export class CachedLoader {
  private quoteStores = 0;

  constructor(
    private readonly cache: MarketCache,
    private readonly singleFlight: SingleFlight,
    private readonly clock: Clock,
    private readonly rememberFailuresForMs: number,
    private readonly onStaleServed?: (event: StaleServedEvent) => void,
  ) {}

  /**
   * Grows with every entry this loader stores that a quote may be shown from (a new quote, a
   * remembered failure): an answer built from cached quotes is still current while this and
   * their freshness hold.
   */
  get generation(): number {
    return this.quoteStores;
  }

  /** When the entry under `key` stops being fresh (epoch ms); 0 when there is none. */
  async freshUntil(key: string): Promise<number> {
    return (await this.cache.get<unknown>(key))?.freshUntil ?? 0;
  }

  async load<T>(
    key: string,
    operation: MarketOperation,
    options: LoadOptions,
    work: () => Promise<T>,
  ): Promise<T> {
    return (await this.loadEntry(key, operation, options, work)).value;
  }

  /** As load(), saying whether the value is stale and when it was fetched. */
  async loadEntry<T>(
    key: string,
    operation: MarketOperation,
    options: LoadOptions,
    work: () => Promise<T>,
  ): Promise<LoadedEntry<T>> {
    const now = this.clock.now();
    const entry = await this.cache.get<Stored<T>>(key);
    // A forced refresh still trusts a remembered "not found" or "not in our plan": asking again
    // before it expires would get the same answer and spend quota.
    if (entry && entry.freshUntil > now && (!options.force || !entry.value.ok)) {
      return {
        value: this.unwrap(entry.value, operation),
        stale: false,
        storedAt: entry.storedAt,
      };
    }

    try {
      return await this.singleFlight.run(key, async (): Promise<LoadedEntry<T>> => {
        let value: T;
        try {
          value = await work();
        } catch (error) {
          const failure = toMarketDataError(error, operation);
          if (REMEMBERED_FAILURES.has(failure.kind)) {
            const at = this.clock.now();
            const until = at + this.rememberFailuresForMs;
            this.countStore(options);
            await this.cache.set<Stored<T>>(key, {
              value: { ok: false, kind: failure.kind, detail: failure.detail },
              storedAt: at,
              freshUntil: until,
              staleUntil: until,
            });
          }
          throw failure;
        }
        const at = this.clock.now();
        this.countStore(options);
        await this.cache.set<Stored<T>>(key, {
          value: { ok: true, value },
          storedAt: at,
          freshUntil: at + options.freshForMs,
          staleUntil: at + options.freshForMs + options.staleForMs,
        });
        return { value, stale: false, storedAt: at };
      });
    } catch (error) {
      const failure = toMarketDataError(error, operation);
      if (entry?.value.ok && !NOT_STALE_SERVABLE.has(failure.kind)) {
        this.onStaleServed?.({ key, operation, error: failure, ageMs: now - entry.storedAt });
        return { value: entry.value.value, stale: true, storedAt: entry.storedAt };
      }
      throw failure;
    }
  }

  private countStore(options: LoadOptions): void {
    if (options.showsInQuotes !== false) this.quoteStores += 1;
  }

  /** The cached value if there is one, fresh or stale, without loading anything. */
  async peek<T>(key: string): Promise<T | undefined> {
    const entry = await this.cache.get<Stored<T>>(key);
    return entry?.value.ok ? entry.value.value : undefined;
  }

  private unwrap<T>(stored: Stored<T>, operation: MarketOperation): T {
    if (stored.ok) return stored.value;
    throw new MarketDataError(operation, stored.kind, { detail: `${stored.detail} (remembered)` });
  }
}
