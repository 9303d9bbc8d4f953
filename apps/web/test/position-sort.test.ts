import { describe, expect, it } from "vitest";
import {
  nextSort,
  sortPositions,
} from "../src/routes/_app/portfolio-summary/-components/position-sort";
import type { ShownPosition } from "../src/routes/_app/portfolio-summary/-components/shown-position";

const row = (symbol: string, fields: Partial<ShownPosition>): ShownPosition =>
  ({ id: symbol.length, symbol, ...fields }) as ShownPosition;

const symbols = (rows: readonly ShownPosition[]) => rows.map((position) => position.symbol);

describe("sorting the holdings", () => {
  it("compares decimal figures exactly, not as text or floats", () => {
    const rows = [
      row("A", { currentValue: "9.5" }),
      row("B", { currentValue: "10" }),
      row("C", { currentValue: "0.00000002" }),
      row("D", { currentValue: "0.00000001" }),
    ];
    expect(symbols(sortPositions(rows, { key: "currentValue", desc: true }))).toEqual([
      "B",
      "A",
      "C",
      "D",
    ]);
    expect(symbols(sortPositions(rows, { key: "currentValue", desc: false }))).toEqual([
      "D",
      "C",
      "A",
      "B",
    ]);
  });

  it("puts a holding without today's change last in either direction", () => {
    const rows = [
      row("A", { todayChange: null }),
      row("B", { todayChange: "-3" }),
      row("C", { todayChange: "2" }),
    ];
    expect(symbols(sortPositions(rows, { key: "todayChange", desc: true }))).toEqual([
      "C",
      "B",
      "A",
    ]);
    expect(symbols(sortPositions(rows, { key: "todayChange", desc: false }))).toEqual([
      "B",
      "C",
      "A",
    ]);
  });

  it("starts names A to Z and figures largest first, and a second press turns it round", () => {
    expect(nextSort(null, "symbol")).toEqual({ key: "symbol", desc: false });
    expect(nextSort(null, "allocationPercent")).toEqual({ key: "allocationPercent", desc: true });
    expect(nextSort({ key: "symbol", desc: false }, "symbol")).toEqual({
      key: "symbol",
      desc: true,
    });
  });

  it("keeps the listed order without a sort, and for ties", () => {
    const rows = [row("B", { allocationPercent: 5 }), row("A", { allocationPercent: 5 })];
    expect(sortPositions(rows, null)).toBe(rows);
    expect(symbols(sortPositions(rows, { key: "allocationPercent", desc: true }))).toEqual([
      "B",
      "A",
    ]);
  });
});
