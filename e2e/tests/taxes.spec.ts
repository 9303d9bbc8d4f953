import { readFile } from "node:fs/promises";
import { form8949Labels } from "@ledgerline/contracts";
import { expect, type Page } from "@playwright/test";
import { signedInPortfolioUser } from "./portfolio-support";
import { shootBothThemes } from "./shots";
import { expectAccessible, openPortfolioPage, toastSaid } from "./support";
import { test } from "./polled-prices";

// Issue 32: the sell dialog's lots and the Taxes page.
test.describe.configure({ timeout: 120_000 });

const dialog = (page: Page) => page.getByRole("dialog");
const firstLot = "Sell from the lot bought Jan 2, 2025";
const secondLot = "Sell from the lot bought Feb 2, 2026";

async function openSell(page: Page) {
  await page
    .getByRole("article", { name: "AAPL", exact: true })
    .getByRole("button", { name: "Sell Stock" })
    .click();
  await dialog(page).getByLabel("Quantity to Remove").fill("5");
  await dialog(page).getByLabel("Sell Price").fill("150");
}

async function chooseTheSecondLot(page: Page) {
  const lots = dialog(page).getByRole("region", { name: "Lots sold" });
  // FIFO (a new account's method) would sell the oldest lot.
  await expect(lots.getByText("Method: First in, first out (FIFO)")).toBeVisible();
  await expect(lots.getByRole("row").filter({ hasText: "Jan 2, 2025" })).toContainText("+$250.00");
  await lots.getByRole("button", { name: "Choose lots" }).click();
  await expect(lots.getByLabel(firstLot)).toHaveValue("5");
  await lots.getByLabel(firstLot).fill("");
  await lots.getByLabel(secondLot).fill("3");
  await expect(lots.getByRole("status")).toHaveText(
    "2 shares short of the sale: the lots must add up to the quantity sold.",
  );
  const review = dialog(page).getByRole("button", { name: "Remove Shares" });
  await expect(review).toBeDisabled();
  await lots.getByLabel(secondLot).fill("5");
  await expect(lots.getByRole("status")).toHaveText("The lots add up to the 5 shares sold.");
  await expect(review).toBeEnabled();
}

