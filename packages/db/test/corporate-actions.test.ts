import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRepositories, type Repositories, type SplitToApply } from "../src";
import { testDialects } from "../src/testing";

const now = new Date("2026-03-02T15:00:00Z");
/** New York midnight of an ex-date in winter. */
const exInstant = (day: string) => new Date(`${day}T05:00:00Z`);
const split = (exDate: string, from: string, to: string): SplitToApply => ({
  exDate,
  at: exInstant(exDate),
  from,
  to,
});

describe.each(await testDialects("the corporate actions repository tests"))(
  "on $name",
  (dialect) => {
    let handle: Awaited<ReturnType<typeof dialect.open>>;
    let repos: Repositories;
    let userId: number;
    let otherUserId: number;

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
    });
    afterEach(() => handle.close());

    it("adds income by hand, refusing a second entry for the same dividend", async () => {
      const fields = {
        symbol: "JPM",
        exDate: "2026-01-06",
        payDate: "2026-01-31",
        quantity: "12",
        amountPerShare: "1.5",
      };
      const created = await repos.corporateActions.createIncome(userId, fields, now);
      expect(created).toMatchObject({ ok: true, entry: { total: "18", manual: true } });
      expect(await repos.corporateActions.createIncome(userId, fields, now)).toEqual({
        ok: false,
        reason: "duplicate",
      });
      expect(await repos.corporateActions.createIncome(otherUserId, fields, now)).toMatchObject({
        ok: true,
      });
      expect(
        await repos.corporateActions.updateIncome(
          otherUserId,
          created.ok ? created.entry.id : 0,
          fields,
          now,
        ),
      ).toEqual({ ok: false, reason: "not_found" });
    });

    it("reads a stock's rows for a replay and writes its changes only while they are unchanged", async () => {
      const target = { userId, accountId: 0, symbol: "TSLA", now };
      await repos.portfolio.buy({
        userId,
        assetType: "STOCK",
        symbol: "TSLA",
        quantity: "10",
        price: "30",
        transactionDate: new Date("2026-01-05T15:00:00Z"),
        notes: null,
        now,
      });
      const [accountId] = await repos.corporateActions.accountsTrading(userId, "TSLA");
      expect(await repos.corporateActions.accountsTrading(otherUserId, "TSLA")).toEqual([]);
      const read = await repos.corporateActions.replayRows({ ...target, accountId: accountId! });
      expect(read.rows).toMatchObject([
        { transactionType: "BUY", quantity: "10", price: "30", fee: "0", total: "0", notes: null },
      ]);
      const at = split("2026-02-02", "1", "3");
      const writes = {
        splits: [
          {
            kind: "insert" as const,
            split: at,
            figures: {
              quantity: "30",
              price: "10",
              total: "300",
              notes: "3-for-1 split, +20 shares",
            },
          },
        ],
        position: { quantity: "30", averagePrice: "10" },
        income: [],
      };
      // Someone else's writes at the same version are not this user's.
      expect(
        await repos.corporateActions.writeReplay(
          { ...target, accountId: accountId! },
          "0:0",
          writes,
        ),
      ).toBeNull();
      expect(
        await repos.corporateActions.writeReplay(
          { ...target, accountId: accountId! },
          read.version,
          writes,
        ),
      ).toEqual({ splitsWritten: 1, incomeAdded: 0, inconsistent: false });
      expect(await repos.portfolio.findBySymbol(userId, "STOCK", "TSLA")).toMatchObject({
        quantity: "30",
        averagePrice: "10",
      });
      const again = await repos.corporateActions.replayRows({ ...target, accountId: accountId! });
      expect(again.version).not.toBe(read.version);
      expect(again.rows[0]).toMatchObject({
        transactionType: "BUY",
      });
      expect(again.rows[1]).toMatchObject({
        transactionType: "SPLIT",
        quantity: "30",
        price: "10",
        total: "300",
        notes: "3-for-1 split, +20 shares",
      });
    });
  },
);
