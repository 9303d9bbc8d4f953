import { fileURLToPath } from "node:url";
import { expect } from "@playwright/test";
import { signedInPortfolioUser } from "./portfolio-support";
import { expectAccessible, openPortfolioPage } from "./support";
import { test } from "./polled-prices";

const sample = (name: string) =>
  fileURLToPath(new URL(`../../apps/api/test/fixtures/import/${name}`, import.meta.url));
const schwabSample = sample("schwab-sample.csv");

test("a user imports the Schwab sample: reviews errors and skips, imports the valid rows, sees positions and history", async ({
  page,
  request,
}) => {
  // A long walk through five screens on a shared 2-core machine.
  test.slow();
  await signedInPortfolioUser(page, request, "Import Tester");

  // The landing page links to the import.
  await page.getByRole("link", { name: /Import Transactions/ }).click();
  await expect(page).toHaveURL(/\/import$/);
  await expect(page.getByRole("heading", { name: "Import transactions", level: 1 })).toBeVisible();

  await page.getByLabel("CSV file").setInputFiles(schwabSample);
  // The source is read from the file's header.
  await expect(page.getByText("Detected from the file's header: Charles Schwab.")).toBeVisible();
  await expect(page.getByLabel("Source")).toHaveValue("schwab");
  await page.getByRole("button", { name: "Preview" }).click();

  const summary = page.getByLabel("Summary");
  await expect(summary.getByText("Trades")).toBeVisible();
  const count = (label: string) => summary.locator("div", { hasText: label }).locator("dd");
  await expect(count("Trades")).toHaveText("6");
  await expect(count("Errors")).toHaveText("3");
  await expect(count("Income")).toHaveText("2");
  await expect(count("Splits")).toHaveText("1");
  await expect(count("Skipped")).toHaveText("3");

  const table = page.getByRole("table", { name: "What each row of the file becomes" });
  // The preview lists the file's rows in order, from row 2 (the header is row 1).
  const row = (n: number) => table.locator("tbody tr").nth(n - 2);
  await expect(row(13)).toContainText("Unknown symbol SCHD: the market has no such stock");
  // Amounts as every screen writes them, and a date-only row as its day (no "12:00 AM").
  await expect(row(2)).toContainText("$512.40");
  await expect(row(2)).toContainText("Oct 15, 2025");
  await expect(table).not.toContainText("12:00 AM");
  await expect(row(15)).toContainText("Quantity must be greater than 0 (it is -5)");
  await expect(row(10)).toContainText("A cash movement, not a trade");
  await expect(row(16)).toContainText("A total line, not a transaction");
  await expectAccessible(page);

  await expect(row(6)).toContainText("Matches NVDA's 10-for-1 split of 2024-06-10");
  await page.getByRole("button", { name: "Import 6 trades and 2 dividends" }).click();
  await expect(
    page.getByText(
      "Imported 6 trades and 2 dividends; 1 split applied from the corporate-actions calendar; 0 already recorded, 3 skipped, 3 with errors left out.",
    ),
  ).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "See the imported transactions" }).click();
  await expect(page.getByRole("heading", { name: "Transaction History", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/startDate=/);
  const history = page.getByRole("table", { name: "Your transactions" });
  await expect(
    history.getByRole("row", { name: /MSFT MICROSOFT CORP SELL 5 \$512\.40/ }),
  ).toBeVisible();
  for (const symbol of ["MSFT", "NVDA", "AAPL", "KO"]) {
    await expect(history.getByRole("link", { name: symbol, exact: true }).first()).toBeVisible();
  }

  await openPortfolioPage(page, "Your Portfolio");
  await expect(page.getByRole("heading", { name: "Portfolio Summary", level: 1 })).toBeVisible();
  for (const symbol of ["AAPL", "KO", "MSFT", "NVDA"]) {
    await expect(page.getByRole("link", { name: symbol, exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Import CSV" })).toBeVisible();
});

test("a user saves an 'Other CSV' mapping under a name, and after a reload applies it to the next file", async ({
  page,
  request,
}) => {
  test.slow();
  await signedInPortfolioUser(page, request, "Mapping Tester");
  // A German broker's columns, which the header guess does not recognise.
  const file = {
    name: "broker.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("Datum;Wert;Art;Stück;Kurs\n03.03.2025;AAPL;Kauf;2;1.234,50\n"),
  };
  const chooseFile = async () => {
    await page.getByLabel("CSV file").setInputFiles(file);
    // No known export has this header: 'Other CSV', with a first guess at its mapping.
    await expect(page.getByText("No known export has this header")).toBeVisible();
    await expect(page.getByLabel("Source")).toHaveValue("generic");
    await expect(page.getByRole("heading", { name: "2. Map the columns" })).toBeVisible();
  };

  await page.goto("/import");
  await chooseFile();
  // Guessed from the first rows: the decimal comma, the day-first dates, the columns, the buy word.
  await expect(page.getByLabel("Decimal separator")).toHaveValue(",");
  await expect(page.getByLabel("Date format")).toHaveValue("DD.MM.YYYY");
  // The guess is said under the select that changes it.
  await expect(page.getByLabel("Date format")).toHaveAccessibleDescription(
    "Guessed from the file's first rows: DD.MM.YYYY.",
  );
  await expect(page.getByLabel("Buy values")).toHaveValue("Kauf");
  for (const [label, column] of [
    ["Date column", "Datum"],
    ["Symbol column", "Wert"],
    ["Action column", "Art"],
    ["Quantity column", "Stück"],
    ["Price column", "Kurs"],
  ] as const) {
    await page.getByLabel(label).selectOption(column);
  }
  await page.getByLabel("Buy values").fill("Kauf");
  await page.getByLabel("Mapping name").fill("Comdirect");
  await page.getByRole("button", { name: "Save mapping" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: 'Saved the mapping "Comdirect"' }),
  ).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await chooseFile();
  await page.getByLabel("Saved mapping").selectOption({ label: "Comdirect" });
  await expect(page.getByLabel("Date column")).toHaveValue("Datum");
  await expect(page.getByLabel("Date format")).toHaveValue("DD.MM.YYYY");
  await expect(page.getByLabel("Buy values")).toHaveValue("Kauf");
  await page.getByRole("button", { name: "Preview" }).click();
  const summary = page.getByLabel("Summary");
  const count = (label: string) => summary.locator("div", { hasText: label }).locator("dd");
  await expect(count("Trades")).toHaveText("1");
  await expect(count("Errors")).toHaveText("0");
  const table = page.getByRole("table", { name: "What each row of the file becomes" });
  await expect(table.locator("tbody tr").first()).toContainText("$1,234.50");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Delete mapping" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Deleted the mapping" })).toBeVisible();
  await expect(page.getByLabel("Saved mapping")).toHaveValue("");
});

test("a Coinbase file is read as Coinbase, and an incomplete mapping names the column it lacks", async ({
  page,
  request,
}) => {
  await signedInPortfolioUser(page, request, "Detection Tester");
  await page.goto("/import");
  await page.getByLabel("CSV file").setInputFiles(sample("coinbase-sample.csv"));
  await expect(page.getByText("Detected from the file's header: Coinbase.")).toBeVisible();
  await expect(page.getByLabel("Source")).toHaveValue("coinbase");

  await page.getByLabel("CSV file").setInputFiles({
    name: "mine.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("When,Ticker,Side,Shares,Cost\n2025-03-03,AAPL,Buy,2,190\n"),
  });
  await expect(page.getByLabel("Source")).toHaveValue("generic");
  await expect(page.getByLabel("Price column")).toHaveValue("Cost");
  await page.getByLabel("Price column").selectOption("");
  await page.getByRole("button", { name: "Preview" }).click();
  const message = "Choose the file's Price column: the mapping names none, and every row needs it";
  await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
  await expect(page.getByLabel("Price column")).toHaveAccessibleDescription(message);
  await expectAccessible(page);
  await page.getByLabel("Price column").selectOption("Cost");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByLabel("Summary")).toBeVisible();
});
