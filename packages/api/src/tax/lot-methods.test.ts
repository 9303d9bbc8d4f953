import { describe, expect, it } from "vitest";
import type { CostBasisMethod } from "@ledgerline/contracts";
import { lotView, replayLots, saleView, type LotSelection } from "./lot-engine";
import { account, Trades } from "./lot-test-events";

/**
 * One sequence under every method, figures worked by hand:
 *   lot 1: 2024-01-10 buy 10 at 100 with a fee of 5 -> basis 1,005 (100.50 a share)
 *   lot 2: 2024-03-01 buy 10 at 120                 -> basis 1,200
 *   lot 3: 2024-06-03 buy 5 at 90                   -> basis 450
 *   2025-02-03 sell 12 at 150 with a fee of 6       -> proceeds 1,794 (149.50 a share)
 * Lot 1 is long-term on the sale date (held more than a year); lots 2 and 3 are short-term.
 */
function sequence(method: CostBasisMethod, lots?: LotSelection[]) {
  const trades = new Trades();
  trades.buy("2024-01-10", "10", "1005");
  trades.buy("2024-03-01", "10", "1200");
  trades.buy("2024-06-03", "5", "450");
  trades.sell("2025-02-03", "12", "1794", { lots });
  const replay = replayLots([account(1, method)], trades.events);
  return {
    sold: replay.sales
      .map(saleView)
      .map(({ lotId, quantity, proceeds, costBasis, gain, term }) => ({
        lotId,
        quantity,
        proceeds,
        costBasis,
        gain,
        term,
      })),
    left: replay
      .openLots()
      .map((lot) => lotView(lot, "2025-02-03"))
      .map(({ lotId, remaining, costBasis }) => ({ lotId, remaining, costBasis })),
  };
}

