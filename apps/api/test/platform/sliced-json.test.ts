import { describe, expect, it } from "vitest";
import { jsonAnswer, jsonInSlices } from "@ledgerline/api/platform/sliced-json";

const text = async (value: unknown) =>
  Buffer.concat((await jsonInSlices(value)).chunks).toString("utf8");

describe("jsonInSlices", () => {
  const rows = Array.from({ length: 5003 }, (_, row) => ({
    row,
    outcome: row % 7 === 0 ? "error" : "trade",
    ...(row % 3 === 0 ? { message: `Row "${row}" é ✓ 😀\n` } : {}),
    date: new Date(Date.UTC(2025, 0, 1, 0, row)),
    skipped: undefined,
  }));

  it("writes the text JSON.stringify writes, long arrays and nesting included", async () => {
    const values: unknown[] = [
      { rows, summary: { trades: 1, errors: 0 } },
      { result: { data: { rows, summary: {} } }, empty: [], nothing: null, gone: undefined },
      [rows, rows.slice(0, 10), []],
      rows.map((row) => row.row),
      "text",
      0,
    ];
    for (const value of values) expect(await text(value)).toBe(JSON.stringify(value));
  });

  it("encodes the text as UTF-8 chunks of about 64 KB, never one string of the whole", async () => {
    const value = { rows: [...rows, ...rows, ...rows] };
    const { chunks, bytes } = await jsonInSlices(value);
    expect(bytes).toBe(Buffer.byteLength(JSON.stringify(value)));
    expect(chunks.length).toBeGreaterThan(10);
    // A chunk is what was gathered past 64 K characters, a slice of 500 rows at most beyond it.
    for (const chunk of chunks) expect(chunk.length).toBeLessThan(256 * 1024);
  });

  it("gives the event loop turns while it writes a long list", async () => {
    const long = Array.from({ length: 200_000 }, (_, row) => ({ row, message: "x".repeat(40) }));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await jsonInSlices({ rows: long });
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(2);
  });
});

describe("jsonAnswer", () => {
  it("streams the same text with its status, type and length", async () => {
    const value = { rows: Array.from({ length: 20_000 }, (_, row) => ({ row, note: "ü" })) };
    const answer = await jsonAnswer(value, 400);
    expect(answer.status).toBe(400);
    expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = await answer.text();
    expect(body).toBe(JSON.stringify(value));
    expect(answer.headers.get("content-length")).toBe(String(Buffer.byteLength(body)));
  });
});