test("sells a chosen lot, sees its gain on the Taxes page and downloads Form 8949", async ({
  page,
  request,
}) => {
  const user = await signedInPortfolioUser(page, request, "Tax Filer");
  await user.watchStocks("AAPL");
  await user.buy("STOCK", "AAPL", "10", "100", "2025-01-02T15:00:00Z");
  await user.buy("STOCK", "AAPL", "10", "120", "2026-02-02T15:00:00Z");

  await page.goto("/stock-dashboard");
  await openSell(page);
  await chooseTheSecondLot(page);
  await expectAccessible(page);
  await shootBothThemes(page, "sell-lots", async () => {
    await openSell(page);
    await chooseTheSecondLot(page);
  });

  await dialog(page).getByRole("button", { name: "Remove Shares" }).click();
  await expect(dialog(page)).toHaveAccessibleName("Confirm Sale");
  await expect(dialog(page).getByText(/^5 of lot \d+$/)).toBeVisible();
  await dialog(page).getByRole("button", { name: "Confirm Sale" }).click();
  await expect(dialog(page)).toBeHidden();
  await toastSaid(page, "Sold 5 shares of AAPL (realized gain +$150.00)");

  await openPortfolioPage(page, "Taxes");
  await expect(page).toHaveURL(/\/taxes$/);
  await expect(page.getByRole("heading", { name: "Taxes", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Tax year")).toHaveValue("2026");
  const short = page.getByRole("region", { name: "Short-term totals" });
  await expect(short).toContainText("Proceeds$750.00");
  await expect(short).toContainText("Cost basis$600.00");
  await expect(short).toContainText("Wash-sale adjustment$0.00");
  await expect(short).toContainText("+$150.00");
  await expect(page.getByRole("region", { name: "Long-term totals" })).toContainText(
    "Proceeds$0.00",
  );
  const lines = page.getByRole("table", { name: "Lots sold in the year, oldest sale first" });
  await expect(lines.locator("tbody tr")).toHaveCount(1);
  await expect(lines.locator("tbody tr")).toContainText("Feb 2, 2026");
  await expect(lines.locator("tbody tr")).toContainText("Short-term");
  await expect(page.getByText(/Crypto is not subject to the wash-sale rule/)).toBeVisible();
  await expect(page.getByText(/IRA, Roth IRA and 401\(k\) accounts .* left out/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tax-loss harvesting" })).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Form 8949 (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("form-8949-2026.csv");
  const csv = (await readFile(await file.path(), "utf8")).split("\r\n");
  expect(csv[1]).toBe(form8949Labels.partI);
  expect(csv[2]).toBe(form8949Labels.columns.join(","));
  // Sold today, by the app's clock (the market's simulated clock is another).
  expect(csv[3]).toMatch(/^5 sh AAPL,02\/02\/2026,\d\d\/\d\d\/2026,750\.00,600\.00,,,150\.00$/);
  await toastSaid(page, "Downloaded form-8949-2026.csv");

  await expectAccessible(page);
  await shootBothThemes(page, "taxes", async () => {
    await expect(lines).toBeVisible();
  });
  // The years offered are those with sales and this one; a year without sales says so.
  await expect(page.getByLabel("Tax year").locator("option")).toHaveText(["2026"]);
  await page.goto("/taxes?year=2025");
  await expect(
    page.getByText("No sales in 2025: nothing to report.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByLabel("Tax year")).toHaveValue("2025");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/taxes?year=2026");
  await expect(
    page.getByRole("list", { name: "Lots sold in the year, oldest sale first" }),
  ).toContainText("+$150.00");
  await expectAccessible(page);
  await shootBothThemes(page, "taxes", async () => {
    await expect(page.getByRole("heading", { name: "Closed lots" })).toBeVisible();
  });

  await page.goto("/stock-dashboard");
  await openSell(page);
  const lots = dialog(page).getByRole("region", { name: "Lots sold" });
  await lots.getByRole("button", { name: "Minimize tax" }).click();
  // At 150 both lots gain; the long-term one (bought at 100) is taxed at the lower rate.
  await expect(lots.getByLabel(firstLot)).toHaveValue("5");
  await expectAccessible(page);
  await shootBothThemes(page, "sell-lots", async () => {
    await openSell(page);
    await lots.getByRole("button", { name: "Minimize tax" }).click();
    await expect(lots.getByLabel(firstLot)).toHaveValue("5");
  });
});

/** Opens the AAPL sell dialog for 12 shares at 110, where three of four lots are at a loss. */
async function openSellAtALoss(page: Page) {
  await page
    .getByRole("article", { name: "AAPL", exact: true })
    .getByRole("button", { name: "Sell Stock" })
    .click();
  await dialog(page).getByLabel("Quantity to Remove").fill("12");
  await dialog(page).getByLabel("Sell Price").fill("110");
  const lots = dialog(page).getByRole("region", { name: "Lots sold" });
  await expect(
    lots.getByText("Method: Specific lots (first in, first out unless you choose)"),
  ).toBeVisible();
  return lots;
}

const lotBought = (date: string) => `Sell from the lot bought ${date}`;

/** Minimize tax: the highest-cost long-term loss, then the next; no gain, no short-term lot. */
async function minimizeTax(lots: ReturnType<Page["getByRole"]>) {
  await lots.getByRole("button", { name: "Minimize tax" }).click();
  await expect(lots.getByLabel(lotBought("Mar 3, 2025"))).toHaveValue("10");
  await expect(lots.getByLabel(lotBought("Jun 3, 2024"))).toHaveValue("2");
  await expect(lots.getByLabel(lotBought("Jan 2, 2025"))).toHaveValue("");
  await expect(lots.getByLabel(lotBought("Feb 2, 2026"))).toHaveValue("");
  await expect(lots.getByRole("status")).toHaveText("The lots add up to the 12 shares sold.");
}

test("a specific-lots account: the lots first in, first out, minimize tax at a loss, and Explain names the method", async ({
  page,
  request,
}) => {
  const user = await signedInPortfolioUser(page, request, "Lot Picker");
  const headers = { authorization: `Bearer ${user.token}` };
  const [main] = (await (await request.get("/api/accounts", { headers })).json()) as {
    id: number;
  }[];
  const switched = await request.put(`/api/accounts/${main!.id}`, {
    headers,
    data: { costBasisMethod: "specific" },
  });
  expect(switched.status(), await switched.text()).toBe(200);
  await user.watchStocks("AAPL");
  // Long-term: 115 and 130 lose at 110, 100 gains; short-term: 120 loses.
  await user.buy("STOCK", "AAPL", "10", "115", "2024-06-03T15:00:00Z");
  await user.buy("STOCK", "AAPL", "10", "100", "2025-01-02T15:00:00Z");
  await user.buy("STOCK", "AAPL", "10", "130", "2025-03-03T15:00:00Z");
  await user.buy("STOCK", "AAPL", "10", "120", "2026-02-02T15:00:00Z");

  await page.goto("/stock-dashboard");
  const lots = await openSellAtALoss(page);
  // Without a choice, specific sells first in, first out: the lot of June 2024, then January's.
  const oldest = lots.getByRole("row").filter({ hasText: "Jun 3, 2024" });
  await expect(oldest).toContainText("10");
  await expect(oldest).toContainText("-$50.00");
  await expect(lots.getByRole("row").filter({ hasText: "Jan 2, 2025" })).toContainText("+$20.00");
  await minimizeTax(lots);
  await expectAccessible(page);
  await shootBothThemes(page, "sell-lots-specific", async () => {
    await minimizeTax(await openSellAtALoss(page));
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await shootBothThemes(page, "sell-lots-specific", async () => {
    await minimizeTax(await openSellAtALoss(page));
  });

  await dialog(page).getByRole("button", { name: "Remove Shares" }).click();
  await expect(dialog(page).getByText(/^2 of lot \d+, 10 of lot \d+$/)).toBeVisible();
  await dialog(page).getByRole("button", { name: "Confirm Sale" }).click();
  await expect(dialog(page)).toBeHidden();

  // The Returns panel's realized gain says which method it followed.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/portfolio-summary");
  const returns = page.getByRole("region", { name: "Returns", exact: true });
  await returns.getByRole("button", { name: "All" }).click();
  await returns.getByText("Explain realized gain", { exact: false }).click();
  await expect(returns.getByTestId("realized-method")).toHaveText(
    "Realized gain by the lots chosen at each sale (first in, first out where none were chosen).",
  );
  await shootBothThemes(page, "explain-specific", async () => {
    await returns.getByRole("button", { name: "All" }).click();
    await returns.getByText("Explain realized gain", { exact: false }).click();
    await expect(returns.getByTestId("realized-method")).toBeVisible();
  });
});
