import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CostBasisMethod } from "@ledgerline/contracts";
import { replayLots, type LotEvent } from "./lot-engine";
import { money, quantity } from "./units";
import { account, Trades } from "./lot-test-events";

/** A trade of the generated sequences: whole shares and whole cents keep the bookkeeping exact. */
interface Step {
  kind: "buy" | "sell";
  accountId: 1 | 2;
  days: number;
  shares: number;
  cents: number;
}

const steps = fc.array(
  fc.record({
    kind: fc.constantFrom("buy" as const, "sell" as const),
    accountId: fc.constantFrom(1 as const, 2 as const),
    days: fc.integer({ min: 0, max: 40 }),
    shares: fc.integer({ min: 1, max: 40 }),
    cents: fc.integer({ min: 1, max: 50_000 }),
  }),
  { minLength: 1, maxLength: 40 },
);

const dayAfter = (start: string, days: number) =>
  new Date(Date.parse(`${start}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The trades of `sequence`, and with `splitAt` a 2-for-1 split before that step (later trades doubled). */
function build(
  sequence: readonly Step[],
  splitAt: number | null = null,
  assetType: "STOCK" | "CRYPTO" = "STOCK",
): LotEvent[] {
  const trades = new Trades();
  const held = { 1: 0, 2: 0 };
  let day = 0;
  sequence.forEach((step, index) => {
    day += step.days;
    const date = dayAfter("2024-01-01", day);
    const factor = splitAt !== null && index >= splitAt ? 2 : 1;
    if (index === splitAt) {
      for (const accountId of [1, 2] as const) {
        held[accountId] *= 2;
        if (held[accountId] > 0)
          trades.split(date, String(held[accountId]), { accountId, assetType });
      }
    }
    const shares = step.shares * factor;
    const amount = (step.cents * step.shares) / 100;
    if (step.kind === "buy") {
      held[step.accountId] += shares;
      trades.buy(date, String(shares), amount.toFixed(2), { accountId: step.accountId, assetType });
    } else if (shares <= held[step.accountId]) {
      held[step.accountId] -= shares;
      trades.sell(date, String(shares), amount.toFixed(2), {
        accountId: step.accountId,
        assetType,
      });
    }
  });
  return trades.events;
}

function totals(events: LotEvent[], method: CostBasisMethod) {
  const replay = replayLots([account(1, method), account(2, method)], events);
  const realized = replay.sales.reduce(
    (total, sale) => total + sale.proceeds - sale.basis + sale.washSaleDisallowed,
    0n,
  );
  const lots = replay.openLots();
  return {
    realized,
    remaining: lots.reduce((total, lot) => total + lot.remaining, 0n),
    basis: lots.reduce((total, lot) => total + lot.basis, 0n),
    byAccount: [1, 2].map((id) =>
      lots.filter((lot) => lot.accountId === id).reduce((total, lot) => total + lot.remaining, 0n),
    ),
  };
}

function position(events: LotEvent[], accountId: number): bigint {
  return events
    .filter((event) => event.accountId === accountId)
    .reduce((held, event) => {
      if (event.kind === "buy") return held + quantity(event.quantity);
      if (event.kind === "sell") return held - quantity(event.quantity);
      return held;
    }, 0n);
}

const methods: CostBasisMethod[] = ["fifo", "lifo", "hifo", "specific", "average"];

describe("lot engine properties", () => {
  it("the open lots' remaining quantities add up to each account's position", () => {
    fc.assert(
      fc.property(steps, fc.constantFrom(...methods), (sequence, method) => {
        const events = build(sequence);
        expect(totals(events, method).byAccount).toEqual([
          position(events, 1),
          position(events, 2),
        ]);
      }),
    );
  });

  it("realized + unrealized (realized + value - basis) is the same under every method", () => {
    fc.assert(
      fc.property(steps, fc.integer({ min: 1, max: 50_000 }), (sequence, cents) => {
        const events = build(sequence);
        const price = money((cents / 100).toFixed(2)) / 10n ** 8n; // per 1e-8 share units
        const figures = methods.map((method) => {
          const { realized, remaining, basis } = totals(events, method);
          return realized + remaining * price - basis;
        });
        expect(new Set(figures).size).toBe(1);
        // And it is what came in less what went out: no wash-sale dollar is lost in one account pair.
        const flows = events.reduce((total, event) => {
          if (event.kind === "buy") return total - money(event.cost);
          if (event.kind === "sell") return total + money(event.proceeds);
          return total;
        }, 0n);
        expect(figures[0]).toBe(flows + totals(events, "fifo").remaining * price);
      }),
    );
  });

  // Outside the wash-sale rule (it compares share counts, and a split between a loss sale and its
  // replacement changes what a share is: a known limit, see the lots decision).
  it("a 2-for-1 split changes no gain", () => {
    fc.assert(
      fc.property(steps, fc.nat(), fc.constantFrom(...methods), (sequence, at, method) => {
        const splitAt = at % sequence.length;
        expect(totals(build(sequence, splitAt, "CRYPTO"), method).realized).toBe(
          totals(build(sequence, null, "CRYPTO"), method).realized,
        );
      }),
    );
  });
});
