import { describe, expect, it } from "vitest";
import { migrateDatabase } from "../src/client";
import { createRepositories } from "../src/repositories";
import { migrationDialects } from "./support/migrations";

/**
 * Issue 31's migration on a database holding data from before it: every user gets one default
 * account, and every position, trade, split row and income entry moves into it.
 */

const dialects = await migrationDialects("accounts-migration");

describe.each(dialects)("the investment accounts migration on $name", (dialect) => {
  it("moves every user's existing rows into one default account, NOT NULL after", async () => {
    const database = await dialect.open();
    try {
      await migrateDatabase(database, dialect.migrationsBefore("_investment-accounts"));
      const run = (sql: string, params: unknown[] = []) => database.query(sql, params);
      for (const [email, at] of [
        ["a@example.com", 1_000],
        ["b@example.com", 2_000],
        ["c@example.com", 3_000],
      ] as const) {
        await run(
          "INSERT INTO users (email, name, password_hash, created_at) VALUES (?, 'N', 'h', ?)",
          [email, at],
        );
      }
      const [a, b, c] = (await run("SELECT id FROM users ORDER BY id")) as { id: number }[];
      const trade = (userId: number, symbol: string, side: string, quantity: string) =>
        run(
          "INSERT INTO transactions (user_id, transaction_date, type, symbol, transaction_type," +
            " quantity, price, total, notes, created_at) VALUES (?, ?, 'STOCK', ?, ?, ?, '10', '10', NULL, ?)",
          [userId, 5_000, symbol, side, quantity, 5_000],
        );
      await trade(a!.id, "AAPL", "BUY", "4");
      await trade(a!.id, "AAPL", "SPLIT", "8");
      await trade(b!.id, "MSFT", "BUY", "1");
      await run(
        "INSERT INTO positions (user_id, asset_type, symbol, quantity, average_price, opened_at," +
          " updated_at) VALUES (?, 'STOCK', 'AAPL', '8', '5', 5000, 5000), (?, 'STOCK', 'MSFT', '1', '10', 5000, 5000)",
        [a!.id, b!.id],
      );
      await run(
        "INSERT INTO income_entries (user_id, type, symbol, ex_date, pay_date, quantity," +
          " amount_per_share, total, manual, deleted_at, created_at, updated_at)" +
          " VALUES (?, 'DIVIDEND', 'AAPL', '2026-01-02', '2026-01-09', '8', '0.25', '2', ?, NULL, 1, 1)",
        [a!.id, dialect.name === "postgres" ? false : 0],
      );

      await migrateDatabase(database);

      const accounts = (await run(
        "SELECT id, user_id, name, type, is_default, display_order FROM investment_accounts ORDER BY user_id",
      )) as { id: number; user_id: number; name: string; type: string; is_default: unknown }[];
      expect(
        accounts.map((row) => [row.user_id, row.name, row.type, Boolean(row.is_default)]),
      ).toEqual([
        [a!.id, "Main", "taxable", true],
        [b!.id, "Main", "taxable", true],
        [c!.id, "Main", "taxable", true],
      ]);
      const accountOf = new Map(accounts.map((row) => [row.user_id, row.id]));
      for (const table of ["transactions", "positions", "income_entries"]) {
        const rows = (await run(`SELECT user_id, account_id FROM ${table}`)) as {
          user_id: number;
          account_id: number;
        }[];
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) expect(row.account_id).toBe(accountOf.get(row.user_id));
      }
      // account_id is NOT NULL now.
      await expect(
        run(
          "INSERT INTO positions (user_id, asset_type, symbol, quantity, average_price, opened_at," +
            " updated_at) VALUES (?, 'STOCK', 'NVDA', '1', '1', 1, 1)",
          [a!.id],
        ),
      ).rejects.toThrow();

      // The repositories read the moved rows as the account's.
      const repos = createRepositories(database);
      const held = await repos.portfolio.list(a!.id, "STOCK", accountOf.get(a!.id));
      expect(held.map((position) => [position.symbol, position.quantity])).toEqual([["AAPL", "8"]]);
      const income = await repos.corporateActions.listIncome(a!.id, accountOf.get(a!.id));
      expect(income.map((entry) => entry.total)).toEqual(["2"]);
      // A new user gets a default account of their own.
      const created = await repos.users.create(
        { email: "d@example.com", name: "D", passwordHash: "h" },
        new Date(9_000),
      );
      expect(await repos.investmentAccounts.list(created!.id)).toMatchObject([
        { name: "Main", isDefault: true },
      ]);
    } finally {
      await database.close();
    }
  });
});
