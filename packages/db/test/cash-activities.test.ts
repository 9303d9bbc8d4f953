import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRepositories, type Repositories } from "../src";
import { testDialects } from "../src/testing";

const now = new Date("2026-03-02T15:00:00Z");
const rules = {
  mergeHolding: () => {
    throw new Error("no holdings here");
  },
  mergeIncome: () => {
    throw new Error("no income here");
  },
};

describe.each(await testDialects("the cash activities repository tests"))("on $name", (dialect) => {
  let handle: Awaited<ReturnType<typeof dialect.open>>;
  let repos: Repositories;
  let userId: number;
  let otherUserId: number;
  let main: number;
  let ira: number;

  beforeEach(async () => {
    handle = await dialect.open();
    repos = createRepositories(handle);
    userId = (await repos.users.create(
      { email: "a@example.com", name: "A", passwordHash: "h" },
      now,
    ))!.id;
    otherUserId = (await repos.users.create(
      { email: "b@example.com", name: "B", passwordHash: "h" },
      now,
    ))!.id;
    main = (await repos.investmentAccounts.findDefault(userId))!.id;
    const created = await repos.investmentAccounts.create(
      userId,
      { name: "IRA", type: "ira", institution: null, cashTracked: true, costBasisMethod: "fifo" },
      { now, limit: 50 },
    );
    if (!created.ok) throw new Error(created.reason);
    ira = created.account.id;
  });
  afterEach(() => handle.close());

  const transfer = (from: number, to: number, amount = "250.5") =>
    repos.cash.createTransfer(
      userId,
      { fromAccountId: from, toAccountId: to, amount, date: "2026-02-10", notes: null },
      now,
    );

  it("writes a cash transfer as a linked pair of rows in one transaction", async () => {
    const outcome = await transfer(main, ira);
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.out).toMatchObject({ accountId: main, kind: "transfer-out", amount: "250.5" });
    expect(outcome.in).toMatchObject({ accountId: ira, kind: "transfer-in", amount: "250.5" });
    expect(outcome.out.transferId).toBe(outcome.out.id);
    expect(outcome.in.transferId).toBe(outcome.out.id);
    expect((await repos.cash.list(userId)).map((row) => row.kind).sort()).toEqual([
      "transfer-in",
      "transfer-out",
    ]);
  });

  it("refuses a transfer to the same account or one of another user's, writing nothing", async () => {
    const theirs = (await repos.investmentAccounts.findDefault(otherUserId))!.id;
    expect(await transfer(main, main)).toEqual({ ok: false, reason: "same_account" });
    expect(await transfer(main, theirs)).toEqual({ ok: false, reason: "account_not_found" });
    expect(await transfer(theirs, main)).toEqual({ ok: false, reason: "account_not_found" });
    expect(await repos.cash.list(userId)).toEqual([]);
    expect(await repos.cash.list(otherUserId)).toEqual([]);
  });

  it("deletes both sides of a transfer with either, and will not change one side alone", async () => {
    const outcome = await transfer(main, ira);
    if (!outcome.ok) throw new Error(outcome.reason);
    const fields = { type: "deposit" as const, amount: "1", date: "2026-02-10", notes: null };
    expect(await repos.cash.update(userId, outcome.in.id, fields, now)).toEqual({
      ok: false,
      reason: "transfer",
    });
    expect(await repos.cash.delete(otherUserId, outcome.in.id)).toBe(0);
    expect(await repos.cash.delete(userId, outcome.in.id)).toBe(2);
    expect(await repos.cash.list(userId)).toEqual([]);
  });

  it("sums amounts exactly in SQL, per account and kind, as of a day", async () => {
    const add = (accountId: number, type: "deposit" | "fee", amount: string, date: string) =>
      repos.cash.create(userId, { accountId, type, amount, date, notes: null }, now);
    for (let i = 0; i < 3; i += 1) await add(main, "deposit", "0.1", "2026-02-01");
    await add(main, "deposit", "999999999999.99999999", "2026-02-03");
    await add(main, "fee", "0.00000001", "2026-02-02");
    await add(ira, "fee", "7", "2026-02-05");
    const all = await repos.cash.sums(userId);
    expect(
      all.activities.sort((a, b) => a.accountId - b.accountId || a.kind.localeCompare(b.kind)),
    ).toEqual(
      [
        { accountId: main, kind: "deposit", total: "1000000000000.29999999" },
        { accountId: main, kind: "fee", total: "0.00000001" },
        { accountId: ira, kind: "fee", total: "7" },
      ].sort((a, b) => a.accountId - b.accountId || a.kind.localeCompare(b.kind)),
    );
    const early = await repos.cash.sums(userId, { accountIds: [main], asOf: "2026-02-02" });
    expect(early.activities.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { accountId: main, kind: "deposit", total: "0.3" },
      { accountId: main, kind: "fee", total: "0.00000001" },
    ]);
  });

  it("sums trades' totals and fees to 16 decimals, before the day after asOf", async () => {
    const buy = (quantity: string, price: string, fee: string, day: string) =>
      repos.portfolio.buy({
        userId,
        accountId: ira,
        assetType: "CRYPTO",
        symbol: "BTC",
        quantity,
        price,
        fee,
        transactionDate: new Date(`${day}T23:59:59Z`),
        notes: null,
        now,
      });
    await buy("0.12345678", "0.00000003", "0.5", "2026-02-01");
    await buy("2", "100", "1", "2026-02-02");
    expect((await repos.cash.sums(userId)).trades).toEqual([
      { accountId: ira, side: "BUY", total: "200.0000000037037034", fee: "1.5" },
    ]);
    expect((await repos.cash.sums(userId, { asOf: "2026-02-01" })).trades).toEqual([
      { accountId: ira, side: "BUY", total: "0.0000000037037034", fee: "0.5" },
    ]);
    // Only cash-tracked accounts' trades move cash: none tracked reads no trade sums at all.
    expect((await repos.cash.sums(userId, { cashTracked: [ira] })).trades).toHaveLength(1);
    expect((await repos.cash.sums(userId, { cashTracked: [main] })).trades).toEqual([]);
    expect((await repos.cash.sums(userId, { cashTracked: [] })).trades).toEqual([]);
  });

  it("moves an account's cash when it is deleted into another, dropping transfers between the two", async () => {
    const outcome = await transfer(main, ira);
    if (!outcome.ok) throw new Error(outcome.reason);
    await repos.cash.create(
      userId,
      { accountId: ira, type: "interest", amount: "3", date: "2026-02-11", notes: null },
      now,
    );
    expect(await repos.investmentAccounts.delete(userId, ira, { rules, now })).toEqual({
      ok: false,
      reason: "holds_activity",
    });
    const deleted = await repos.investmentAccounts.delete(userId, ira, {
      moveTo: main,
      rules,
      now,
    });
    expect(deleted).toEqual({ ok: true, movedSymbols: [], movedCash: 1 });
    expect((await repos.cash.list(userId)).map((row) => [row.accountId, row.kind])).toEqual([
      [main, "interest"],
    ]);
  });
});
