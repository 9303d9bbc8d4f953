import type { InvestmentAccount, MethodPreview } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { appPerTest } from "../support/app-per-test";
import { stocksRestApp } from "../support/portfolio-support";

const apps = appPerTest();

/**
 * Old (average) buys 10 AAPL at 100 on 2025-01-06 and 10 at 120 on 2025-06-02, then sells 5 at
 * 130 twice at the test clock (2026). Average: 10 x (130 - 110) = 200. FIFO: both from the 100
 * lot, 10 x 30 = 300. LIFO: both from the 120 lot, 10 x 10 = 100. Nothing sold in 2025.
 */
async function oldAccount() {
  const app = await apps.open(stocksRestApp());
  const { rest } = app;
  const old = (await rest("POST", "/accounts", { name: "Old", costBasisMethod: "average" }))
    .body as unknown as InvestmentAccount;
  const buy = (quantity: string, price: string, at: string) =>
    app.buy({
      symbol: "AAPL",
      quantity,
      purchasePrice: price,
      purchaseDate: at,
      accountId: old.id,
    });
  await buy("10", "100", "2025-01-06T15:00:00Z");
  const second = await buy("10", "120", "2025-06-02T15:00:00Z");
  const positionId = second.data.position!.id;
  await rest("POST", `/portfolio/${positionId}/sell`, { quantity: 5, price: 130 });
  await app.sell({ positionId, quantity: "5", price: "130" });
  return { ...app, rest, old };
}

describe("previewing a cost-basis method switch", () => {
  it("gives the realized gain by year under the method now and the new one, changing nothing", async () => {
    const { rest, call, old } = await oldAccount();
    const viaRest = await rest("GET", `/tax/method-preview?accountId=${old.id}&method=fifo`);
    expect(viaRest.status).toBe(200);
    const preview = viaRest.body as unknown as MethodPreview;
    const years = preview.years.map((row) => [row.year, row.before, row.after, row.change]);
    expect(preview.from).toBe("average");
    expect(preview.to).toBe("fifo");
    expect(years).toEqual([[2026, "200", "300", "100"]]);
    expect(preview.total).toEqual({ before: "200", after: "300", change: "100" });
    const viaTrpc = await call<MethodPreview>("query", "tax.methodPreview", {
      accountId: old.id,
      method: "lifo",
    });
    expect(viaTrpc.data.total).toEqual({ before: "200", after: "100", change: "-100" });
    // Nothing was saved.
    const accounts = (await rest("GET", "/accounts")).body as unknown as InvestmentAccount[];
    expect(accounts.find((account) => account.id === old.id)?.costBasisMethod).toBe("average");
  });

  it("refuses an unknown method with a 400 and another's account with a 404", async () => {
    const { rest, old } = await oldAccount();
    const bad = await rest("GET", `/tax/method-preview?accountId=${old.id}&method=newest`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Cost-basis method must be one of");
    const other = await apps.t.registerUser();
    const theirs = await apps.t.request(
      "GET",
      `/api/tax/method-preview?accountId=${old.id}&method=fifo`,
      { token: other.token },
    );
    expect(theirs.status).toBe(404);
  });
});
