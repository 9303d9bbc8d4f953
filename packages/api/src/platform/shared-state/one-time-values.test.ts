import { describe, expect, it } from "vitest";
import { processOneTimeValues } from "./one-time-values";

describe("one-time values in one process", () => {
  it("gives a value once", async () => {
    const values = processOneTimeValues();
    await values.put("challenge", "for ann", 60_000);
    expect(await values.take("challenge")).toBe("for ann");
    expect(await values.take("challenge")).toBeUndefined();
  });

  it("forgets a value past its time", async () => {
    let now = 1_000;
    const values = processOneTimeValues(() => now);
    await values.put("challenge", "for ann", 5 * 60_000);
    now += 5 * 60_000;
    expect(await values.take("challenge")).toBeUndefined();
  });

  it("keeps a value until just before its time", async () => {
    let now = 1_000;
    const values = processOneTimeValues(() => now);
    await values.put("challenge", "for ann", 5 * 60_000);
    now += 5 * 60_000 - 1;
    expect(await values.take("challenge")).toBe("for ann");
  });
});
