import { fileURLToPath } from "node:url";
import { expect } from "@playwright/test";
import { signedInPortfolioUser } from "./portfolio-support";
import { expectAccessible, openLanding, openPortfolioPage, toastSaid } from "./support";
import { test } from "./polled-prices";
import { shootBothThemes } from "./shots";

/**
 * The queue runs one import at a time, and import-progress.spec's 20,000-row imports hold it about
 * 20 s each on the e2e server (their batches are held 500 ms): a small import may wait for one.
 */
const IMPORT_QUEUE_WAIT_MS = 60_000;

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
  await openLanding(page);

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
  await expect(count("Skipped")).toHaveText("1");
  await expect(count("Cash")).toHaveText("2");
  // The default account does not track cash: the preview says what that means and offers it.
  const untracked = page.getByText(
    "Main does not track cash: the file's 2 cash activities would be kept but left out of its cash, value and returns.",
  );
  await expect(untracked).toBeVisible();
  await page.getByRole("button", { name: "Track cash in Main" }).click();
  // Closed before the axe check below: it would read the toast's text mid-animation.
  await toastSaid(page, "Main now tracks its cash");
  await expect(untracked).toHaveCount(0);

  const table = page.getByRole("table", { name: "What each row of the file becomes" });
  // The preview lists the file's rows in order, from row 2 (the header is row 1).
  const row = (n: number) => table.locator("tbody tr").nth(n - 2);
  await expect(row(13)).toContainText("Unknown symbol SCHD: the market has no such stock");
  // Amounts as every screen writes them, and a date-only row as its day (no "12:00 AM").
  await expect(row(2)).toContainText("$512.40");
  await expect(row(2)).toContainText("Oct 15, 2025");
  await expect(table).not.toContainText("12:00 AM");
  await expect(row(15)).toContainText("Quantity must be greater than 0 (it is -5)");
  await expect(row(10)).toContainText("Deposit of 30000 USD");
  await expect(row(16)).toContainText("A total line, not a transaction");
  await expectAccessible(page);

  await expect(row(6)).toContainText("Matches NVDA's 10-for-1 split of 2024-06-10");
  await page
    .getByRole("button", { name: "Import 6 trades, 2 dividends and 2 cash activities" })
    .click();
  await expect(
    page.getByText(
      "Imported 6 trades, 2 dividends and 2 cash activities; 1 split applied from the corporate-actions calendar; 0 already recorded, 1 skipped, 3 with errors left out.",
    ),
  ).toBeVisible({ timeout: IMPORT_QUEUE_WAIT_MS });
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

test("a Schwab file's deposit and interest land in a new Schwab account's cash, once", async ({
  page,
  request,
}) => {
  test.slow();
  const user = await signedInPortfolioUser(page, request, "Cash Importer");
  // A trade in the default account: importing into another one was refused as a changed history.
  await user.buy("STOCK", "AAPL", "1", "190", "2025-01-02T15:00:00.000Z");
  const file = {
    name: "schwab.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      [
        '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"',
        '"03/03/2025","Credit Interest","","SCHWAB1 INT 02/01-02/28","","","","$1.12"',
        '"03/03/2025","MoneyLink Transfer","","Tfr BANK OF AMERICA","","","","$5,000.00"',
        '"Transactions Total","","","","","","","$5,001.12"',
      ].join("\n"),
    ),
  };
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/import");
  await page.getByLabel("CSV file").setInputFiles(file);
  await expect(page.getByLabel("Source")).toHaveValue("schwab");
  await page.getByRole("button", { name: "Create a Schwab account" }).click();
  await expect(page.getByLabel("Into account").locator("option:checked")).toHaveText(/^Schwab/);
  const preview = async () => {
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("heading", { name: "Cash activities" })).toBeVisible();
    // The preview at the top of the screen, for the screenshots.
    await page
      .getByRole("heading", { name: "Preview", level: 2 })
      .evaluate((element) =>
        window.scrollTo(0, element.getBoundingClientRect().top + scrollY - 80),
      );
  };
  /** The page as it was before a reload: the file, the Schwab account, the preview. */
  const again = async () => {
    await page.getByLabel("CSV file").setInputFiles(file);
    await expect(page.getByLabel("Source")).toHaveValue("schwab");
    await page.getByLabel("Into account").selectOption({ label: "Schwab (Charles Schwab)" });
    await preview();
  };
  await preview();
  const cash = page.getByRole("table", { name: "Cash activities to import, by type" });
  await expect(cash.getByRole("row", { name: "Deposit 1 $5,000.00" })).toBeVisible();
  await expect(cash.getByRole("row", { name: "Interest 1 $1.12" })).toBeVisible();
  // A Schwab account made here tracks cash, so nothing is left out.
  await expect(page.getByText(/does not track cash/)).toHaveCount(0);
  const table = page.getByRole("table", { name: "What each row of the file becomes" });
  await expect(table.locator("tbody tr").nth(1)).toContainText("$5,000.00");
  await expectAccessible(page);
  await shootBothThemes(page, "import-cash-preview", again);
  await page.setViewportSize({ width: 390, height: 844 });
  await shootBothThemes(page, "import-cash-preview", again);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Import 2 cash activities" }).click();
  await expect(page.getByText(/Imported 0 trades, 0 dividends and 2 cash activities/)).toBeVisible({
    timeout: IMPORT_QUEUE_WAIT_MS,
  });
  await page.getByRole("link", { name: "See the account's cash" }).click();
  const section = page.getByRole("region", { name: "Schwab: cash" });
  const activity = section.getByRole("list", { name: "Cash activity of Schwab, newest first" });
  await expect(activity.getByRole("listitem")).toHaveCount(2);
  await expect(activity).toContainText("Tfr BANK OF AMERICA");
  await expect(activity).toContainText("+$5,000.00");
  await expect(activity).toContainText("+$1.12");
  // 5,000.00 + 1.12 - 700.00 for the shares bought.
  await expect(section.getByText("$5,001.12")).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page);

  // The same file again adds nothing.
  await page.goto("/import");
  await page.getByLabel("CSV file").setInputFiles(file);
  await page.getByLabel("Into account").selectOption({ label: "Schwab (Charles Schwab)" });
  await page.getByRole("button", { name: "Preview" }).click();
  const summary = page.getByLabel("Summary");
  const count = (label: string) => summary.locator("div", { hasText: label }).locator("dd");
  await expect(count("Duplicates")).toHaveText("2");
  await expect(count("Cash")).toHaveText("0");
  await expect(page.getByRole("button", { name: "Import 0 trades" })).toBeDisabled();
});
