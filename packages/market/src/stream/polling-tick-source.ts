import type { Clock, TimerHandle } from "@ledgerline/clock";
import type { Instrument, PriceTick, TickSource } from "./price-ticks";

export interface PollingTickSourceOptions {
  clock: Clock;
  /** The current tick of an instrument; a failure is skipped (the next read tries again). */
  read(instrument: Instrument): Promise<PriceTick>;
  /** How long to wait before the next read of this instrument (may depend on market hours). */
  intervalMs(instrument: Instrument): number;
  /** While this says so, reads are skipped (e.g. a streaming feed is delivering). */
  paused?(instrument: Instrument): boolean;
  onError?(error: unknown, instrument: Instrument): void;
}

/** The figures of a quote; when it was read (its age, its timestamp) is not a change. */
function fingerprint(tick: PriceTick): string {
  const { stale: _stale, asOf: _asOf, ageSeconds: _age, ...figures } = tick.quote;
  const { timestamp: _timestamp, ...rest } = figures as typeof figures & { timestamp?: string };
  return JSON.stringify(rest);
}

/**
 * Ticks by reading the market service on a timer: the simulated markets (whose prices are a
 * function of the clock), and the fallback of any streaming feed that has gone quiet. A tick is
 * emitted on the first read and then only when the quote changed. Reads are chained, never
 * overlapping, so a slow upstream cannot pile them up.
 */
export function pollingTickSource(options: PollingTickSourceOptions): TickSource {
  const { clock } = options;
  return {
    open(instrument, emit) {
      let open = true;
      let timer: TimerHandle = undefined;
      let last: string | undefined;

      async function poll() {
        timer = undefined;
        if (!options.paused?.(instrument)) {
          try {
            const tick = await options.read(instrument);
            const seen = fingerprint(tick);
            if (open && seen !== last) {
              last = seen;
              emit(tick);
            }
          } catch (error) {
            options.onError?.(error, instrument);
          }
        }
        if (open) timer = clock.setTimeout(() => void poll(), options.intervalMs(instrument));
      }

      void poll();
      return () => {
        open = false;
        if (timer !== undefined) clock.clearTimeout(timer);
      };
    },
  };
}
