import { setImmediate as nextTurn } from "node:timers/promises";

/** Milliseconds of computing between two turns of the event loop. */
const SLICE_MS = 8;

/**
 * A check to await in a long loop (years of simulated bars, about 150 µs a day for a stock):
 * once the loop has computed for SLICE_MS, it gives the event loop a turn, so a request for
 * six years of bars (260 ms at load 10) never holds the others up for long.
 */
export function slices(): () => Promise<void> {
  let started = performance.now();
  return async () => {
    if (performance.now() - started < SLICE_MS) return;
    await nextTurn();
    started = performance.now();
  };
}
