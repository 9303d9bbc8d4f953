import { LRUCache } from "lru-cache";
import type { Clock } from "@ledgerline/clock";

/** Symbols users asked for lately, so the refresher can keep them warm too. */
export class RecentSymbols {
  private readonly seen = new LRUCache<string, number>({ max: 5_000 });

  constructor(private readonly clock: Clock) {}

  note(symbol: string): void {
    this.seen.set(symbol, this.clock.now());
  }

  within(ms: number): string[] {
    const since = this.clock.now() - ms;
    const symbols: string[] = [];
    for (const [symbol, at] of this.seen.entries()) if (at >= since) symbols.push(symbol);
    return symbols.sort();
  }
}
