import { LRUCache } from "lru-cache";
import type { Clock } from "@ledgerline/clock";

/** Symbols users asked for lately, so the refresher can keep them warm too. */
export class RecentSymbols {
  // A size of one an entry, not `max`, which allocates its whole index up front (issue 35).
  private readonly seen = new LRUCache<string, number>({
    maxSize: 5_000,
    sizeCalculation: () => 1,
  });

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
