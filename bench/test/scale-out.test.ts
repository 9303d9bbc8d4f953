import { describe, expect, it } from "vitest";
import {
  daysBetween,
  gaugeOf,
  p99Within,
  percentile,
  worstLoopWindows,
} from "../support/scale-out/measures";

describe("the scale-out bench's figures", () => {
  it("reads an unlabelled gauge from Prometheus text, NaN when missing", () => {
    const lines = [
      "# HELP ledgerline_nodejs_eventloop_lag_p99_seconds The 99th percentile",
      "ledgerline_nodejs_eventloop_lag_p99_seconds 0.012058623",
      "ledgerline_nodejs_eventloop_lag_p99_seconds_other 9",
    ];
    expect(gaugeOf(lines, "ledgerline_nodejs_eventloop_lag_p99_seconds")).toBe(0.012058623);
    expect(gaugeOf(lines, "ledgerline_live_symbols")).toBeNaN();
  });

  it("counts both ends of a span of days, across a month", () => {
    expect(daysBetween("2026-11-30", "2026-11-30")).toBe(1);
    expect(daysBetween("2026-11-29", "2026-12-01")).toBe(3);
    expect(daysBetween("2021-12-01", "2026-11-30")).toBe(1826);
  });

  it("takes the p99 of the requests started within a window only", () => {
    const samples = Array.from({ length: 200 }, (_, i) => ({ at: i, ms: i < 100 ? 1 : 100 + i }));
    expect(p99Within(samples, 0, 100)).toBe(1);
    expect(p99Within(samples, 100, 200)).toBe(299);
    expect(p99Within(samples, 500, 600)).toBeNaN();
    expect(percentile([1, 2, 3, 4], 50)).toBe(3);
  });

  it("keeps each process's worst window within the stretch", () => {
    const windows = [
      { process: "api1", at: 5, p99: 11, max: 20, spanMs: 5, runMs: 1, waitMs: 0 },
      { process: "api1", at: 10, p99: 60, max: 80, spanMs: 5, runMs: 3, waitMs: 2 },
      { process: "api2", at: 10, p99: 12, max: 15, spanMs: 10, runMs: 5, waitMs: 1 },
      { process: "api1", at: 20, p99: 90, max: 95, spanMs: 10, runMs: 10, waitMs: 0 },
    ];
    expect(worstLoopWindows(windows, 0, 15)).toEqual([
      { process: "api1", windows: 2, p99: 60, max: 80, running: 0.4, waiting: 0.2 },
      { process: "api2", windows: 1, p99: 12, max: 15, running: 0.5, waiting: 0.1 },
    ]);
  });
});
