import { portfolioMessages } from "@ledgerline/contracts";
import { expect, type Page } from "@playwright/test";
import { expectAccessible, openLanding } from "./support";
import { signedInStockUser, stockCard } from "./stocks-support";
import { test } from "./polled-prices";

const dialog = (page: Page) => page.getByRole("dialog");

async function buy(page: Page, quantity: string, price: string) {
  await dialog(page).getByLabel("Quantity to Add").fill(quantity);
  await dialog(page).getByLabel("Purchase Price").fill(price);
  await dialog(page).getByRole("button", { name: "Add Shares" }).click();
  await expect(dialog(page)).toHaveAccessibleName("Confirm Purchase");
  await dialog(page).getByRole("button", { name: "Confirm Purchase" }).click();
  await expect(dialog(page)).toBeHidden();
}

/** The value of a confirm step's row. */
const confirmRow = (page: Page, label: string) =>
  dialog(page)
    .getByRole("term")
    .filter({ hasText: label })
    .locator("xpath=following-sibling::dd[1]");

async function sell(page: Page, quantity: string, price?: string, heldAfter?: string) {
  await dialog(page).getByLabel("Quantity to Remove").fill(quantity);
  if (price) await dialog(page).getByLabel("Sell Price").fill(price);
  await dialog(page).getByRole("button", { name: "Remove Shares" }).click();
  await expect(dialog(page)).toHaveAccessibleName("Confirm Sale");
  if (heldAfter) await expect(confirmRow(page, "Held after the sale")).toHaveText(heldAfter);
  await dialog(page).getByRole("button", { name: "Confirm Sale" }).click();
  await expect(dialog(page)).toBeHidden();
}

// These journeys cross several screens; the suite default of 30 s is tight for them.
test.describe.configure({ timeout: 90_000 });

test("buys, is kept from removing a held stock, oversells (clamped), sells all and removes", async ({
  page,
  request,
}) => {
  const user = await signedInStockUser(page, request);
  await user.watch("AAPL");
  await page.goto("/stock-dashboard");
  const card = stockCard(page, "AAPL");
  await expect(card.getByText("Not currently in portfolio")).toBeVisible();

  // Buy: the price defaults to the current price; the quantity must be above 0.
  await card.getByRole("button", { name: "Buy Stock" }).click();
  await expect(dialog(page)).toHaveAccessibleName("Add/Increase Portfolio Position");
  // Exact decimal text: a price on a whole dollar (287) has no decimals to show.
  await expect(dialog(page).getByLabel("Purchase Price")).toHaveValue(/^[1-9]\d*(\.\d+)?$/);
  await expect(dialog(page).getByLabel("Purchase Price")).toHaveAttribute("step", "0.01");
  await expect(dialog(page).getByLabel("Purchase Price")).toHaveAttribute("min", "0");
  await expect(dialog(page).getByLabel("Quantity to Add")).toHaveAttribute("min", "0");
  const addShares = dialog(page).getByRole("button", { name: "Add Shares" });
  await expect(addShares).toBeDisabled();
  await dialog(page).getByLabel("Quantity to Add").fill("0");
  await expect(dialog(page).getByText(portfolioMessages.quantityMustBePositive)).toBeVisible();
  await expect(addShares).toBeDisabled();
  await dialog(page).getByLabel("Quantity to Add").fill("5");
  await dialog(page).getByLabel("Purchase Price").fill("0");
  await expect(dialog(page).getByText(portfolioMessages.purchasePriceMustBePositive)).toBeVisible();
  await dialog(page).getByLabel("Purchase Price").fill("100.10");
  await dialog(page).getByLabel("Notes").fill("first lot");
  await addShares.click();
  await expect(dialog(page)).toHaveAccessibleName("Confirm Purchase");
  for (const [label, value] of [
    ["Stock", "AAPL (Apple Inc.)"],
    ["Quantity", "5"],
    ["Price per Share", "$100.10"],
    ["Total", "$500.50"],
    ["Notes", "first lot"],
    ["Held after the purchase", "5 shares"],
  ]) {
    await expect(confirmRow(page, label!)).toHaveText(value!);
  }
  await expectAccessible(page);
  await dialog(page).getByRole("button", { name: "Confirm Purchase" }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByText("Added 5 shares of AAPL to your portfolio")).toBeVisible();
  await expect(card.getByText("5 shares")).toBeVisible();
  await expect(card.getByText("$500.50")).toBeVisible();

  // A held stock cannot leave the watchlist (the server refuses it), so Remove is not offered.
  await expect(card.getByRole("button", { name: "Sell Stock" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Remove" })).toHaveCount(0);

  // Selling more than held: the quantity is set back to the holding with the spec's message.
  await card.getByRole("button", { name: "Sell Stock" }).click();
  await expect(dialog(page)).toHaveAccessibleName("Sell Portfolio Position");
  const quantity = dialog(page).getByLabel("Quantity to Remove");
  await quantity.fill("50");
  await expect(quantity).toHaveValue("5");
  await expect(dialog(page).getByText("Cannot sell more than 5 shares")).toBeVisible();
  await expect(dialog(page).getByRole("button", { name: "Remove Shares" })).toBeEnabled();
  await quantity.fill("0");
  await expect(dialog(page).getByText(portfolioMessages.invalidSellQuantity)).toBeVisible();
  await expect(dialog(page).getByRole("button", { name: "Remove Shares" })).toBeDisabled();
  await expectAccessible(page);
  await sell(page, "2", "120", "3 shares");
  await expect(page.getByText("Sold 2 shares of AAPL")).toBeVisible();
  await expect(card.getByText("3 shares")).toBeVisible();

  // Buying more adds to the position.
  await card.getByRole("button", { name: "Buy Stock" }).click();
  await buy(page, "1", "100.10");
  await expect(card.getByText("4 shares")).toBeVisible();

  // Selling everything closes the position; then the stock can leave the watchlist.
  await card.getByRole("button", { name: "Sell Stock" }).click();
  await sell(page, "4", undefined, "0 shares");
  await expect(card.getByText("Not currently in portfolio")).toBeVisible();
  await expect(card.getByRole("button", { name: "Sell Stock" })).toHaveCount(0);
  expect(await user.positions()).toEqual([]);
  await card.getByRole("button", { name: "Remove" }).click();
  await expect(dialog(page)).toHaveAccessibleName("Remove Stock");
  await expect(dialog(page)).toContainText(portfolioMessages.confirmRemoveStock);
  await dialog(page).getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "No Saved Stocks Yet" })).toBeVisible();
});

