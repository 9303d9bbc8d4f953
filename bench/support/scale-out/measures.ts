/** Figures the scale-out bench reads from the processes' answers; pure, so bench/test holds them. */

/** A gauge without labels from Prometheus text lines; NaN when the process does not export it. */
export function gaugeOf(lines: string[], name: string): number {
  const line = lines.find((candidate) => candidate.startsWith(`${name} `));
  return Number(line?.split(" ")[1] ?? NaN);
}

/** The p-th percentile of ascending values (the value at rank p% of them); NaN when none. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Calendar days from `first` to `last` (YYYY-MM-DD, UTC), both counted. */
export function daysBetween(first: string, last: string): number {
  return (
    Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000) +
    1
  );
}

/** A request through the balancer: when it started (epoch ms) and how long it took (ms). */
export interface Timed {
  at: number;
  ms: number;
}

/** The p99 of the requests that started within [from, to). */
export function p99Within(samples: Timed[], from: number, to: number): number {
  return percentile(
    samples
      .filter((sample) => sample.at >= from && sample.at < to)
      .map((sample) => sample.ms)
      .sort((a, b) => a - b),
    99,
  );
}

/**
 * One scrape of an API process's event-loop delay (ms) over the window ending `at`, and how long
 * in that window (`spanMs`) its main thread ran and how long it waited for a CPU.
 */
export interface LoopWindow {
  process: string;
  at: number;
  p99: number;
  max: number;
  spanMs: number;
  runMs: number;
  waitMs: number;
}

/**
 * Each process's worst window p99 (and longest delay) among the windows that ended within
 * [from, to]: the scrapes reset the histogram, so a window's p99 is its own and the worst of
 * them bounds the p99 of the whole stretch from above.
 */
export function worstLoopWindows(
  windows: LoopWindow[],
  from: number,
  to: number,
): {
  process: string;
  windows: number;
  p99: number;
  max: number;
  /** Shares of the windows' time the main thread ran, and waited for a CPU. */
  running: number;
  waiting: number;
}[] {
  const inside = windows.filter((window) => window.at > from && window.at <= to);
  const processes = [...new Set(inside.map((window) => window.process))].sort();
  return processes.map((process) => {
    const mine = inside.filter((window) => window.process === process);
    const total = (field: "spanMs" | "runMs" | "waitMs") =>
      mine.reduce((sum, window) => sum + window[field], 0);
    return {
      process,
      windows: mine.length,
      p99: Math.max(...mine.map((window) => window.p99)),
      max: Math.max(...mine.map((window) => window.max)),
      running: total("runMs") / total("spanMs"),
      waiting: total("waitMs") / total("spanMs"),
    };
  });
}
