import {
  investmentAccountMessages,
  transferMessages,
  type CashActivity,
  type CashTransferResult,
  type InvestmentAccount,
  type PortfolioPerformanceDetail,
} from "@ledgerline/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { cashApp } from "../cash/cash-support";
import { signIn } from "../support/portfolio-support";
import type { TestApp } from "../support/test-app";

// The app's clock is 2026-03-02T15:00Z: a cash transfer may be dated up to 2026-03-03 (UTC+14).

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Main (the default) with 1,000 deposited, and a cash-tracked Brokerage. */
async function setUp() {
  const app = await cashApp((started) => (t = started));
  const brokerage = await app.createAccount({
    name: "Brokerage",
    type: "taxable",
    cashTracked: true,
  });
  const deposited = await app.rest("POST", "/cash", {
    accountId: app.main.id,
    type: "deposit",
    amount: "1000",
    date: "2026-02-02",
  });
  expect(deposited.status).toBe(200);
  const transfer = (input: Record<string, unknown>) =>
    app.call<CashTransferResult>("mutation", "transfers.create", input);
  const balances = async () =>
    Promise.all([app.balanceOf(app.main.id), app.balanceOf(brokerage.id)]);
  const transferRows = async () =>
    (await app.cash()).filter((row) => row.transferId !== null).map((row) => row.type);
  return { ...app, brokerage, transfer, balances, transferRows };
}

describe("cash transferred between accounts", () => {
  it("moves exactly the amount, and GET /api/cash lists both sides (REST)", async () => {
    const { rest, main, brokerage, balances, cash } = await setUp();
    const moved = await rest("POST", "/transfers", {
      fromAccountId: main.id,
      toAccountId: brokerage.id,
      date: "2026-02-10",
      amount: "250.12345678",
      notes: " to invest ",
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const { transferOut, transferIn } = moved.body as unknown as CashTransferResult;
    expect(transferOut).toEqual({
      id: expect.any(Number) as number,
      accountId: main.id,
      type: "transfer-out",
      amount: "250.12345678",
      date: "2026-02-10",
      notes: "to invest",
      transferId: transferOut.id,
    });
    expect(transferIn).toMatchObject({
      accountId: brokerage.id,
      type: "transfer-in",
      amount: "250.12345678",
      transferId: transferOut.id,
    });
    expect(await balances()).toEqual(["749.87654322", "250.12345678"]);
    expect(
      (await cash()).map((row) => [row.type, row.accountId, row.amount, row.transferId]),
    ).toEqual([
      ["transfer-in", brokerage.id, "250.12345678", transferOut.id],
      ["transfer-out", main.id, "250.12345678", transferOut.id],
      ["deposit", main.id, "1000", null],
    ]);
    expect((await cash(`?accountId=${brokerage.id}`)).map((row) => row.type)).toEqual([
      "transfer-in",
    ]);
    // Deleting one side deletes the transfer: both balances are as before.
    expect((await rest("DELETE", `/cash/${transferIn.id}`)).body).toEqual({ ok: true, deleted: 2 });
    expect(await balances()).toEqual(["1000", "0"]);
  });

  it("moves cash through tRPC, more than the source holds too (negative cash)", async () => {
    const { transfer, main, brokerage, balances, call } = await setUp();
    const moved = await transfer({
      fromAccountId: main.id,
      toAccountId: brokerage.id,
      date: "2026-03-03",
      amount: 1500.5,
    });
    expect(moved.status).toBe(200);
    expect(moved.data.transferOut).toMatchObject({ type: "transfer-out", amount: "1500.5" });
    expect(await balances()).toEqual(["-500.5", "1500.5"]);
    const listed = await call<CashActivity[]>("query", "cash.list", { accountId: brokerage.id });
    expect(listed.data.map((row) => [row.type, row.amount])).toEqual([["transfer-in", "1500.5"]]);
  });

  it("refuses the same account, a bad amount and a day ahead (400) on both doors", async () => {
    const { transfer, rest, main, brokerage, balances, transferRows } = await setUp();
    const body = { fromAccountId: main.id, toAccountId: brokerage.id, date: "2026-02-10" };
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...body, toAccountId: main.id, amount: "1" }, transferMessages.sameAccount],
      [{ ...body, amount: "0" }, "Amount must be greater than 0"],
      [{ ...body, amount: "-5" }, "Amount must be greater than 0"],
      [{ ...body, amount: "1.123456789" }, "at most 8 decimal places"],
      [{ ...body, amount: "1e3" }, "Amount"],
      [{ ...body, amount: "100000000000000000000" }, "Amount"],
      [{ ...body, amount: "1", date: "2026-03-04" }, "The date"],
      [{ ...body, amount: "1", date: "2026-02-30" }, "date"],
    ];
    for (const [input, message] of refusals) {
      const viaTrpc = await transfer(input);
      expect(viaTrpc.status, JSON.stringify(input)).toBe(400);
      expect(viaTrpc.message).toContain(message);
      const viaRest = await rest("POST", "/transfers", input);
      expect(viaRest.status, JSON.stringify(input)).toBe(400);
      expect(viaRest.body?.message).toContain(message);
    }
    expect(await balances()).toEqual(["1000", "0"]);
    expect(await transferRows()).toEqual([]);
  });

  it("refuses another user's account, as source or destination, with a 404 on both doors", async () => {
    const { transfer, rest, main, brokerage, balances, transferRows } = await setUp();
    const other = await signIn(t!);
    const [theirs] = (await t!.request("GET", "/api/accounts", { token: other.token }))
      .body as unknown as InvestmentAccount[];
    for (const accounts of [
      { fromAccountId: main.id, toAccountId: theirs!.id },
      { fromAccountId: theirs!.id, toAccountId: brokerage.id },
      { fromAccountId: main.id, toAccountId: 999_999 },
    ]) {
      const input = { ...accounts, date: "2026-02-10", amount: "10" };
      const viaTrpc = await transfer(input);
      expect(viaTrpc.status).toBe(404);
      expect(viaTrpc.message).toBe(investmentAccountMessages.notFound);
      expect((await rest("POST", "/transfers", input)).status).toBe(404);
    }
    expect(await balances()).toEqual(["1000", "0"]);
    expect(await transferRows()).toEqual([]);
    const theirCash = await t!.request("GET", "/api/cash", { token: other.token });
    expect(theirCash.body).toEqual([]);
  });

  it("writes one transfer for a repeated idempotency key on both doors", async () => {
    const { transfer, t: app, token, main, brokerage, balances, transferRows } = await setUp();
    const body = { fromAccountId: main.id, toAccountId: brokerage.id, date: "2026-02-10" };
    const viaRest = () =>
      app.request("POST", "/api/transfers", {
        token,
        body: { ...body, amount: "100" },
        headers: { "idempotency-key": "cash-move-1" },
      });
    const first = await viaRest();
    const again = await viaRest();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    const keyed = { ...body, amount: "50", idempotencyKey: "cash-move-2" };
    const once = await transfer(keyed);
    const twice = await transfer(keyed);
    expect(twice.data).toEqual(once.data);
    expect(await transferRows()).toEqual([
      "transfer-in",
      "transfer-out",
      "transfer-in",
      "transfer-out",
    ]);
    expect(await balances()).toEqual(["850", "150"]);
  });
});

