import type { DividendToApply, ReplayRow, SplitToApply } from "@ledgerline/db";
import { describe, expect, it } from "vitest";
import { inDateOrder, replayCorporateActions } from "./corporate-action-replay";

/** New York midnight of an ex-date in winter. */
const exInstant = (day: string) => new Date(`${day}T05:00:00Z`);
const split = (exDate: string, from: string, to: string): SplitToApply => ({
  exDate,
  at: exInstant(exDate),
  from,
  to,
});
const dividend = (exDate: string, cashAmount: string): DividendToApply => ({
  exDate,
  at: exInstant(exDate),
  payDate: "2026-03-02",
  cashAmount,
});
let id = 0;
const trade = (
  side: "BUY" | "SELL",
  day: string,
  quantity: string,
  price = "100",
  fee = "0",
): ReplayRow => ({
  id: ++id,
  transactionDate: new Date(`${day}T15:00:00Z`),
  transactionType: side,
  quantity,
  price,
  fee,
  total: "0",
  notes: null,
});
const splitRow = (at: SplitToApply, fields: Partial<ReplayRow>): ReplayRow => ({
  id: ++id,
  transactionDate: at.at,
  transactionType: "SPLIT",
  quantity: "0",
  price: "0",
  fee: "0",
  total: "0",
  notes: null,
  ...fields,
});

describe("replayCorporateActions", () => {
  const fourForOne = split("2026-02-02", "1", "4");

  it("splits what was held at the ex-date, carries its cost basis and says so in words", () => {
    const rows = [trade("BUY", "2026-01-05", "10", "100", "2"), trade("BUY", "2026-02-10", "20")];
    expect(replayCorporateActions(rows, [fourForOne], [])).toEqual({
      splits: [
        {
          kind: "insert",
          split: fourForOne,
          figures: {
            quantity: "40",
            price: "25.05",
            total: "1002",
            notes: "4-for-1 split, +30 shares",
          },
        },
      ],
      // 40 at 25.05, then 20 at 100.
      position: { quantity: "60", averagePrice: "50.0333333333333333" },
      income: [],
    });
  });

  it("writes nothing for a split before the first trade, and nothing twice", () => {
    expect(replayCorporateActions([trade("BUY", "2026-02-10", "10")], [fourForOne], [])).toEqual({
      splits: [],
      position: null,
      income: [],
    });
    const written = splitRow(fourForOne, {
      quantity: "40",
      price: "25",
      total: "1000",
      notes: "4-for-1 split, +30 shares",
    });
    const rows = [trade("BUY", "2026-01-05", "10"), written];
    expect(replayCorporateActions(rows, [fourForOne], [])?.splits).toEqual([]);
  });

  it("corrects a SPLIT row a back-dated trade changed, rewords an old one, removes one no longer held", () => {
    const stale = splitRow(fourForOne, { quantity: "40", price: "25", total: "1000", notes: "x" });
    const rows = [trade("BUY", "2026-01-05", "10"), trade("BUY", "2026-01-20", "5"), stale];
    expect(replayCorporateActions(rows, [fourForOne], [])?.splits).toEqual([
      {
        kind: "update",
        split: fourForOne,
        id: stale.id,
        figures: { quantity: "60", price: "25", total: "1500", notes: "4-for-1 split, +45 shares" },
      },
    ]);
    // Decimals compare by value: PostgreSQL's numeric reads back as "40.00000000".
    const reworded = [trade("BUY", "2026-01-05", "10"), { ...stale, quantity: "40.00000000" }];
    expect(replayCorporateActions(reworded, [fourForOne], [])?.splits).toEqual([
      { kind: "notes", split: fourForOne, id: stale.id, notes: "4-for-1 split, +30 shares" },
    ]);
    const soldBefore = [trade("BUY", "2026-01-05", "10"), trade("SELL", "2026-01-20", "10"), stale];
    expect(replayCorporateActions(soldBefore, [fourForOne], [])).toEqual({
      splits: [{ kind: "delete", split: fourForOne, id: stale.id }],
      position: null,
      income: [],
    });
  });

  it("pays a dividend on the shares held at its ex-date, after a split on the same day", () => {
    const rows = [trade("BUY", "2026-01-05", "12"), trade("BUY", "2026-02-13", "100")];
    const paid = dividend("2026-02-13", "0.51");
    expect(
      replayCorporateActions(rows, [], inDateOrder([paid, dividend("2025-12-01", "1")])),
    ).toEqual({
      splits: [],
      position: null,
      income: [
        { exDate: "2026-02-13", payDate: "2026-03-02", quantity: "12", amountPerShare: "0.51" },
      ],
    });
    const sameDay = split("2026-02-13", "1", "2");
    expect(replayCorporateActions(rows, [sameDay], [paid])?.income).toMatchObject([
      { quantity: "24" },
    ]);
  });

  it("answers null when a sell is above what was held then", () => {
    const rows = [trade("BUY", "2026-01-05", "10"), trade("SELL", "2026-01-06", "10.5")];
    expect(replayCorporateActions(rows, [fourForOne], [])).toBeNull();
  });

  it("takes the actions in date order", () => {
    const later = split("2026-03-02", "1", "2");
    expect(inDateOrder([later, fourForOne])).toEqual([fourForOne, later]);
  });
});