test("a fee typed in the buy dialog is in the confirmed total, the cost basis and the history", async ({
  page,
  request,
}) => {
  const user = await signedInStockUser(page, request);
  await user.watch("AAPL");
  await page.goto("/stock-dashboard");
  const card = stockCard(page, "AAPL");
  await card.getByRole("button", { name: "Buy Stock" }).click();
  await dialog(page).getByLabel("Quantity to Add").fill("10");
  await dialog(page).getByLabel("Purchase Price").fill("100");
  const fee = dialog(page).getByLabel("Fee (optional)");
  await expect(fee).toHaveValue("");
  await fee.fill("-1");
  await expect(dialog(page).getByText("Fee cannot be negative")).toBeVisible();
  await expect(dialog(page).getByRole("button", { name: "Add Shares" })).toBeDisabled();
  await fee.fill("5");
  await expect(dialog(page).getByText("Total with fee")).toBeVisible();
  await expectAccessible(page);
  await dialog(page).getByRole("button", { name: "Add Shares" }).click();
  await expect(dialog(page)).toHaveAccessibleName("Confirm Purchase");
  for (const [label, value] of [
    ["Price per Share", "$100.00"],
    ["Subtotal", "$1,000.00"],
    ["Fee", "$5.00"],
    ["Total with fee", "$1,005.00"],
  ]) {
    await expect(
      dialog(page)
        .getByRole("term")
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator("xpath=following-sibling::dd[1]"),
    ).toHaveText(value!);
  }
  await dialog(page).getByRole("button", { name: "Confirm Purchase" }).click();
  await expect(dialog(page)).toBeHidden();
  // The fee is in the cost basis: 10 at 100.50.
  expect(await user.positions()).toMatchObject([{ symbol: "AAPL", averagePurchasePrice: 100.5 }]);

  await page.goto("/transaction-history");
  const row = page.getByRole("table", { name: "Your transactions" }).locator("tbody tr");
  await expect(row).toHaveCount(1);
  await expect(page.getByRole("columnheader", { name: "Fee", exact: true })).toBeVisible();
  await expect(row.getByRole("cell").last()).toHaveText("$5.00");
  await expect(row).toContainText("$1,000.00");
});

