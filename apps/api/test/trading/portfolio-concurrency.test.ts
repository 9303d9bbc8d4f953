import { portfolioMessages } from "@ledgerline/contracts";
import { sum } from "@ledgerline/money";
import { afterEach, expect, it } from "vitest";
import { stocksApp } from "../support/portfolio-support";
import type { TestApp } from "../support/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

it("sells exactly the held quantity, never more, when 50 sells race over HTTP", async () => {
  const app = await stocksApp();
  t = app.t;
  const id = (await app.buy({ symbol: "AAPL", quantity: "100", purchasePrice: "50" })).data
    .position!.id;

  // 50 sells of 2.5 shares ask for 125 while 100 are held.
  const responses = await Promise.all(
    Array.from({ length: 50 }, () =>
      t!.app.inject({
        method: "POST",
        url: `/api/portfolio/${id}/sell`,
        headers: { authorization: `Bearer ${app.token}` },
        payload: { quantity: 2.5, price: 60 },
      }),
    ),
  );

  const statuses = responses.map((response) => response.statusCode);
  expect(statuses.filter((status) => status === 200)).toHaveLength(40);
  const refused = responses.filter((response) => response.statusCode !== 200);
  expect(refused).toHaveLength(10);
  for (const response of refused) {
    // Refused before the transaction (404: already closed) or inside it (400: exceeds holding).
    expect([400, 404]).toContain(response.statusCode);
    expect([portfolioMessages.invalidSellQuantity, portfolioMessages.positionNotFound]).toContain(
      response.json<{ message: string }>().message,
    );
  }
  const sells = (await t.app.deps.repos.portfolio.transactions(app.user.id)).filter(
    (row) => row.transactionType === "SELL",
  );
  expect(sum(sells.map((row) => row.quantity))).toBe("100");
  expect((await app.positions()).data).toEqual([]);
});

it("never lets concurrent sells of different sizes take a position below zero", async () => {
  const app = await stocksApp();
  t = app.t;
  const id = (await app.buy({ symbol: "MSFT", quantity: "7", purchasePrice: "10" })).data.position!
    .id;
  const sizes = Array.from({ length: 50 }, (_, i) => ["0.5", "1", "3"][i % 3]!);
  const responses = await Promise.all(
    sizes.map((quantity) => app.sell({ positionId: id, quantity, price: "10" })),
  );
  const sold = sum(
    responses.flatMap((response, i) => (response.status === 200 ? [sizes[i]!] : [])),
  );
  const remaining = (await app.positions()).data[0]?.quantity ?? "0";
  expect(sum([sold, remaining])).toBe("7");
  const sells = (await t.app.deps.repos.portfolio.transactions(app.user.id)).filter(
    (row) => row.transactionType === "SELL",
  );
  expect(sum(sells.map((row) => row.quantity))).toBe(sold);
});
