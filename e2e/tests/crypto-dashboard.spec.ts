import { expect } from "@playwright/test";
import { expectAccessible, openLanding } from "./support";
import { buyViaApi, cryptoCard, signedInCryptoUser, watchViaApi } from "./crypto-support";
import { test } from "./polled-prices";

const WATCHLIST = "Your Crypto Watchlist";

// Each journey runs several axe checks, which take seconds apiece.
test.describe.configure({ timeout: 90_000 });

test("an empty dashboard offers the search, and its intro stays as the user left it", async ({
  page,
  request,
}) => {
  await signedInCryptoUser(page, request);
  await openLanding(page);
  const tools = page.getByRole("region", { name: "Your tools" });
  await expect(tools.getByRole("link", { name: /Crypto Dashboard/ })).toBeVisible();
  await expect(tools.getByRole("link", { name: /Crypto Search/ })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Crypto Dashboard" })
    .click();
  await expect(page).toHaveURL(/\/crypto-dashboard$/);
  await expect(page.getByRole("heading", { name: "No Saved Cryptocurrencies" })).toBeVisible();
  await expectAccessible(page);

  const intro = page.getByRole("button", { name: "Crypto Dashboard Overview" });
  await expect(intro).toHaveAttribute("aria-expanded", "true");
  await intro.click();
  await expect(intro).toHaveAttribute("aria-expanded", "false");
  expect(await page.evaluate(() => localStorage.getItem("crypto_dashboard_intro"))).toBe("false");
  await page.reload();
  await expect(page.getByRole("button", { name: "Crypto Dashboard Overview" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );

  await page.getByRole("link", { name: "Search and Add Crypto" }).click();
  await expect(page).toHaveURL(/\/crypto$/);
});

test("shows each watched coin's figures and holding, and trades without reloading the page", async ({
  page,
  request,
}) => {
  const user = await signedInCryptoUser(page, request);
  await watchViaApi(request, user.token, ["SOL", "BTC", "SHIB"]);
  await buyViaApi(request, user.token, {
    symbol: "SHIB",
    quantity: 1000000,
    purchasePrice: 0.00002,
  });
  await page.goto("/crypto-dashboard");
  const section = page.getByRole("region", { name: WATCHLIST });
  await expect(section.getByRole("article")).toHaveCount(3);
  // Sorted by symbol.
  await expect(section.getByRole("heading", { level: 3 })).toHaveText(["BTC", "SHIB", "SOL"]);
  await expect(section.getByRole("link", { name: "Search Crypto" })).toBeVisible();

  const btc = cryptoCard(page, WATCHLIST, "BTC");
  for (const label of [
    "Current Price",
    "24h Change",
    "Volume",
    "Opening Price",
    "24h High",
    "24h Low",
  ]) {
    await expect(btc.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(btc.getByText("Not currently in portfolio")).toBeVisible();
  await expect(btc.getByRole("button", { name: "Sell Crypto" })).toHaveCount(0);

  const shib = cryptoCard(page, WATCHLIST, "SHIB");
  await expect(shib.getByText("Amount in Portfolio")).toBeVisible();
  await expect(shib.getByText("1,000,000 SHIB")).toBeVisible();
  await expect(shib.getByText("Total Value")).toBeVisible();
  // Sub-cent prices show 8 decimals.
  await expect(shib.getByText(/^\$0\.\d{8}$/).first()).toBeVisible();
  await expect(shib.getByRole("button", { name: "Sell Crypto" })).toBeVisible();
  await expectAccessible(page);

  // A buy re-fetches the lists; the page itself is never reloaded.
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = "still here";
  });
  await btc.getByRole("button", { name: "Buy Crypto" }).click();
  const dialog = page.getByRole("dialog", { name: "Buy Crypto" });
  await dialog.getByLabel("Quantity to Add").fill("0.000001");
  await dialog.getByRole("button", { name: "Add Crypto" }).click();
  await page
    .getByRole("dialog", { name: "Confirm Purchase" })
    .getByRole("button", { name: "Confirm Purchase" })
    .click();
  await expect(btc.getByText("0.000001 BTC")).toBeVisible();
  await expect(btc.getByRole("button", { name: "Sell Crypto" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
    "still here",
  );

  // The symbol opens the coin's own page.
  await btc.getByRole("link", { name: "BTC" }).click();
  await expect(page).toHaveURL(/\/crypto\/BTC$/);
});

test("signed-out visitors are sent where the spec says", async ({ page }) => {
  await page.goto("/crypto-dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/crypto");
  await expect(page).toHaveURL(/\/access-denied$/);
  await page.goto("/crypto/BTC");
  await expect(page).toHaveURL(/\/login$/);
});

test("says 'Failed to load saved cryptocurrencies' when the watchlist cannot be loaded", async ({
  page,
  request,
}) => {
  await signedInCryptoUser(page, request);
  await page.route(/\/api\/trpc\/[^?]*cryptoWatchlist\.list/, (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
  );
  await page.goto("/crypto-dashboard");
  await expect(page.getByRole("alert")).toHaveText("Failed to load saved cryptocurrencies", {
    timeout: 15_000,
  });
  await expectAccessible(page);
});