test("the buy dialog: quiet when tabbed through, plain digits, an absurd order refused, a full confirm step, toasts below the bar", async ({
  page,
  request,
}) => {
  const user = await signedInStockUser(page, request);
  await user.watch("AAPL");
  await page.goto("/stock-dashboard");
  const card = stockCard(page, "AAPL");
  await card.getByRole("button", { name: "Buy Stock" }).click();
  const quantity = dialog(page).getByLabel("Quantity to Add");
  const addShares = dialog(page).getByRole("button", { name: "Add Shares" });

  // Tabbing out of the empty box on the way to the price is no mistake.
  await expect(quantity).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog(page).getByLabel("Purchase Price")).toBeFocused();
  await expect(dialog(page).getByText(portfolioMessages.quantityMustBePositive)).toHaveCount(0);

  // '1e3' is a number to the browser, but not how amounts are written here.
  await quantity.fill("1e3");
  await expect(
    dialog(page).getByText("Quantity must be written as plain digits, like 1000 or 0.5 (not 1e3)"),
  ).toBeVisible();
  await expect(addShares).toBeDisabled();

  // 99,999,999,999 shares at $470 is $47 trillion: refused before the confirm step, in the
  // server's words.
  await quantity.fill("99999999999");
  await dialog(page).getByLabel("Purchase Price").fill("470");
  await expect(dialog(page).getByText(portfolioMessages.tradeTotalTooLarge)).toBeVisible();
  await expect(addShares).toBeDisabled();

  await quantity.fill("2");
  await dialog(page).getByLabel("Notes").fill("a note");
  const [form, pointer] = await Promise.all([dialog(page).boundingBox(), addShares.boundingBox()]);
  await addShares.click();
  await expect(dialog(page)).toHaveAccessibleName("Confirm Purchase");
  await expect(dialog(page)).toHaveAccessibleDescription(
    "Check the order: nothing is bought until you confirm.",
  );
  const confirm = dialog(page).getByRole("button", { name: "Confirm Purchase" });
  // The confirm step fills the dialog, which keeps the form's size (a double-click's second
  // click lands inside it): its buttons stand at the foot, where the form's were, not above an
  // empty area; the click that led here is on Confirm Purchase, which ignores a double-click's.
  const [kept, under] = await Promise.all([dialog(page).boundingBox(), confirm.boundingBox()]);
  expect(kept).toEqual(form);
  expect(under!.y + under!.height).toBeCloseTo(pointer!.y + pointer!.height, 0);
  expect(under!.x + under!.width).toBeCloseTo(pointer!.x + pointer!.width, 0);
  await expect(confirmRow(page, "Notes")).toHaveText("a note");
  await expect(confirmRow(page, "Held after the purchase")).toHaveText("2 shares");
  await expectAccessible(page);
  await confirm.click();
  const toast = page.locator(".Toastify__toast").filter({ hasText: "Added 2 shares of AAPL" });
  await expect(toast).toBeVisible();
  // The toast starts below the navigation bar: Account, Logout and the bell stay clickable.
  const [bar, shown] = await Promise.all([
    page.locator("header[data-navbar]").boundingBox(),
    toast.boundingBox(),
  ]);
  expect(shown!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
  await page.getByRole("link", { name: "Account", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Account Settings" })).toBeVisible();
});

test("buys and sells from the research and search pages", async ({ page, request }) => {
  await signedInStockUser(page, request);
  await page.goto("/research/MSFT");
  await page.getByRole("button", { name: "Buy Stock" }).click();
  await buy(page, "2.5", "400");
  const position = page.getByRole("region", { name: "Your Position" });
  await expect(position.getByText("2.5 shares")).toBeVisible();
  await expect(position.getByText("$1,000.00")).toBeVisible();
  await page.getByRole("button", { name: "Sell Stock" }).click();
  await sell(page, "0.5", "410");
  await expect(position.getByText("2 shares")).toBeVisible();
  // Held and now watched: no Remove (it would be refused), and the page says it is watched.
  await page.getByRole("button", { name: "Add to Watchlist" }).click();
  await expect(page.getByText("On your watchlist")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove from Watchlist" })).toHaveCount(0);

  await page.getByRole("link", { name: "Return to Search" }).click();
  await page.getByLabel("Stock symbol").fill("MSFT");
  await page.getByLabel("Stock symbol").press("Enter");
  const result = page.getByRole("region", { name: /^MSFT/ });
  await expect(result.getByText("2 shares")).toBeVisible();
  await result.getByRole("button", { name: "Sell Stock" }).click();
  await sell(page, "2");
  await expect(result.getByText("Not currently in portfolio")).toBeVisible();
});

test("shows the server's message when the holding changed while the buy form was open", async ({
  page,
  request,
}) => {
  const user = await signedInStockUser(page, request);
  await user.watch("KO");
  await user.buy("KO", 2, 60);
  await page.goto("/stock-dashboard");
  const card = stockCard(page, "KO");
  await expect(card.getByText("2 shares")).toBeVisible();
  await card.getByRole("button", { name: "Buy Stock" }).click();
  await dialog(page).getByLabel("Quantity to Add").fill("1");
  await dialog(page).getByRole("button", { name: "Add Shares" }).click();
  // Meanwhile, another tab buys.
  await user.buy("KO", 1, 60);
  await dialog(page).getByRole("button", { name: "Confirm Purchase" }).click();
  await expect(dialog(page).getByRole("alert")).toHaveText(portfolioMessages.holdingChanged);
  // The holding was re-fetched: confirming again buys on top of the 3 shares now held.
  await dialog(page).getByRole("button", { name: "Back" }).click();
  await dialog(page).getByRole("button", { name: "Add Shares" }).click();
  await dialog(page).getByRole("button", { name: "Confirm Purchase" }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(card.getByText("4 shares")).toBeVisible();
});

test("says the spec's fallback texts when saving, buying or selling fails on the server side", async ({
  page,
  request,
}) => {
  const user = await signedInStockUser(page, request);
  await user.watch("KO");
  await user.buy("KO", 2, 60);
  await page.goto("/search-area");
  await page.getByLabel("Stock symbol").fill("AAPL");
  await page.getByLabel("Stock symbol").press("Enter");
  const result = page.getByRole("region", { name: /^AAPL/ });
  await expect(result).toBeVisible();

  await page.route(/\/api\/trpc\/[^?]*(watchlist\.save|portfolio\.buy|portfolio\.sell)/, (route) =>
    route.abort(),
  );
  await result.getByRole("button", { name: "Add to Watchlist" }).click();
  await expect(page.getByText(portfolioMessages.failedToUpdateSavedStocks)).toBeVisible();

  await result.getByRole("button", { name: "Buy Stock" }).click();
  await dialog(page).getByLabel("Quantity to Add").fill("1");
  await dialog(page).getByRole("button", { name: "Add Shares" }).click();
  await dialog(page).getByRole("button", { name: "Confirm Purchase" }).click();
  await expect(dialog(page).getByRole("alert")).toHaveText(
    portfolioMessages.failedToAddToPortfolio,
  );
  await page.keyboard.press("Escape");

  await stockCard(page, "KO").getByRole("button", { name: "Sell Stock" }).click();
  await dialog(page).getByLabel("Quantity to Remove").fill("1");
  await dialog(page).getByRole("button", { name: "Remove Shares" }).click();
  await dialog(page).getByRole("button", { name: "Confirm Sale" }).click();
  await expect(dialog(page).getByRole("alert")).toHaveText(portfolioMessages.failedToSellPosition);
  expect((await user.positions())[0]?.quantity).toBe(2);
});

test("Back on a trade's confirm step returns to the form, then closes, on a page opened directly", async ({
  page,
  request,
}) => {
  const user = await signedInStockUser(page, request, "Back Presser");
  await user.watch("AAPL");
  await openLanding(page);
  // Opened from the address bar: the entry before it is another document, out of the router's reach.
  await page.goto("/stock-dashboard");
  await stockCard(page, "AAPL").getByRole("button", { name: "Buy Stock" }).click();
  await dialog(page).getByLabel("Quantity to Add").fill("3");
  await dialog(page).getByRole("button", { name: "Add Shares" }).click();
  await expect(dialog(page)).toHaveAccessibleName("Confirm Purchase");

  await page.goBack();
  await expect(page).toHaveURL(/\/stock-dashboard$/);
  await expect(dialog(page)).toHaveAccessibleName("Add/Increase Portfolio Position");
  await expect(dialog(page).getByLabel("Quantity to Add")).toHaveValue("3");
  // And forward again through the same steps.
  await dialog(page).getByRole("button", { name: "Add Shares" }).click();
  await expect(dialog(page)).toHaveAccessibleName("Confirm Purchase");
  await page.goBack();
  await expect(dialog(page)).toHaveAccessibleName("Add/Increase Portfolio Position");

  await page.goBack();
  await expect(dialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/stock-dashboard$/);
  expect(await user.positions()).toEqual([]);
  // With the dialog closed, Back leaves the page as usual.
  await page.goBack();
  await expect(page).toHaveURL(/\/landing$/);
});
