import { describe, expect, it } from "vitest";
import { jsonInSlices } from "@ledgerline/api/platform/sliced-json";

describe("jsonInSlices", () => {
  it("writes the text JSON.stringify writes, long arrays and nesting included", async () => {
    const rows = Array.from({ length: 5003 }, (_, row) => ({
      row,
      outcome: row % 7 === 0 ? "error" : "trade",
      ...(row % 3 === 0 ? { message: `Row "${row}"\n` } : {}),
      date: new Date(Date.UTC(2025, 0, 1, 0, row)),
      skipped: undefined,
    }));
    const values: unknown[] = [
      { rows, summary: { trades: 1, errors: 0 } },
      { result: { data: { rows, summary: {} } }, empty: [], nothing: null, gone: undefined },
      [rows, rows.slice(0, 10), []],
      rows.map((row) => row.row),
      "text",
      0,
    ];
    for (const value of values) expect(await jsonInSlices(value)).toBe(JSON.stringify(value));
  });

  it("gives the event loop turns while it writes a long list", async () => {
    const rows = Array.from({ length: 200_000 }, (_, row) => ({ row, message: "x".repeat(40) }));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await jsonInSlices({ rows });
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(2);
  });
});
