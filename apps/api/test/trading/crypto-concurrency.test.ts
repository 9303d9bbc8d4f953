import { portfolioMessages } from "@ledgerline/contracts";
import { sum } from "@ledgerline/money";
import { afterEach, expect, it } from "vitest";
import { cryptoApp } from "../support/crypto-support";
import type { TestApp } from "../support/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

it("sells exactly the held quantity, never more, when 50 sells race over real HTTP", async () => {
  const app = await cryptoApp();
  t = app.t;
  const id = (await app.buy({ symbol: "BTC", quantity: "1", purchasePrice: "60000" })).data
    .position!.id;
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });

  // 50 sells of 0.030001 ask for 1.50005 while 1 is held: 33 fit (0.990033), the rest must fail.
  const responses = await Promise.all(
    Array.from({ length: 50 }, () =>
      fetch(`${address}/api/cryptoportfolio/${id}/sell`, {
        method: "POST",
        headers: { authorization: `Bearer ${app.token}`, "content-type": "application/json" },
        body: JSON.stringify({ quantity: 0.030001, price: 61000 }),
      }),
    ),
  );

  const succeeded = responses.filter((response) => response.status === 200);
  expect(succeeded).toHaveLength(33);
  for (const response of responses.filter((r) => r.status !== 200)) {
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      portfolioMessages.invalidSellQuantity,
    );
  }
  const sells = (await t.app.deps.repos.portfolio.transactions(app.user.id)).filter(
    (row) => row.transactionType === "SELL",
  );
  expect(sum(sells.map((row) => row.quantity))).toBe("0.990033");
  expect((await app.positions()).data.map((position) => position.quantity)).toEqual(["0.009967"]);
});

it("never lets concurrent sells that together exceed the holding close it below zero", async () => {
  const app = await cryptoApp();
  t = app.t;
  const id = (await app.buy({ symbol: "ETH", quantity: "0.000005", purchasePrice: "3000" })).data
    .position!.id;
  const sizes = Array.from({ length: 50 }, (_, i) => ["0.000001", "0.000002", "0.000003"][i % 3]!);
  const responses = await Promise.all(
    sizes.map((quantity) => app.sell({ positionId: id, quantity, price: "3100" })),
  );
  const sold = sum(
    responses.flatMap((response, i) => (response.status === 200 ? [sizes[i]!] : [])),
  );
  const remaining = (await app.positions()).data[0]?.quantity ?? "0";
  expect(sum([sold, remaining])).toBe("0.000005");
  for (const response of responses.filter((r) => r.status !== 200)) {
    expect([400, 404]).toContain(response.status);
  }
});
