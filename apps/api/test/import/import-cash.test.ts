import { readFileSync } from "node:fs";
import type {
  CashActivity,
  ImportPreview,
  ImportResult,
  IncomeEntry,
  InvestmentAccount,
} from "@ledgerline/contracts";
import { add, subtract } from "@ledgerline/money";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../support/test-app";
import { historyApp, historyUser } from "../support/transactions-support";
import { importCall, type Door } from "./import-support";

/**
 * An import's cash rows (decision 0039): the Schwab sample's wire and interest land as cash
 * activities of the chosen account, with its trades, once.
 */

const schwabCsv = readFileSync(
  new URL("../fixtures/import/schwab-sample.csv", import.meta.url),
  "utf8",
);

let t: TestApp;
beforeAll(async () => {
  t = (await historyApp()).t;
});
afterAll(() => t.close());

async function signedIn() {
  const me = await historyUser(t);
  const rest = async <T>(method: "GET" | "POST", url: string, body?: unknown) =>
    (await t.request(method, `/api${url}`, { token: me.user.token, body })).body as unknown as T;
  const balanceOf = async (accountId: number) =>
    (await rest<InvestmentAccount[]>("GET", "/accounts")).find(
      (account) => account.id === accountId,
    )?.cashBalance;
  return { me, rest, balanceOf };
}

describe.each(["rest", "trpc"] as const)("an import's cash through the %s door", (door: Door) => {
  it("lands the Schwab sample's wire and interest in the chosen account, whose cash is the hand-worked sum; re-importing adds nothing", async () => {
    const { me, rest, balanceOf } = await signedIn();
    const schwab = await rest<InvestmentAccount>("POST", "/accounts", {
      name: "Schwab",
      type: "taxable",
      cashTracked: true,
    });
    const body = { source: "schwab", csv: schwabCsv, accountId: schwab.id, skipInvalid: true };

    const preview = await importCall<ImportPreview>(t, door, "preview", body, me.user.token);
    expect(preview.status).toBe(200);
    expect(preview.data.cash).toEqual([
      { type: "deposit", count: 1, total: "30000" },
      { type: "interest", count: 1, total: "1.12" },
    ]);
    expect(preview.data.rows[8]).toEqual({
      row: 10,
      outcome: "cash",
      message: "Deposit of 30000 USD",
      cashType: "deposit",
      amount: "30000",
      date: "2024-02-28T00:00:00.000Z",
      dateOnly: true,
    });
    expect(await rest<CashActivity[]>("GET", `/cash?accountId=${schwab.id}`)).toEqual([]);

    const imported = await importCall<ImportResult>(t, door, "run", body, me.user.token);
    expect(imported.data).toMatchObject({ imported: 6, income: 2, cash: 2, skipped: 1 });
    const activities = await rest<CashActivity[]>("GET", `/cash?accountId=${schwab.id}`);
    expect(activities.map(({ id: _id, ...activity }) => activity)).toEqual([
      {
        accountId: schwab.id,
        type: "deposit",
        amount: "30000",
        date: "2024-02-28",
        notes: "WIRED FUNDS RECEIVED",
        transferId: null,
      },
      {
        accountId: schwab.id,
        type: "interest",
        amount: "1.12",
        date: "2024-02-01",
        notes: "SCHWAB1 INT 01/01-01/31",
        transferId: null,
      },
    ]);

    // By hand: the wire and the interest in; the six trades at price x quantity + fee.
    const cashRows = add("30000.00", "1.12");
    const buys = [
      "71844.00", // 1,200 KO at 59.87
      "4488.77", // 26 AAPL at 172.62 + 0.65
      "10536.00", // 25 MSFT at 421.44
      "9478.00", // 10 NVDA at 947.80
      "1913.75", // 12.5 NVDA at 153.10
    ].reduce((sum, cost) => add(sum, cost), "0");
    const sell = "2562.00"; // 5 MSFT at 512.40
    expect(add(subtract(cashRows, buys), sell)).toBe("-65697.4");
    const balance = (await balanceOf(schwab.id))!;
    // With the dividends received into the account: the file's two and the calendar's since.
    const income = await rest<{ entries: IncomeEntry[] }>("GET", `/income?accountId=${schwab.id}`);
    const dividends = income.entries.reduce((sum, entry) => add(sum, entry.total), "0");
    expect(income.entries.map((entry) => entry.total)).toEqual(
      expect.arrayContaining(["20.75", "6.76"]),
    );
    expect(balance).toBe(add("-65697.4", dividends));

    const again = await importCall<ImportPreview>(t, door, "preview", body, me.user.token);
    expect(again.data.summary).toMatchObject({ cash: 0, duplicates: 11 });
    expect(again.data.cash).toEqual([]);
    expect(again.data.rows[8]).toMatchObject({
      outcome: "duplicate",
      message: "Already recorded: this account's cash has the same deposit on 2024-02-28",
    });
    const reimported = await importCall<ImportResult>(t, door, "run", body, me.user.token);
    expect(reimported.data).toMatchObject({ imported: 0, cash: 0, duplicates: 11 });
    expect(await rest<CashActivity[]>("GET", `/cash?accountId=${schwab.id}`)).toHaveLength(2);
    expect(await balanceOf(schwab.id)).toBe(balance);
  });

  it("imports into a new account while another account has trades (it was refused as a changed history)", async () => {
    const { me, rest, balanceOf } = await signedIn();
    await me.buy("STOCK", "AAPL", "1", "190", "2025-01-02T15:00:00Z");
    const fresh = await rest<InvestmentAccount>("POST", "/accounts", {
      name: "Schwab",
      type: "taxable",
    });
    const body = { source: "schwab", csv: schwabCsv, accountId: fresh.id, skipInvalid: true };
    const imported = await importCall<ImportResult>(t, door, "run", body, me.user.token);
    expect(imported.status, imported.message).toBe(200);
    expect(imported.data).toMatchObject({ imported: 6, cash: 2 });
    // Not tracking cash, the account counts its cash rows only.
    expect(await balanceOf(fresh.id)).toBe("30001.12");
  });
});

describe("the import's write", () => {
  it("writes nothing when the account's cash changed since the file was checked", async () => {
    const { me, rest } = await signedIn();
    const [main] = await rest<InvestmentAccount[]>("GET", "/accounts");
    const repos = t.app.deps.repos;
    await rest("POST", "/cash", { type: "fee", amount: "1", date: "2025-01-02" });
    const outcome = await repos.portfolio.importTrades({
      userId: me.user.id,
      accountId: main!.id,
      trades: [],
      income: [],
      cash: [{ type: "deposit", amount: "100", date: "2025-01-03", notes: null }],
      now: new Date("2026-03-11T15:00:00Z"),
      checkedAfter: null,
      cashCheckedAfter: null,
    });
    expect(outcome).toEqual({ ok: false, reason: "history_changed" });
    expect(await repos.cash.list(me.user.id)).toHaveLength(1);
  });
});
