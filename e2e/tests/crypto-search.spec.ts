import { marketMessages } from "@ledgerline/contracts";
import { expect, type Page } from "@playwright/test";
import { expectAccessible, openLanding } from "./support";
import {
  buyViaApi,
  cryptoCard,
  sellAllViaApi,
  setSavedPrice,
  signedInCryptoUser,
  watchViaApi,
} from "./crypto-support";
import { test } from "./polled-prices";

const WATCHED = "Your Watchlisted Crypto";

const storedHistory = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem("crypto-search-history");
    return raw ? (JSON.parse(raw) as { symbol: string }[]).map((entry) => entry.symbol) : null;
  });

async function search(page: Page, symbol: string) {
  await page.getByLabel("Crypto symbol").fill(symbol);
  await page.getByLabel("Crypto symbol").press("Enter");
}

const result = (page: Page, symbol: string) =>
  page.getByRole("region", { name: "Look up a cryptocurrency" }).getByRole("article", {
    name: symbol,
  });

// Each journey runs several axe checks, which take seconds apiece.
test.describe.configure({ timeout: 90_000 });

test("searches BTC and an unknown symbol, keeps recent searches and adds to the watchlist", async ({
  page,
  request,
}) => {
  await signedInCryptoUser(page, request);
  await openLanding(page);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Crypto Search" })
    .click();
  await expect(page).toHaveURL(/\/crypto$/);
  await expect(page.getByRole("heading", { name: "Crypto Search", level: 1 })).toBeVisible();
  await expect(
    page.getByText("Start building your watchlist by searching and adding cryptocurrencies."),
  ).toBeVisible();
  await expectAccessible(page);

  // An empty symbol does nothing.
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/crypto$/);
  await expect(page.getByRole("alert")).toHaveCount(0);

  // Shown upper-case; Enter searches.
  const box = page.getByLabel("Crypto symbol");
  await box.fill("btc");
  await expect(box).toHaveValue("BTC");
  await box.press("Enter");
  const btc = result(page, "BTC");
  await expect(btc.getByText("Bitcoin")).toBeVisible();
  for (const label of ["Current Price", "24h Change", "Volume", "24h High", "24h Low"]) {
    await expect(btc.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(btc.getByText("Not currently in portfolio")).toBeVisible();
  await expect(btc.getByRole("button", { name: "Sell Crypto" })).toHaveCount(0);
  await expectAccessible(page);

  // An unknown coin clears the result.
  await search(page, "zzzz");
  await expect(page.getByRole("alert")).toHaveText(marketMessages.cryptocurrencyNotFound);
  await expect(result(page, "BTC")).toHaveCount(0);
  await expect(result(page, "ZZZZ")).toHaveCount(0);

  // Recent searches: newest first, a repeat moves to the front, stored in local storage.
  await search(page, "eth");
  await expect(result(page, "ETH")).toBeVisible();
  const recent = page.getByRole("region", { name: "Recent Searches" });
  await expect(recent.getByRole("listitem")).toHaveText([/^ETH[+-]?\d+\.\d{2}%$/, /^BTC/]);
  await recent.getByRole("button", { name: /^BTC/ }).click();
  await expect(result(page, "BTC")).toBeVisible();
  await expect(box).toHaveValue("BTC");
  await expect(recent.getByRole("listitem")).toHaveText([/^BTC/, /^ETH/]);
  expect(await storedHistory(page)).toEqual(["BTC", "ETH"]);
  for (const symbol of ["SOL", "ADA", "XRP", "DOGE"]) {
    await search(page, symbol);
    await expect(result(page, symbol)).toBeVisible();
  }
  await expect(recent.getByRole("listitem")).toHaveText([/^DOGE/, /^XRP/, /^ADA/, /^SOL/, /^BTC/]);
  await page.reload();
  await expect(recent.getByRole("listitem")).toHaveCount(5);
  await recent.getByRole("button", { name: "Clear History" }).click();
  await expect(page.getByRole("region", { name: "Recent Searches" })).toHaveCount(0);
  expect(await storedHistory(page)).toEqual([]);

  // The clear button empties the box.
  await page.getByRole("button", { name: "Clear symbol" }).click();
  await expect(box).toHaveValue("");

  // Add to Watchlist, then the card offers Remove and the watchlist shows the coin.
  await search(page, "SOL");
  await result(page, "SOL").getByRole("button", { name: "Add to Watchlist" }).click();
  await expect(cryptoCard(page, WATCHED, "SOL")).toBeVisible();
  await expect(result(page, "SOL").getByRole("button", { name: "Remove" })).toBeVisible();
  await expect(
    cryptoCard(page, WATCHED, "SOL").getByText(/^(Same as|Above|Below) saved \$/),
  ).toBeVisible();
  await expectAccessible(page);
});

test("buys 0.5, is held back from selling 0.6, sells 0.25, and cannot remove a held coin", async ({
  page,
  request,
}) => {
  const user = await signedInCryptoUser(page, request);
  await watchViaApi(request, user.token, ["BTC"]);
  await page.goto("/crypto");
  const card = cryptoCard(page, WATCHED, "BTC");
  await expect(card).toBeVisible();

  // Buy: quantity step 0.000001, price step 0.01 defaulting to the current price.
  await card.getByRole("button", { name: "Buy Crypto" }).click();
  const buy = page.getByRole("dialog", { name: "Buy Crypto" });
  const quantity = buy.getByLabel("Quantity to Add");
  await expect(quantity).toHaveAttribute("step", "0.000001");
  const price = buy.getByLabel("Purchase Price");
  await expect(price).toHaveAttribute("step", "0.01");
  await expect(price).toHaveValue(/^\d+(\.\d+)?$/);
  const add = buy.getByRole("button", { name: "Add Crypto" });
  await expect(add).toBeDisabled();
  // Tabbing through the empty box is no mistake: no message until something is typed.
  await quantity.focus();
  await page.keyboard.press("Tab");
  await expect(buy.getByText("Quantity must be greater than 0")).toHaveCount(0);
  await quantity.fill("1e3");
  await expect(
    buy.getByText("Quantity must be written as plain digits, like 1000 or 0.5 (not 1e3)"),
  ).toBeVisible();
  await quantity.fill("0");
  await quantity.blur();
  await expect(buy.getByText("Quantity must be greater than 0")).toBeVisible();
  await quantity.fill("0.5");
  await price.fill("60000");
  await expectAccessible(page);
  await add.click();
  const confirm = page.getByRole("dialog", { name: "Confirm Purchase" });
  await expect(confirm.getByText("$30,000.00")).toBeVisible();
  await confirm.getByRole("button", { name: "Confirm Purchase" }).click();
  await expect(page.getByText("Added 0.5 BTC to your portfolio")).toBeVisible();
  await expect(card.getByText("Amount in Portfolio")).toBeVisible();
  await expect(card.getByText("0.5 BTC", { exact: true })).toBeVisible();

  // Sell more than owned: one message, in place of the limit under the box (no toast beside it),
  // and the quantity set to 0.5.
  await card.getByRole("button", { name: "Sell Crypto" }).click();
  const sell = page.getByRole("dialog", { name: "Sell Crypto" });
  const sellQuantity = sell.getByLabel("Quantity to Remove");
  await expect(sellQuantity).toHaveAttribute("step", "0.000001");
  await expect(sellQuantity).toHaveAccessibleDescription("You can only sell up to 0.5 BTC");
  await sellQuantity.fill("0.6");
  await expect(sell.getByText("Cannot sell more than 0.5 BTC, set Quantity to 0.5")).toBeVisible();
  await expect(sellQuantity).toHaveValue("0.5");
  await expect(page.getByText("You can only sell up to 0.5 BTC")).toHaveCount(0);
  await expect(page.locator(".Toastify__toast")).toHaveCount(0);
  await expectAccessible(page);

  await sellQuantity.fill("0.25");
  await sell.getByLabel("Sell Price").fill("65000");
  await sell.getByRole("button", { name: "Remove Crypto" }).click();
  const confirmSale = page.getByRole("dialog", { name: "Confirm Sale" });
  await expect(confirmSale.getByText("$16,250.00")).toBeVisible();
  await confirmSale.getByRole("button", { name: "Confirm Sale" }).click();
  await expect(page.getByText("Sold 0.25 BTC")).toBeVisible();
  await expect(card.getByText("0.25 BTC", { exact: true })).toBeVisible();

  // A held coin cannot leave the watchlist (the server refuses it), so Remove is not offered.
  await expect(card.getByRole("button", { name: "Sell Crypto" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Remove" })).toHaveCount(0);
});

test("removes a coin that is not held after the Remove Crypto confirmation", async ({
  page,
  request,
}) => {
  const user = await signedInCryptoUser(page, request);
  await watchViaApi(request, user.token, ["ETH", "LINK"]);
  await page.goto("/crypto");
  await cryptoCard(page, WATCHED, "ETH").getByRole("button", { name: "Remove" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove Crypto" });
  await expect(
    dialog.getByText("Are you sure you want to remove this crypto from your watchlist?"),
  ).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(cryptoCard(page, WATCHED, "ETH")).toBeVisible();
  await cryptoCard(page, WATCHED, "ETH").getByRole("button", { name: "Remove" }).click();
  await page
    .getByRole("dialog", { name: "Remove Crypto" })
    .getByRole("button", { name: "Confirm" })
    .click();
  await expect(cryptoCard(page, WATCHED, "ETH")).toHaveCount(0);
  await expect(cryptoCard(page, WATCHED, "LINK")).toBeVisible();
});

test("colours each refreshed price against the saved price, refreshing every 10 seconds", async ({
  page,
  request,
}) => {
  await page.clock.install();
  const user = await signedInCryptoUser(page, request);
  await watchViaApi(request, user.token, ["BTC", "ETH"]);
  await page.goto("/crypto");
  const btc = cryptoCard(page, WATCHED, "BTC");
  const eth = cryptoCard(page, WATCHED, "ETH");
  // The simulated coins move every second, so the first reading may already differ from the
  // price saved a moment ago; the "same" case is a unit test of priceVersusSaved.
  await expect(btc.getByText(/^(Same as|Above|Below) saved \$/)).toBeVisible();

  // Saved long ago at very different prices: the next refresh colours them.
  setSavedPrice(user.id, "BTC", "1");
  setSavedPrice(user.id, "ETH", "100000000");
  await page.clock.fastForward(10_500);
  await expect(btc.getByText("Above saved $1.00")).toBeVisible();
  await expect(btc.locator("[data-trend=above]")).toHaveClass(/text-gain/);
  await expect(eth.getByText("Below saved $100,000,000.00")).toBeVisible();
  await expect(eth.locator("[data-trend=below]")).toHaveClass(/text-loss/);
  await expectAccessible(page);

  // Leaving the screen stops the refresh.
  let polls = 0;
  page.on("request", (sent) => {
    if (sent.url().includes("cryptoWatchlist.list")) polls += 1;
  });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Account" })
    .click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Account Settings" })).toBeVisible();
  await page.clock.fastForward(30_000);
  expect(polls).toBe(0);
});

test("says 'Failed to update watchlist' when saving fails", async ({ page, request }) => {
  await signedInCryptoUser(page, request);
  await page.route(/\/api\/trpc\/[^?]*cryptoWatchlist\.save/, (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
  );
  await page.goto("/crypto?symbol=ADA");
  await result(page, "ADA").getByRole("button", { name: "Add to Watchlist" }).click();
  await expect(page.getByText("Failed to update watchlist")).toBeVisible();
  await expect(cryptoCard(page, WATCHED, "ADA")).toHaveCount(0);
});

test("disables the sell inputs once nothing is left to sell", async ({ page, request }) => {
  await page.clock.install();
  const user = await signedInCryptoUser(page, request);
  await watchViaApi(request, user.token, ["DOT"]);
  await buyViaApi(request, user.token, { symbol: "DOT", quantity: 3, purchasePrice: 6 });
  await page.goto("/crypto");
  await cryptoCard(page, WATCHED, "DOT").getByRole("button", { name: "Sell Crypto" }).click();
  const sell = page.getByRole("dialog", { name: "Sell Crypto" });
  await expect(sell.getByLabel("Quantity to Remove")).toBeEnabled();

  // Sold elsewhere meanwhile: the next refresh shows nothing owned.
  await sellAllViaApi(request, user.token, "DOT");
  await page.clock.fastForward(10_500);
  await expect(sell.getByLabel("Quantity to Remove")).toBeDisabled();
  await expect(sell.getByLabel("Sell Price")).toBeDisabled();
  await expect(sell.getByRole("button", { name: "Remove Crypto" })).toBeDisabled();
});
