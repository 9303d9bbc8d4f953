import { instrumentKey, type Instrument } from "@ledgerline/market";

/**
 * The symbols each user watches live on this process, across all their open streams (screens,
 * tabs, REST clients): a symbol open in two streams counts once. A stream claims its symbols as
 * it opens and releases them as it ends, so the limit is on what is watched at once.
 */
export class LiveSymbolClaims {
  private readonly byUser = new Map<number, Map<string, number>>();

  /**
   * Claims these instruments for one more stream of the user. Returns the function that releases
   * them (calling it twice is harmless), or undefined when the user would then watch more than
   * `limit` distinct symbols; nothing is claimed then.
   */
  claim(
    userId: number,
    instruments: readonly Instrument[],
    limit: number,
  ): (() => void) | undefined {
    const keys = [...new Set(instruments.map(instrumentKey))];
    const held = this.byUser.get(userId) ?? new Map<string, number>();
    const added = keys.filter((key) => !held.has(key)).length;
    if (held.size + added > limit) return undefined;
    for (const key of keys) held.set(key, (held.get(key) ?? 0) + 1);
    this.byUser.set(userId, held);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const key of keys) {
        const count = (held.get(key) ?? 1) - 1;
        if (count > 0) held.set(key, count);
        else held.delete(key);
      }
      if (held.size === 0 && this.byUser.get(userId) === held) this.byUser.delete(userId);
    };
  }

  /** How many distinct symbols a user watches now. */
  watchedBy(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }
}
