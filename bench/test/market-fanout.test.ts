import { describe, expect, it } from "vitest";
import { runFanoutBenchmark } from "../market-fanout";

describe("the market fan-out benchmark", () => {
  it("runs and measures both scenarios", async () => {
    const result = await runFanoutBenchmark({ users: 100, minutes: 3 });
    expect(result.single.upstreamCalls).toBeGreaterThan(0);
    expect(result.crowd.polls).toBeGreaterThan(result.single.polls * 50);
    expect(Number.isFinite(result.ratio)).toBe(true);
  });
});