describe("cost-basis methods on one sequence", () => {
  it("fifo sells the earliest lots first", () => {
    expect(sequence("fifo")).toEqual({
      sold: [
        {
          lotId: "1",
          quantity: "10",
          proceeds: "1495",
          costBasis: "1005",
          gain: "490",
          term: "long",
        },
        { lotId: "2", quantity: "2", proceeds: "299", costBasis: "240", gain: "59", term: "short" },
      ],
      left: [
        { lotId: "2", remaining: "8", costBasis: "960" },
        { lotId: "3", remaining: "5", costBasis: "450" },
      ],
    });
  });

  it("lifo sells the latest lots first", () => {
    expect(sequence("lifo")).toEqual({
      sold: [
        {
          lotId: "3",
          quantity: "5",
          proceeds: "747.5",
          costBasis: "450",
          gain: "297.5",
          term: "short",
        },
        {
          lotId: "2",
          quantity: "7",
          proceeds: "1046.5",
          costBasis: "840",
          gain: "206.5",
          term: "short",
        },
      ],
      left: [
        { lotId: "1", remaining: "10", costBasis: "1005" },
        { lotId: "2", remaining: "3", costBasis: "360" },
      ],
    });
  });

  it("hifo sells the highest cost a share first", () => {
    expect(sequence("hifo")).toEqual({
      sold: [
        {
          lotId: "2",
          quantity: "10",
          proceeds: "1495",
          costBasis: "1200",
          gain: "295",
          term: "short",
        },
        { lotId: "1", quantity: "2", proceeds: "299", costBasis: "201", gain: "98", term: "long" },
      ],
      left: [
        { lotId: "1", remaining: "8", costBasis: "804" },
        { lotId: "3", remaining: "5", costBasis: "450" },
      ],
    });
  });

  it("specific sells the lots named, in the quantities named", () => {
    const named = [
      { lotId: "3", quantity: "5" },
      { lotId: "1", quantity: "7" },
    ];
    expect(sequence("specific", named)).toEqual({
      sold: [
        {
          lotId: "3",
          quantity: "5",
          proceeds: "747.5",
          costBasis: "450",
          gain: "297.5",
          term: "short",
        },
        {
          lotId: "1",
          quantity: "7",
          proceeds: "1046.5",
          costBasis: "703.5",
          gain: "343",
          term: "long",
        },
      ],
      left: [
        { lotId: "1", remaining: "3", costBasis: "301.5" },
        { lotId: "2", remaining: "10", costBasis: "1200" },
      ],
    });
  });

  it("a sale's named lots win over the account's method", () => {
    const named = [{ lotId: "2", quantity: "12" }];
    expect(sequence("fifo", named).sold).toEqual([
      {
        lotId: "2",
        quantity: "10",
        proceeds: "1495",
        costBasis: "1200",
        gain: "295",
        term: "short",
      },
      { lotId: "1", quantity: "2", proceeds: "299", costBasis: "201", gain: "98", term: "long" },
    ]);
  });

  it("specific without named lots sells first in first out", () => {
    expect(sequence("specific")).toEqual(sequence("fifo"));
  });

  it("average sells at the average cost, 2,655 / 25 = 106.20 a share, dates first in first out", () => {
    expect(sequence("average")).toEqual({
      sold: [
        {
          lotId: "1",
          quantity: "10",
          proceeds: "1495",
          costBasis: "1062",
          gain: "433",
          term: "long",
        },
        {
          lotId: "2",
          quantity: "2",
          proceeds: "299",
          costBasis: "212.4",
          gain: "86.6",
          term: "short",
        },
      ],
      left: [
        { lotId: "2", remaining: "8", costBasis: "849.6" },
        { lotId: "3", remaining: "5", costBasis: "531" },
      ],
    });
  });

  it("realized plus unrealized at 150 a share is 1,089 under every method", () => {
    for (const method of ["fifo", "lifo", "hifo", "average"] as const) {
      const { sold, left } = sequence(method);
      const realized = sold.reduce((total, row) => total + Number(row.gain) * 100, 0);
      const basis = left.reduce((total, lot) => total + Number(lot.costBasis) * 100, 0);
      // 13 shares left at 150 = 1,950; cents as integers, exact at these sizes.
      expect(realized + 195_000 - basis).toBe(108_900);
    }
  });

  it("a holding is long-term only after its first anniversary", () => {
    const trades = new Trades();
    trades.buy("2024-02-29", "3", "300");
    trades.sell("2025-02-28", "1", "150");
    trades.sell("2025-03-01", "1", "150");
    trades.sell("2025-03-02", "1", "150");
    const terms = replayLots([account(1)], trades.events).sales.map((sale) => sale.term);
    // 2024-02-29's anniversary is 2025-03-01 (Date.UTC rolls 02-29 over): long the day after.
    expect(terms).toEqual(["short", "short", "long"]);
  });

  it("a split scales every open lot and keeps its basis and date", () => {
    const trades = new Trades();
    trades.buy("2024-01-10", "3", "300");
    trades.buy("2024-02-10", "1", "200");
    trades.split("2024-06-10", "12");
    const lots = replayLots([account(1)], trades.events)
      .openLots()
      .map((lot) => lotView(lot, "2024-06-10"));
    expect(
      lots.map(({ lotId, remaining, costBasis, acquiredAt }) => [
        lotId,
        remaining,
        costBasis,
        acquiredAt,
      ]),
    ).toEqual([
      ["1", "9", "300", "2024-01-10"],
      ["2", "3", "200", "2024-02-10"],
    ]);
  });

  it("a transferred holding keeps its lots, dates and basis in the new account", () => {
    const trades = new Trades();
    trades.buy("2024-01-10", "10", "1000");
    trades.buy("2024-02-10", "10", "1500");
    trades.transfer("2024-03-01", "15", 1, 2);
    const replay = replayLots([account(1), account(2, "lifo")], trades.events);
    const lots = replay.openLots().map((lot) => lotView(lot, "2024-03-01"));
    expect(
      lots.map(({ accountId, lotId, remaining, costBasis, acquiredAt }) => [
        accountId,
        lotId,
        remaining,
        costBasis,
        acquiredAt,
      ]),
    ).toEqual([
      [1, "2", "5", "750", "2024-02-10"],
      [2, "1", "10", "1000", "2024-01-10"],
      [2, "2", "5", "750", "2024-02-10"],
    ]);
  });

  it("a sell of more than the account holds is skipped, as the position replay does", () => {
    const trades = new Trades();
    trades.buy("2024-01-10", "1", "100");
    trades.sell("2024-01-11", "2", "300");
    const replay = replayLots([account(1)], trades.events);
    expect(replay.sales).toEqual([]);
    expect(replay.openLots()).toHaveLength(1);
  });

  it("a named lot that is not open is reported and the method takes the rest", () => {
    const trades = new Trades();
    trades.buy("2024-01-10", "1", "100");
    trades.buy("2024-01-11", "1", "100");
    const sale = trades.sell("2024-01-12", "1", "120", { lots: [{ lotId: "99", quantity: "1" }] });
    const replay = replayLots([account(1)], trades.events);
    expect(replay.unmetSelections).toEqual([sale]);
    expect(replay.sales.map((row) => row.lotId)).toEqual(["1"]);
  });
});
