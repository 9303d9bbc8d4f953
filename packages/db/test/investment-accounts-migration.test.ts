import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  defaultMigrationsFolder,
  defaultPostgresMigrationsFolder,
  migrateDatabase,
  openSqliteDatabase,
  type AnyDatabase,
} from "../src/client";
import { openPostgresDatabase } from "../src/postgres";
import { createRepositories } from "../src/repositories";
import { dropTestPostgresDatabase, postgresAnswers, testPostgresUrl } from "../src/testing";

/**
 * Issue 31's migration on a database holding data from before it: every user gets one default
 * account, and every position, trade, split row and income entry moves into it.
 */

const temp = mkdtempSync(join(tmpdir(), "ledgerline-accounts-migration-"));
const dropped: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of dropped) await drop();
  rmSync(temp, { recursive: true, force: true });
});

/** A copy of a dialect's migrations up to (not including) the one whose tag starts with `tag`. */
function migrationsBefore(folder: string, tag: string): string {
  const copy = join(temp, `${tag}-${randomBytes(4).toString("hex")}`);
  cpSync(folder, copy, { recursive: true });
  const journalPath = join(copy, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith("_investment-accounts"));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return copy;
}

const dialects: {
  name: string;
  folder: string;
  open(): Promise<AnyDatabase>;
}[] = [
  {
    name: "sqlite",
    folder: defaultMigrationsFolder,
    open: async () => openSqliteDatabase(join(temp, `old-${randomBytes(4).toString("hex")}.db`)),
  },
];
if (await postgresAnswers()) {
  dialects.push({
    name: "postgres",
    folder: defaultPostgresMigrationsFolder,
    open: async () => {
      const serverUrl = testPostgresUrl();
      const name = `ledgerline_test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      dropped.push(() => dropTestPostgresDatabase(serverUrl, name));
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return openPostgresDatabase(url.toString());
    },
  });
}

describe.each(dialects)("the investment accounts migration on $name", (dialect) => {
  it("moves every user's existing rows into one default account, NOT NULL after", async () => {
    const database = await dialect.open();
    try {
      await migrateDatabase(database, migrationsBefore(dialect.folder, dialect.name));
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
