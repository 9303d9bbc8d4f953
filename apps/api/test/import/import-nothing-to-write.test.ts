import type { ImportResult } from "@ledgerline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../support/test-app";
import { historyApp } from "../support/transactions-support";
import { importCall, type Door } from "./import-support";

/**
 * An import with nothing to write (issue 29): a heavy trader's file of rows all skipped, or of
 * trades already recorded, neither reads their whole history for nothing nor writes and
 * recomputes it. Each such import held the event loop in a 200,000-trade history's GC pauses.
 */

const header = "transactionDate,type,symbol,transactionType,quantity,price,notes\n";
const recordedTrade = "2026-01-05T15:00:00.000Z,STOCK,AAPL,BUY,2,150,\n";

let t: TestApp;
let token: string;
let userId: number;
const calls = { transactions: 0, importTrades: 0 };

beforeAll(async () => {
  const me = await historyApp();
  t = me.t;
  token = me.user.token;
  userId = me.user.id;
  const portfolio = t.app.deps.repos.portfolio;
  const transactions = portfolio.transactions.bind(portfolio);
  const importTrades = portfolio.importTrades.bind(portfolio);
  portfolio.transactions = (...args) => {
    calls.transactions += 1;
    return transactions(...args);
  };
  portfolio.importTrades = (...args) => {
    calls.importTrades += 1;
    return importTrades(...args);
  };
  const first = await importCall<ImportResult>(
    t,
    "rest",
    "run",
    { source: "ledgerline", csv: header + recordedTrade },
    token,
  );
  expect(first.data).toMatchObject({ imported: 1 });
  await t.settled();
});
afterAll(() => t.close());

async function importQuietly(door: Door, csv: string) {
  const before = await t.app.deps.repos.snapshots.state(userId);
  calls.transactions = 0;
  calls.importTrades = 0;
  const answer = await importCall<ImportResult>(
    t,
    door,
    "run",
    { source: "ledgerline", csv },
    token,
  );
  await t.settled();
  const after = await t.app.deps.repos.snapshots.state(userId);
  return { answer, versionMoved: after?.version !== before?.version };
}

describe.each<Door>(["rest", "trpc"])("an import with nothing to write (%s)", (door) => {
  it("reads no history for rows that are all skipped, and writes nothing", async () => {
    const { answer, versionMoved } = await importQuietly(door, header + "x\n".repeat(500));
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ imported: 0, income: 0, cash: 0, skipped: 500 });
    expect(calls).toEqual({ transactions: 0, importTrades: 0 });
    expect(versionMoved).toBe(false);
  });

  it("writes nothing for trades already recorded, after checking them against the history", async () => {
    const { answer, versionMoved } = await importQuietly(door, header + recordedTrade);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ imported: 0, duplicates: 1 });
    expect(calls).toEqual({ transactions: 1, importTrades: 0 });
    expect(versionMoved).toBe(false);
  });
});
