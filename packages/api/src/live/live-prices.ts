import type { Instrument, PriceTick } from "@ledgerline/market";
import { instrumentKey } from "@ledgerline/market";
import type { AppDeps } from "../platform/scope";

export interface LiveTickOptions {
  /** Ends the stream (the client went away). */
  signal: AbortSignal | undefined;
  /**
   * A resume position (an earlier tick's `at`): the latest ticks already known are replayed
   * only if they are newer, so a reconnecting client gets what changed while it was away.
   */
  after?: number | undefined;
}

/** A resume position as a client sends it back (Last-Event-ID, tRPC's lastEventId). */
export function resumePosition(lastEventId: string | null | undefined): number | undefined {
  if (!lastEventId || !/^\d{1,15}$/.test(lastEventId)) return undefined;
  return Number(lastEventId);
}

/**
 * The ticks of some instruments as an async iterable, for one client. Ticks waiting to be read
 * are kept per instrument, the newest only: a slow client skips prices it had no time to show
 * instead of making the server hold an ever longer queue for it. Ending the iteration (or the
 * signal) unsubscribes, which releases the upstream when this was its last listener.
 */
export async function* liveTicks(
  deps: Pick<AppDeps, "priceTicks">,
  instruments: readonly Instrument[],
  options: LiveTickOptions,
): AsyncGenerator<PriceTick> {
  const { signal, after } = options;
  const waiting = new Map<string, PriceTick>();
  let wake: (() => void) | undefined;
  const unsubscribe = deps.priceTicks.subscribe(instruments, (tick) => {
    if (after !== undefined && tick.at <= after) return;
    const key = instrumentKey(tick);
    waiting.delete(key);
    waiting.set(key, tick);
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener("abort", onAbort);
  try {
    while (!signal?.aborted) {
      if (waiting.size === 0) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      const ticks = [...waiting.values()];
      waiting.clear();
      for (const tick of ticks) yield tick;
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    unsubscribe();
  }
}
