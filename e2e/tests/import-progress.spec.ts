import { expect, type Page } from "@playwright/test";
import { signedInPortfolioUser } from "./portfolio-support";
import { shootAsItIs } from "./shots";
import { expectAccessible, openLanding, openPortfolioPage } from "./support";
import { test } from "./polled-prices";

const ROWS = 20_000;

/** A Ledgerline CSV of `rows` trades: two shares bought, now and then one sold, a minute apart. */
function largeFile(rows: number) {
  const symbols = ["AAPL", "MSFT", "AMZN", "TSLA"];
  const held = new Map<string, number>();
  const lines = ["transactionDate,type,symbol,transactionType,quantity,price,total,notes"];
  const start = Date.parse("2021-01-04T15:00:00Z");
  for (let i = 0; i < rows; i++) {
    const symbol = symbols[i % symbols.length]!;
    const date = new Date(start + i * 60_000).toISOString();
    const shares = held.get(symbol) ?? 0;
    const price = (100 + (i % 97)).toFixed(2);
    if (shares >= 2 && i % 5 === 0) {
      held.set(symbol, shares - 1);
      lines.push(`${date},STOCK,${symbol},SELL,1,${price},${price},`);
    } else {
      held.set(symbol, shares + 2);
      lines.push(`${date},STOCK,${symbol},BUY,2,${price},,`);
    }
  }
  return { name: "large-export.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\n")) };
}

/** Each page's address and its heading. */
const PAGES = {
  Import: { path: "/import", heading: "Import transactions" },
  "Transaction History": { path: "/transaction-history", heading: "Transaction History" },
} as const;

/**
 * Opens a portfolio page through the main navigation where it shows its Portfolio menu (1280
 * px); below that the navigation is the phone's, so the page is opened by its address.
 */
async function open(page: Page, name: keyof typeof PAGES) {
  if ((page.viewportSize()?.width ?? 0) >= 1280) await openPortfolioPage(page, name);
  else await page.goto(PAGES[name].path);
  await expect(page.getByRole("heading", { level: 1, name: PAGES[name].heading })).toBeVisible();
}

/** Chooses the file, previews it and starts the import. */
async function startImport(page: Page) {
  await open(page, "Import");
  await page.getByLabel("CSV file").setInputFiles(largeFile(ROWS));
  const source = page.getByLabel("Source");
  await expect(source).toBeEnabled();
  await source.selectOption("ledgerline");
  await page.getByRole("button", { name: "Preview" }).click();
  await page.getByRole("button", { name: `Import ${ROWS} trades` }).click();
  return page.getByRole("progressbar", { name: "Import progress" });
}

for (const width of [1280, 390]) {
  test(`a large import shows its progress, survives leaving the page and keeps its summary (${width} px)`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await signedInPortfolioUser(page, request, "Progress Tester");
    await openLanding(page);
    const bar = await startImport(page);
    await expect(bar).toBeVisible({ timeout: 60_000 });
    // Rows written of the total, in the bar's value and in words.
    await expect(bar).toHaveAttribute("aria-valuemax", String(ROWS), { timeout: 60_000 });
    await expect(page.getByText(new RegExp(`^[\\d,]+ of 20,000 rows$`))).toBeVisible();
    // The bar moves while the rows are written: some written, not all yet.
    await expect
      .poll(async () => Number((await bar.getAttribute("aria-valuenow")) ?? 0), { timeout: 60_000 })
      .toBeGreaterThan(0);
    await shootAsItIs(page, "import-progress");
    await expectAccessible(page);

    // Left and come back to: the page finds the job, running or ended.
    await open(page, "Transaction History");
    await open(page, "Import");
    const summary = page.getByText(/Imported 20000 trades, 0 dividends and 0 cash activities/);
    await expect(summary).toBeVisible({ timeout: 120_000 });
    await expect(bar).toHaveCount(0);
    // And again after it ended: the summary is kept with the job.
    await page.reload();
    await expect(summary).toBeVisible();
    await shootAsItIs(page, "import-summary");
    await expectAccessible(page);
  });
}

test("a cancelled import writes nothing", async ({ page, request }) => {
  test.slow();
  const user = await signedInPortfolioUser(page, request, "Cancel Tester");
  await openLanding(page);
  const bar = await startImport(page);
  // The queue runs one import at a time: this one may wait for another test's.
  await expect(bar).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "Cancel the import" }).click();
  await expect(
    page.getByText("The import was cancelled; nothing of the file was written."),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(bar).toHaveCount(0);
  await shootAsItIs(page, "import-cancelled");
  await expectAccessible(page);
  const history = await request.get("/api/transaction", {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(history.status()).toBe(200);
  expect(JSON.stringify(await history.json())).not.toContain("AAPL");
});
