import { describe, expect, it } from "vitest";
import { pricesAsOfText, staleSince } from "../src/components/assets/PricesAsOf";

describe("the stale prices notice", () => {
  it("says 'Prices as of HH:MM' in the viewer's time zone", () => {
    const at = "2026-03-11T15:04:00Z";
    const local = new Date(at);
    const hh = String(local.getHours()).padStart(2, "0");
    const mm = String(local.getMinutes()).padStart(2, "0");
    expect(pricesAsOfText(at)).toBe(`Prices as of ${hh}:${mm}`);
    expect(pricesAsOfText(null)).toBeNull();
    expect(pricesAsOfText("garbage")).toBeNull();
  });

  it("is shown only for stale quotes, as of when they were fetched", () => {
    const asOf = "2026-03-11T15:00:00.000Z";
    expect(staleSince({ stale: true, asOf, timestamp: "2026-03-11T14:59:00.000Z" })).toBe(asOf);
    expect(staleSince({ stale: true, timestamp: "2026-03-11T14:59:00.000Z" })).toBe(
      "2026-03-11T14:59:00.000Z",
    );
    expect(staleSince({ stale: false, asOf })).toBeNull();
    expect(staleSince({ asOf })).toBeNull();
    expect(staleSince(null)).toBeNull();
  });
});
