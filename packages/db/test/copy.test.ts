import { afterEach, describe, expect, it } from "vitest";
import { copyDatabase, createRepositories, positionChecksums, type AnyDatabase } from "../src";
import { testDialects } from "../src/testing";

const dialects = await testDialects("the database copy tests");
const now = new Date("2026-03-02T15:00:00Z");
const trade = { transactionDate: now, notes: null, now };

/** A small installation: two users with trades, watchlists, a session, an audit trail, bars. */
async function seed(database: AnyDatabase) {
  const repos = createRepositories(database);
  const ids: number[] = [];
  for (const email of ["a@example.com", "b@example.com"]) {
    const user = (await repos.users.create({ email, name: "U", passwordHash: "h" }, now))!;
    ids.push(user.id);
    await repos.portfolio.buy({
      ...trade,
      userId: user.id,
      assetType: "STOCK",
      symbol: "AAPL",
      quantity: "10",
      price: "187.3",
    });
    const btc = await repos.portfolio.buy({
      ...trade,
      userId: user.id,
      assetType: "CRYPTO",
      symbol: "BTC",
      quantity: "0.12345678",
      price: "64000.00000001",
    });
    await repos.portfolio.sell({
      ...trade,
      userId: user.id,
      assetType: "CRYPTO",
      positionId: btc.ok ? btc.position!.id : 0,
      quantity: "0.00000078",
      price: "65000",
    });
    await repos.auditLogs.insert({
      timestamp: now,
      userId: user.id,
      email,
      event: "LOGIN",
      success: true,
      ipAddress: null,
      failureReason: null,
    });
  }
  await repos.sessions.create({
    tokenHash: "t".repeat(64),
    userId: ids[0]!,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 60_000),
    ipAddress: null,
    userAgent: null,
  });
  await repos.marketData.saveDailyBars(
    "sim",
    "AAPL",
    [{ date: "2026-03-02", t: now.getTime(), o: "1.5", h: "2", l: "1", c: "1.75", v: 1000 }],
    { from: "2026-03-02", to: "2026-03-02" },
  );
  return ids;
}

const pairs = dialects.flatMap((from) => dialects.map((to) => [from, to] as const));

describe.each(pairs)("copying $0.name to $1.name", (fromDialect, toDialect) => {
  const opened: AnyDatabase[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.close()));
  });

  it("copies every table, keeps every user's positions exactly, and new rows get new ids", async () => {
    const from = await fromDialect.open();
    const to = await toDialect.open();
    opened.push(from, to);
    const [userId] = await seed(from);

    const report = await copyDatabase(from, to);

    expect(report.positionMismatches).toEqual([]);
    expect(report.users).toBe(2);
    for (const table of report.tables) expect(table.target, table.table).toBe(table.source);
    const counted = Object.fromEntries(report.tables.map((table) => [table.table, table.target]));
    expect(counted).toMatchObject({ users: 2, positions: 4, transactions: 6, sessions: 1 });
    expect(await positionChecksums(to)).toEqual(await positionChecksums(from));
    const repos = createRepositories(to);
    expect(await repos.portfolio.list(userId!, "CRYPTO")).toMatchObject([
      { symbol: "BTC", quantity: "0.123456", averagePrice: "64000.00000001" },
    ]);
    // The copied ids are taken: a new account and a new trade number themselves after them.
    const next = await repos.users.create(
      { email: "c@example.com", name: "C", passwordHash: "h" },
      now,
    );
    expect(next?.id).toBe(3);
  });

  it("refuses a target that already holds data", async () => {
    const from = await fromDialect.open();
    const to = await toDialect.open();
    opened.push(from, to);
    await seed(from);
    await seed(to);
    await expect(copyDatabase(from, to)).rejects.toThrow(/not empty/);
  });
});
