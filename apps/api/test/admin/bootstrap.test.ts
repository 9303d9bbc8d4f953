import type { OverviewCounts, PortfolioSummary, TransactionPage } from "@ledgerline/contracts";
import { multiply } from "@ledgerline/money";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "../../src/env";
import { bootstrap, BootstrapError, demoAccounts } from "../../src/seed/bootstrap";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("bootstrap", () => {
  it("seeds the demo accounts into a new development database and they can sign in", async () => {
    t = await startTestApp();
    const result = await bootstrap(
      t.app.deps,
      parseEnv({ NODE_ENV: "development", DEMO_SEED: "true" }),
    );
    expect(result.seededDemoAccounts.map((account) => account.email)).toEqual(
      demoAccounts.map((account) => account.email),
    );
    for (const account of demoAccounts) {
      const login = await t.request("POST", "/api/auth/login", {
        body: { email: account.email, password: account.password },
      });
      expect(login.status).toBe(200);
      expect(login.body?.isAdmin).toBe(account.isAdmin);
    }
  });

  it("does not seed a database that already has users", async () => {
    t = await startTestApp();
    await t.registerUser();
    const result = await bootstrap(t.app.deps, parseEnv({ DEMO_SEED: "true" }));
    expect(result.seededDemoAccounts).toEqual([]);
  });

  it("never seeds demo users in production and refuses to run with no admin", async () => {
    t = await startTestApp();
    await expect(
      bootstrap(t.app.deps, parseEnv({ NODE_ENV: "production", DEMO_SEED: "true" })),
    ).rejects.toThrow(BootstrapError);
    expect(await t.app.deps.repos.users.count()).toBe(0);
  });

  it("creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD on an empty production database", async () => {
    t = await startTestApp();
    const result = await bootstrap(
      t.app.deps,
      parseEnv({
        NODE_ENV: "production",
        ADMIN_EMAIL: "Ops@Example.com",
        ADMIN_PASSWORD: "ops-secret-123",
      }),
    );
    expect(result.createdAdmin).toBe("ops@example.com");
    const login = await t.request("POST", "/api/auth/login", {
      body: { email: "ops@example.com", password: "ops-secret-123" },
    });
    expect(login.body?.isAdmin).toBe(true);
  });

  it("gives the demo user watchlists and a portfolio with months of history at the market's closes", async () => {
    t = await startTestApp();
    await bootstrap(t.app.deps, parseEnv({ NODE_ENV: "development", DEMO_SEED: "true" }));
    const login = await t.request("POST", "/api/auth/login", {
      body: { email: "demo@example.com", password: "ledger-demo-2025" },
    });
    const token = login.body?.token as string;
    const read = async <T>(path: string, input?: unknown) =>
      ((await t!.trpc("query", path, input, token)).body as unknown as { result: { data: T } })
        .result.data;

    expect(await read<OverviewCounts>("overview.counts")).toEqual({
      savedStocks: 5,
      savedCrypto: 3,
      stocksOwned: 4,
      cryptoOwned: 3,
    });
    const history = await read<TransactionPage>("transactions.list", {
      sortOrder: "asc",
      pageSize: 100,
    });
    const rows = history.transactions;
    // Eleven trades, and JPM's 1:2 split of 2026-01-20 applied to the 12 shares held then.
    expect(rows).toHaveLength(12);
    expect(
      rows
        .filter((row) => row.transactionType === "SPLIT")
        .map((row) => [row.symbol, row.quantity, row.notes]),
    ).toEqual([["JPM", "24", "2-for-1 split, +12 shares"]]);
    expect(rows.filter((row) => row.transactionType === "SELL").map((row) => row.symbol)).toEqual([
      "AAPL",
      "ETH",
    ]);
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(["STOCK", "CRYPTO"]));
    const marketNow = t.app.deps.market.clock.now();
    const oldest = Date.parse(rows[0]!.transactionDate);
    expect(marketNow - oldest).toBeGreaterThan(120 * 86_400_000);
    expect(rows.every((row) => Date.parse(row.transactionDate) < marketNow)).toBe(true);
    // Each trade is priced at that day's close in the market's own history, as traded then:
    // the split-adjusted close times the ratio of a split since.
    for (const row of rows) {
      if (row.transactionType === "SPLIT") continue;
      const day = row.transactionDate.slice(0, 10);
      const bars =
        row.type === "STOCK"
          ? await t.app.deps.market.stocks.getDailyBars(row.symbol, day, day)
          : await t.app.deps.market.crypto.getDailyBars(row.symbol, day, day);
      const splitSince = row.symbol === "JPM" && day < "2026-01-20" ? "2" : "1";
      expect(multiply(bars[0]!.c, splitSince)).toBe(row.price);
    }
    const summary = await read<PortfolioSummary>("portfolioSummary.get");
    expect(summary.stocks.positions.find((p) => p.symbol === "AAPL")?.quantity).toBe("17");
    expect(summary.crypto.positions.find((p) => p.symbol === "ETH")?.quantity).toBe("1.5");
    expect(
      [...summary.stocks.positions, ...summary.crypto.positions].every(
        (p) => p.priceSource === "market",
      ),
    ).toBe(true);

    // The admin demo account gets none of it.
    const admin = await t.app.deps.repos.users.findByEmail("admin@example.com");
    expect(await t.app.deps.repos.portfolio.transactions(admin!.id)).toEqual([]);
  });
});
