import { instrumentKey, type Instrument } from "@ledgerline/market";

/** What one user may hold open at once on this process. */
export interface LiveLimits {
  /** Distinct symbols across all their streams. */
  symbols: number;
  /** Open streams. */
  streams: number;
}

interface Held {
  /** Streams holding each symbol. */
  symbols: Map<string, number>;
  streams: number;
}

/**
 * The symbols and streams each user watches live on this process, across all their open streams
 * (screens, tabs, REST clients): a symbol open in two streams counts once. A stream claims its
 * symbols as it opens and releases them as it ends, so the limits are on what is open at once.
 */
export class LiveSymbolClaims {
  private readonly byUser = new Map<number, Held>();

  /**
   * Claims these instruments for one more stream of the user. Returns the function that releases
   * them (calling it twice is harmless), or which limit the stream would go past; nothing is
   * claimed then.
   */
  claim(
    userId: number,
    instruments: readonly Instrument[],
    limits: LiveLimits,
  ): (() => void) | "symbols" | "streams" {
    const keys = [...new Set(instruments.map(instrumentKey))];
    const held = this.byUser.get(userId) ?? { symbols: new Map<string, number>(), streams: 0 };
    if (held.streams + 1 > limits.streams) return "streams";
    const added = keys.filter((key) => !held.symbols.has(key)).length;
    if (held.symbols.size + added > limits.symbols) return "symbols";
    for (const key of keys) held.symbols.set(key, (held.symbols.get(key) ?? 0) + 1);
    held.streams += 1;
    this.byUser.set(userId, held);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      held.streams -= 1;
      for (const key of keys) {
        const count = (held.symbols.get(key) ?? 1) - 1;
        if (count > 0) held.symbols.set(key, count);
        else held.symbols.delete(key);
      }
      if (held.streams === 0 && this.byUser.get(userId) === held) this.byUser.delete(userId);
    };
  }

  /** How many distinct symbols a user watches now. */
  watchedBy(userId: number): number {
    return this.byUser.get(userId)?.symbols.size ?? 0;
  }

  /** How many streams a user has open now. */
  streamsOf(userId: number): number {
    return this.byUser.get(userId)?.streams ?? 0;
  }
}
