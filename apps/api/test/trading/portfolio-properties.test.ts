import { portfolioMessages } from "@ledgerline/contracts";
import { add, compare, divide, multiply, subtract, sum } from "@ledgerline/money";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { signIn, pinnedOpenMarket } from "../support/portfolio-support";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    market: pinnedOpenMarket(),
    throttleLimits: { registrationsPerIp: [10_000, 3600] },
  });
});
afterAll(() => t.close());

/** A positive amount with up to `places` decimals, as text. */
const amount = (maxWhole: number, places: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxWhole }), fc.integer({ min: 0, max: 10 ** places - 1 }))
    .map(([whole, fraction]) =>
      `${whole}.${String(fraction).padStart(places, "0")}`.replace(/\.?0+$/, ""),
    )
    .filter((text) => text !== "" && compare(text, "0") > 0);

type Step = { kind: "buy"; quantity: string; price: string } | { kind: "sell"; quantity: string };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("buy" as const),
    quantity: amount(500, 8),
    price: amount(5000, 2),
  }),
  fc.record({ kind: fc.constant("sell" as const), quantity: amount(500, 8) }),
);

/**
 * The money package proves the average-cost arithmetic; this drives random sequences through the
 * real HTTP door, validation, the repository's transactions and the fixed-width storage, against
 * a model that keeps quantity and cost exact (no rounding at all).
 */
it("keeps every position equal to an exact model after random buys and sells through the API", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
      const user = await signIn(t);
      let quantity = "0";
      let cost = "0";
      let positionId: number | undefined;
      for (const next of steps) {
        if (next.kind === "buy") {
          const bought = await user.buy({
            symbol: "AAPL",
            quantity: next.quantity,
            purchasePrice: next.price,
          });
          expect(bought.status).toBe(200);
          positionId = bought.data.position!.id;
          quantity = add(quantity, next.quantity);
          cost = add(cost, multiply(next.quantity, next.price));
        } else if (positionId !== undefined) {
          const sold = await user.sell({ positionId, quantity: next.quantity, price: "1" });
          if (compare(next.quantity, quantity) > 0) {
            expect(sold.status).toBe(400);
            expect(sold.message).toBe(portfolioMessages.invalidSellQuantity);
            continue;
          }
          expect(sold.status).toBe(200);
          // Selling keeps the average: the cost of what remains shrinks in proportion.
          const remaining = subtract(quantity, next.quantity);
          cost =
            compare(remaining, "0") === 0 ? "0" : divide(multiply(cost, remaining), quantity, 40);
          quantity = remaining;
          if (compare(quantity, "0") === 0) positionId = undefined;
        }
      }

      const positions = (await user.positions()).data;
      if (compare(quantity, "0") === 0) {
        expect(positions).toEqual([]);
      } else {
        expect(positions).toHaveLength(1);
        expect(positions[0]!.quantity).toBe(quantity);
        const modelAverage = divide(cost, quantity, 40);
        const error = subtract(positions[0]!.averagePurchasePrice, modelAverage);
        expect(compare(error.replace("-", ""), "0.000000000000001")).toBeLessThanOrEqual(0);
      }
      // The transaction rows account for every share held, exactly.
      const rows = await t.app.deps.repos.portfolio.transactions(user.user.id);
      const bought = sum(rows.filter((r) => r.transactionType === "BUY").map((r) => r.quantity));
      const sold = sum(rows.filter((r) => r.transactionType === "SELL").map((r) => r.quantity));
      expect(subtract(bought, sold)).toBe(quantity);
    }),
    { numRuns: 20 },
  );
}, 60_000);
