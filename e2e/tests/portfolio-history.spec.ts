import { readFile } from "node:fs/promises";
import { portfolioMessages } from "@ledgerline/contracts";
import { expect, type Page } from "@playwright/test";
import { signedInPortfolioUser } from "./portfolio-support";
import { expectAccessible, openLanding } from "./support";
import { test } from "./polled-prices";

/** The table's body rows (the header row excluded). */
const bodyRows = (page: Page) =>
  page.getByRole("table", { name: "Your transactions" }).locator("tbody tr");
const firstSymbol = async (page: Page) =>
  (await bodyRows(page).first().getByRole("link").first().textContent())?.trim();

test("a user filters and sorts the history, the view lives in the URL, and exports it as CSV", async ({
  page,
  request,
}) => {
  const user = await signedInPortfolioUser(page, request, "History Reader");
  await user.buy("STOCK", "AAPL", "10", "200", "2026-03-02T15:00:00Z");
  await user.buy("CRYPTO", "BTC", "0.5", "80000", "2026-03-03T15:00:00Z");
  await user.buy("STOCK", "MSFT", "2", "400.5", "2026-03-04T15:00:00Z");
  await user.buy("CRYPTO", "SHIB", "1000000", "0.00001234", "2026-03-05T15:00:00Z");
  await user.sell("STOCK", "AAPL", "4", "210.25");
  await openLanding(page);

  await page.getByRole("link", { name: "Transaction History" }).first().click();
  await expect(page.getByRole("heading", { name: "Transaction History", level: 1 })).toBeVisible();
  for (const header of [
    "Date",
    "Purchase Type",
    "Symbol",
    "Type",
    "Quantity",
    "Price",
    "Total",
    "Fee",
  ]) {
    await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  await expect(bodyRows(page)).toHaveCount(5);
  // Newest first by default: the sell, made today.
  await expect(page.getByRole("columnheader", { name: "Date", exact: true })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await expect(bodyRows(page).first()).toContainText("SELL");
  await expect(bodyRows(page).first()).toContainText("STOCK");
  await expectAccessible(page);

  // Another column sorts ascending; the active one toggles.
  await page.getByRole("button", { name: "Symbol" }).click();
  await expect(page).toHaveURL(/sortBy=symbol/);
  await expect(page).toHaveURL(/sortOrder=asc/);
  await expect.poll(() => firstSymbol(page)).toBe("AAPL");
  await page.getByRole("button", { name: "Symbol" }).click();
  await expect(page).toHaveURL(/sortOrder=desc/);
  await expect.poll(() => firstSymbol(page)).toBe("SHIB");
  await page.getByRole("button", { name: "Price" }).click();
  await expect(page.getByRole("columnheader", { name: "Price", exact: true })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect.poll(() => firstSymbol(page)).toBe("SHIB");
  await expect(bodyRows(page).first()).toContainText("$0.00001234");

  // Filters apply on Apply Filters, and stay through a reload.
  await page.getByRole("textbox", { name: "Symbol" }).fill(" aapl ");
  await page.getByLabel("Transaction Type").selectOption("SELL");
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(/symbol=AAPL/);
  await expect(page).toHaveURL(/transactionType=SELL/);
  await expect(bodyRows(page)).toHaveCount(1);
  await page.reload();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(page.getByRole("textbox", { name: "Symbol" })).toHaveValue("AAPL");
  await expect(bodyRows(page).first()).toContainText("$841.00");

  // The CSV is the filtered history, with exact decimals.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await file.path(), "utf8")).trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    "id,transactionDate,type,symbol,transactionType,quantity,price,transactionTotal,fee,notes",
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/,STOCK,AAPL,SELL,4,210.25,841,0,/);

  // Part of a symbol finds every symbol holding it, whatever its case.
  await page.getByRole("button", { name: "Clear Filters" }).click();
  await expect(bodyRows(page)).toHaveCount(5);
  await page.getByRole("textbox", { name: "Symbol" }).fill("s");
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(/symbol=S(&|$)/);
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(page.getByRole("table", { name: "Your transactions" })).toContainText("SHIB");
  await expect(page.getByRole("table", { name: "Your transactions" })).toContainText("MSFT");

  // Purchase type and a start date (sent as an ISO instant).
  await page.getByRole("button", { name: "Clear Filters" }).click();
  await expect(bodyRows(page)).toHaveCount(5);
  await page.getByLabel("Purchase Type").selectOption("CRYPTO");
  await page.getByLabel("Start Date").fill("2026-03-04T00:00");
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(/startDate=2026-03-0[34]T\d\d%3A00%3A00.000Z/);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("SHIB");
  await expect(bodyRows(page).first()).toContainText("CRYPTO");
  await expect(bodyRows(page).first()).toContainText("BUY");
});

test("the history pages on the server", async ({ page, request }) => {
  const user = await signedInPortfolioUser(page, request, "Busy Trader");
  for (let day = 1; day <= 12; day++) {
    const date = `2026-02-${String(day + 10).padStart(2, "0")}T15:00:00Z`;
    await user.buy("STOCK", "KO", "1", String(60 + day), date);
  }
  await page.goto("/transaction-history?pageSize=10");
  await expect(page.getByText("Showing 1–10 of 12")).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(10);
  await page.getByRole("button", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText("Showing 11–12 of 12")).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(bodyRows(page).last()).toContainText("$61.00");
});

test("a failed load shows the server's message, or 'Failed to fetch transactions'", async ({
  page,
  request,
}) => {
  await signedInPortfolioUser(page, request, "Unlucky Reader");
  // An upside-down range is the server's to refuse: its message is shown.
  await page.goto(
    "/transaction-history?startDate=2026-03-10T00:00:00.000Z&endDate=2026-03-01T00:00:00.000Z",
  );
  await expect(page.getByRole("alert")).toHaveText("startDate must not be after endDate");

  await page.route(/\/api\/trpc\/[^?]*transactions\.list/, (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
  );
  await page.goto("/transaction-history");
  await expect(page.getByText(portfolioMessages.failedToFetchTransactions)).toBeVisible({
    timeout: 15_000,
  });
});