describe("a cash transfer in the returns", () => {
  it("is a flow of each cash-tracked account and no flow over all accounts", async () => {
    const { rest, call, buy, brokerage, createAccount } = await setUp();
    const savings = await createAccount({ name: "Savings", type: "other", cashTracked: true });
    const deposit = await rest("POST", "/cash", {
      accountId: brokerage.id,
      type: "deposit",
      amount: "1000",
      date: "2026-02-02",
    });
    expect(deposit.status).toBe(200);
    const moved = await rest("POST", "/transfers", {
      fromAccountId: brokerage.id,
      toAccountId: savings.id,
      date: "2026-02-16",
      amount: "400",
    });
    expect(moved.status).toBe(200);
    const bought = await buy({
      symbol: "AAPL",
      quantity: "1",
      purchasePrice: "100",
      purchaseDate: "2026-02-20T15:00:00Z",
    });
    expect(bought.status).toBe(200);
    const flows = async (accountId?: number) => {
      const read = await call<PortfolioPerformanceDetail>("query", "portfolioSummary.performance", {
        range: "ALL",
        ...(accountId === undefined ? {} : { accountId }),
      });
      expect(read.status).toBe(200);
      return read.data.explanation.flows.map((flow) => [flow.date, flow.amount, flow.kind]);
    };
    expect(await flows(brokerage.id)).toEqual([
      ["2026-02-02", "1000", "cash"],
      ["2026-02-16", "-400", "cash"],
    ]);
    expect(await flows(savings.id)).toEqual([["2026-02-16", "400", "cash"]]);
    // Over all accounts the transfer moved nothing in or out: the deposit into a tracked account
    // and the untracked default account's buy are the flows (issue 31's all-accounts returns).
    expect((await flows()).map(([date, , kind]) => [date, kind])).toEqual([
      ["2026-02-02", "cash"],
      ["2026-02-20", "trades"],
    ]);
  });
});
