import type { IncomeAnswer } from "@ledgerline/contracts";
import {
  dateInFuture,
  dateOutOfRange,
  incomeFormMessages,
  marketMessages,
} from "@ledgerline/contracts";
import { expect, type APIRequestContext } from "@playwright/test";
import { money, signedInPortfolioUser, trpcResult, waitForTrpc } from "./portfolio-support";
import { demo, expectAccessible, openLanding, signInViaApi } from "./support";
import { test } from "./polled-prices";

async function incomeOf(request: APIRequestContext, token: string): Promise<IncomeAnswer> {
  const response = await request.get("/api/income", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as IncomeAnswer;
}

test("the demo user's history says '2-for-1 split, +12 shares' with no cash, and the Income screen lists their dividends with totals per year", async ({
  page,
}) => {
  await signInViaApi(page, demo.user.email, demo.user.password);
  await page.goto("/transaction-history?symbol=JPM&transactionType=SPLIT");
  // The 12 JPM shares held on its 2-for-1 split's ex-date became 24: a split, not a trade.
  const split = page.getByRole("row").filter({ hasText: "2-for-1 split, +12 shares" });
  await expect(split).toHaveCount(1);
  await expect(split).toContainText("SPLIT");
  await expect(split).not.toContainText("$");
  await expect(split).not.toContainText("1:2");
  await expectAccessible(page);
  // On a phone the same words stand in the row's card, with no total.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole("listitem").filter({ hasText: "2-for-1 split, +12 shares" });
  await expect(card).toBeVisible();
  await expect(card).not.toContainText("$");
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto("/portfolio-summary");
  const answered = waitForTrpc(page, "income.list");
  await page.getByRole("link", { name: "Dividend Income" }).click();
  const income = await trpcResult<IncomeAnswer>(await answered, "income.list");
  await expect(page.getByRole("heading", { name: "Dividend Income", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Dividend Income · Ledgerline");
  expect(income.entries.some((entry) => entry.symbol === "JPM")).toBe(true);

  const years = page.getByRole("region", { name: "Totals per year" });
  for (const { year, total } of income.years) {
    const card = years
      .getByRole("term")
      .filter({ hasText: String(year) })
      .locator("..");
    await expect(card.getByRole("definition")).toHaveText(money(total));
  }
  await expect(
    years.getByRole("term").filter({ hasText: "All years" }).locator(".."),
  ).toContainText(money(income.total));
  const table = page.getByRole("table", { name: "Your dividend income, newest first" });
  await expect(table.locator("tbody tr")).toHaveCount(income.entries.length);
  const newest = income.entries[0]!;
  await expect(table.locator("tbody tr").first()).toContainText(money(newest.total));
  await expectAccessible(page);

  // On a phone: one card per entry instead of the table.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeHidden();
  await expect(
    page.getByRole("list", { name: "Your dividend income, newest first" }).getByRole("listitem"),
  ).toHaveCount(income.entries.length);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Dividend Income", level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test("a user corrects a dividend to the broker's figure, deletes one and adds one by hand", async ({
  page,
  request,
}) => {
  test.slow();
  const user = await signedInPortfolioUser(page, request, "Income Keeper");
  await page.goto("/income");
  await expect(page.getByText("No dividend income yet.")).toBeVisible();

  // Held through JPM's dividends since June 2025 (and its split in January).
  await user.buy("STOCK", "JPM", "10", "250", "2025-06-02T15:00:00Z");
  const before = await incomeOf(request, user.token);
  expect(before.entries.length).toBeGreaterThanOrEqual(2);
  const [edited, deleted] = before.entries as [
    IncomeAnswer["entries"][number],
    IncomeAnswer["entries"][number],
  ];
  await page.reload();
  const table = page.getByRole("table", { name: "Your dividend income, newest first" });
  await expect(table.locator("tbody tr")).toHaveCount(before.entries.length);

  // Edit: the form says what is wrong before anything is sent.
  await table
    .locator(`[data-income-id="${edited.id}"]`)
    .getByRole("button", { name: /^Edit/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Edit JPM dividend" });
  await dialog.getByLabel("Quantity held").fill("0");
  await dialog.getByLabel("Pay date").fill("2020-01-01");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog.getByText(incomeFormMessages.quantityMustBePositive)).toBeVisible();
  await expect(dialog.getByText(incomeFormMessages.payDateBeforeExDate)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel("Quantity held").fill(edited.quantity);
  await dialog.getByLabel("Pay date").fill(edited.payDate);
  await dialog.getByLabel("Total received").fill("4.37");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Updated JPM dividend of $4.37")).toBeVisible();
  const editedRow = table.locator(`[data-income-id="${edited.id}"]`);
  await expect(editedRow).toContainText("$4.37");
  await expect(editedRow).toContainText("By hand");

  // Delete, after a confirmation.
  await table
    .locator(`[data-income-id="${deleted.id}"]`)
    .getByRole("button", { name: /^Delete/ })
    .click();
  const confirm = page.getByRole("dialog", { name: "Delete dividend" });
  await expect(confirm).toContainText(money(deleted.total));
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(table.locator(`[data-income-id="${deleted.id}"]`)).toHaveCount(0);

  // Add by hand, with exact decimals: 3.5 × 0.515 is 1.8025, not rounded on the way.
  await page.getByRole("button", { name: "Add dividend" }).click();
  const adding = page.getByRole("dialog", { name: "Add dividend" });
  await adding.getByLabel("Symbol").fill("ko");
  // A dividend received is dated between 1970 and today.
  await adding.getByLabel("Ex-date").fill("1969-12-31");
  await adding.getByLabel("Pay date").fill("2099-06-30");
  await adding.getByRole("button", { name: "Add dividend" }).click();
  await expect(adding.getByText(dateOutOfRange("The ex-date"))).toBeVisible();
  await expect(adding.getByText(dateInFuture("The pay date"))).toBeVisible();
  await expect(adding.getByLabel("Ex-date")).toHaveAttribute("min", "1970-01-01");
  await adding.getByLabel("Ex-date").fill("2026-02-13");
  await adding.getByLabel("Pay date").fill("2026-03-02");
  await adding.getByLabel("Quantity held").fill("3.5");
  // A decimal comma reads as an import reads it: 0,515 is 0.515.
  await adding.getByLabel("Amount per share").fill("0,515");
  await expect(adding.getByText("Leave empty for $1.80")).toBeVisible();
  // The total it stands for is written as amounts are everywhere, not as raw '1.8025'.
  await expect(adding.getByLabel("Total received")).toHaveAttribute("placeholder", "$1.80");
  // A double-click adds it once.
  await adding.getByRole("button", { name: "Add dividend" }).dblclick();
  await expect(adding).toBeHidden();
  await expect(table.getByRole("row").filter({ hasText: "KO" })).toContainText("$1.80");

  const after = await incomeOf(request, user.token);
  expect(after.entries.find((entry) => entry.id === edited.id)).toMatchObject({
    total: "4.37",
    manual: true,
  });
  expect(after.entries.some((entry) => entry.id === deleted.id)).toBe(false);
  expect(after.entries.filter((entry) => entry.symbol === "KO")).toHaveLength(1);
  expect(after.entries.find((entry) => entry.symbol === "KO")).toMatchObject({
    quantity: "3.5",
    amountPerShare: "0.515",
    total: "1.8025",
    manual: true,
  });
  const years = page.getByRole("region", { name: "Totals per year" });
  for (const { year, total } of after.years) {
    await expect(
      years
        .getByRole("term")
        .filter({ hasText: String(year) })
        .locator("..")
        .getByRole("definition"),
    ).toHaveText(money(total));
  }
});

test("an admin re-syncs a symbol's corporate actions and sees what was found", async ({ page }) => {
  await signInViaApi(page, demo.admin.email, demo.admin.password);
  await openLanding(page);
  await page.getByRole("button", { name: "Admin" }).click();
  await page.getByRole("menuitem", { name: "Corporate Actions" }).click();
  await expect(page).toHaveURL(/\/corporate-actions$/);
  await expect(page.getByRole("heading", { name: "Corporate Actions", level: 1 })).toBeVisible();

  await page.getByLabel("Symbol").fill("not a symbol");
  await page.getByRole("button", { name: "Re-sync corporate actions" }).click();
  await expect(page.getByText(marketMessages.invalidStockSymbol)).toBeVisible();

  await page.getByLabel("Symbol").fill("jpm");
  await page.getByRole("button", { name: "Re-sync corporate actions" }).click();
  // The demo user holds JPM, so at least one user is touched.
  await expect(page.getByRole("status").filter({ hasText: "JPM:" })).toHaveText(
    /^JPM: \d+ corporate actions found, applied to [1-9]\d* users? who traded it: \d+ splits? written, \d+ dividends? added\.$/,
  );
  const found = page.getByRole("table", { name: "Corporate actions of JPM" });
  await expect(
    found.getByRole("row").filter({ hasText: "Jan 20, 2026" }).filter({ hasText: "Split" }),
  ).toContainText("2-for-1 split");
  await expect(found.getByRole("row").filter({ hasText: "Dividend" }).first()).toBeVisible();
  await expectAccessible(page);
});
