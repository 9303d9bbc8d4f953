import { describe, expect, it } from "vitest";
import { account } from "./account-fixtures";
import { accountFilterOptions, filteredAccount } from "../src/components/accounts/accounts";
import { accountSearch } from "../src/components/accounts/account-search";
import {
  importAccount,
  sourceAccountOffer,
  untrackedCashWarning,
} from "../src/routes/_app/import/-components/import-account";
import {
  exportUrl,
  filterQuery,
  hasFilters,
} from "../src/routes/_app/transaction-history/-components/history-query";
import {
  validateTransactionSearch,
  withDefaults,
} from "../src/routes/_app/transaction-history/-components/history-search";

const main = account(1, "Main", { isDefault: true });
const ira = account(2, "Retirement", { type: "ira" });

describe("a page's account filter", () => {
  it("reads ?account= as a positive whole number, or nothing", () => {
    expect(accountSearch("7")).toBe(7);
    expect(accountSearch(7)).toBe(7);
    expect(accountSearch("0")).toBeUndefined();
    expect(accountSearch("-2")).toBeUndefined();
    expect(accountSearch("1.5")).toBeUndefined();
    expect(accountSearch("main")).toBeUndefined();
    expect(accountSearch(undefined)).toBeUndefined();
  });

  it("filters only a user with several accounts, and only by one of theirs", () => {
    expect(filteredAccount([main, ira], 2)).toBe(2);
    expect(filteredAccount([main, ira], undefined)).toBeUndefined();
    // An address naming an account that is gone (or another user's) shows every account.
    expect(filteredAccount([main, ira], 99)).toBeUndefined();
    expect(filteredAccount([main], 1)).toBeUndefined();
  });

  it("offers every account after 'All accounts'", () => {
    expect(accountFilterOptions([main, ira])).toEqual([
      { value: "", label: "All accounts" },
      { value: "1", label: "Main" },
      { value: "2", label: "Retirement" },
    ]);
  });
});

describe("the transaction history's account filter", () => {
  it("keeps ?account= from the address and drops a bad one", () => {
    expect(validateTransactionSearch({ account: "2" }).account).toBe(2);
    expect(validateTransactionSearch({ account: "two" }).account).toBeUndefined();
  });

  it("sends it as accountId, to the page and to the CSV export", () => {
    const search = withDefaults({ account: 2 });
    expect(filterQuery(search)).toEqual({
      accountId: 2,
      sortBy: "transactionDate",
      sortOrder: "desc",
    });
    expect(hasFilters(search)).toBe(true);
    const query = new URLSearchParams(exportUrl(search).split("?")[1]);
    expect(query.get("accountId")).toBe("2");
    expect(query.get("format")).toBe("csv");
  });
});

describe("the import's account", () => {
  it("goes into the default account until another is chosen", () => {
    expect(importAccount(undefined, [ira, main])).toBe(main);
    expect(importAccount(2, [main, ira])).toBe(ira);
    // One chosen and then deleted elsewhere: back to the default.
    expect(importAccount(5, [main, ira])).toBe(main);
    expect(importAccount(undefined, [])).toBeUndefined();
  });

  it("offers an account named after Schwab or Coinbase when there is none by that name", () => {
    expect(sourceAccountOffer("schwab", [main])).toEqual({
      name: "Schwab",
      type: "taxable",
      institution: "Charles Schwab",
      // Its cash rows land with its trades, so the balance can match the statement's.
      cashTracked: true,
    });
    expect(sourceAccountOffer("coinbase", [main])).toMatchObject({
      name: "Coinbase",
      type: "exchange",
    });
    expect(sourceAccountOffer("schwab", [main, account(3, " schwab ")])).toBeUndefined();
    expect(sourceAccountOffer("coinbase", [main, account(3, "Schwab")])).toBeDefined();
  });

  it("offers none for a Ledgerline export or another CSV", () => {
    expect(sourceAccountOffer("ledgerline", [main])).toBeUndefined();
    expect(sourceAccountOffer("generic", [main])).toBeUndefined();
  });

  it("warns when the file's cash goes into an account that does not track cash", () => {
    const untracked = account(4, "Joint", { cashTracked: false });
    expect(untrackedCashWarning(untracked, 3)).toBe(
      "Joint does not track cash: the file's 3 cash activities would be kept but left out of its cash, value and returns.",
    );
    expect(untrackedCashWarning(untracked, 1)).toContain("the file's 1 cash activity would");
    expect(untrackedCashWarning(untracked, 0)).toBeUndefined();
    expect(untrackedCashWarning(account(5, "Broker", { cashTracked: true }), 3)).toBeUndefined();
    expect(untrackedCashWarning(undefined, 3)).toBeUndefined();
  });
});
