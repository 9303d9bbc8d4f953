import type { InvestmentAccount, TradeResult } from "@ledgerline/contracts";
import { afterEach, describe, expect, it } from "vitest";
import type { TestApp } from "../support/test-app";
import { cashApp } from "./cash-support";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * Worked by hand, in a cash-tracked account: deposit 10,000; buy 10 TSLA at 100 with a fee of 5
 * (takes 1,005); a dividend of 10 x 1.234 = 12.34; sell the 10 at 110 with a fee of 5 (brings
 * 1,095); withdraw 500. Cash: 10,000 - 1,005 + 12.34 + 1,095 - 500 = 9,602.34. TSLA pays no
 * dividend in the simulated market, so the one entered is the only one.
 */
const EXPECTED = "9602.34";
const dividend = {
  symbol: "TSLA",
  exDate: "2026-02-09",
  payDate: "2026-02-10",
  quantity: "10",
  amountPerShare: "1.234",
};

describe("the cash balance of an account that tracks cash", () => {
  it("follows deposit, buy with fee, dividend, sell with fee and withdrawal through REST", async () => {
    const { rest, createAccount, main, balanceOf } = await cashApp((app) => (t = app));
    const brokerage = await createAccount({ name: "Brokerage", cashTracked: true });
    const accountId = brokerage.id;
    const step = async (method: "POST", url: string, body: Record<string, unknown>) => {
      const answer = await rest(method, url, body);
      expect(answer.status, `${url} ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body as unknown;
    };
    await step("POST", "/cash", {
      accountId,
      type: "deposit",
      amount: "10000",
      date: "2026-02-02",
    });
    expect(await balanceOf(accountId)).toBe("10000");
    const bought = (await step("POST", "/portfolio", {
      symbol: "TSLA",
      quantity: 10,
      purchasePrice: 100,
      fee: 5,
      purchaseDate: "2026-02-03T15:00:00Z",
      accountId,
    })) as { position: { id: number } };
    expect(await balanceOf(accountId)).toBe("8995");
    await step("POST", "/income", { ...dividend, accountId });
    expect(await balanceOf(accountId)).toBe("9007.34");
    await step("POST", `/portfolio/${bought.position.id}/sell`, {
      quantity: 10,
      price: 110,
      fee: 5,
    });
    expect(await balanceOf(accountId)).toBe("10102.34");
    await step("POST", "/cash", {
      accountId,
      type: "withdrawal",
      amount: "500",
      date: "2026-03-01",
    });
    expect(await balanceOf(accountId)).toBe(EXPECTED);

    // The same trades in an account that does not track cash leave its balance alone.
    await step("POST", "/portfolio", {
      symbol: "TSLA",
      quantity: 1,
      purchasePrice: 100,
      purchaseDate: "2026-02-03T15:00:00Z",
    });
    expect(await balanceOf(main.id)).toBe("0");
  });

  it("shows a buy past the cash held as negative cash, through tRPC", async () => {
    const { call, createAccount } = await cashApp((app) => (t = app));
    const brokerage = await createAccount({ name: "Brokerage", cashTracked: true });
    const accountId = brokerage.id;
    const ok = (answer: { status: number; message?: string | undefined }) =>
      expect(answer.status, answer.message).toBe(200);
    const balance = async () =>
      (await call<InvestmentAccount[]>("query", "investmentAccounts.list")).data.find(
        (account) => account.id === accountId,
      )?.cashBalance;
    ok(
      await call("mutation", "cash.create", {
        accountId,
        type: "deposit",
        amount: "500",
        date: "2026-02-02",
      }),
    );
    const bought = await call<TradeResult>("mutation", "portfolio.buy", {
      symbol: "TSLA",
      quantity: "10",
      purchasePrice: "100",
      fee: "5",
      purchaseDate: "2026-02-03T15:00:00Z",
      accountId,
    });
    ok(bought);
    expect(await balance()).toBe("-505");
    ok(await call("mutation", "income.create", { ...dividend, accountId }));
    ok(
      await call("mutation", "portfolio.sell", {
        positionId: bought.data.position!.id,
        quantity: "10",
        price: "110",
        fee: "5",
      }),
    );
    ok(
      await call("mutation", "cash.create", {
        accountId,
        type: "withdrawal",
        amount: "500",
        date: "2026-03-01",
      }),
    );
    // 500 - 1,005 + 12.34 + 1,095 - 500
    expect(await balance()).toBe("102.34");
  });
});
