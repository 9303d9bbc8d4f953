import { marketMessages } from "@ledgerline/contracts";
import { expect } from "@playwright/test";
import { expectAccessible } from "./support";
import { signedInCryptoUser } from "./crypto-support";
import { test } from "./polled-prices";

// Each journey runs several axe checks, which take seconds apiece.
test.describe.configure({ timeout: 90_000 });

test("a coin's page shows its quote, position, price history and actions", async ({
  page,
  request,
}) => {
  await signedInCryptoUser(page, request);
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.url());
  });
  await page.goto("/crypto?symbol=ETH");
  await expect(page.getByRole("article", { name: "ETH" })).toBeVisible();
  // The chart library loads only with the coin's page.
  expect(scripts.some((url) => url.includes("lightweight-charts"))).toBe(false);
  await page.getByRole("link", { name: "Price History" }).click();
  await expect(page).toHaveURL(/\/crypto\/ETH$/);
  await expect(page.getByRole("heading", { name: "Ethereum (ETH)", level: 1 })).toBeVisible();

  const market = page.getByRole("article", { name: "Market Data" });
  for (const label of ["Current Price", "24h Change", "Volume", "24h High", "24h Low"]) {
    await expect(market.getByText(label, { exact: true })).toBeVisible();
  }
  const position = page.getByRole("region", { name: "Your Position" });
  await expect(position.getByText("Not currently in portfolio")).toBeVisible();

  // The chart: 1M by default, the stock chart's ranges, Price and Volume.
  const history = page.getByRole("region", { name: "Historical Data for ETH" });
  const ranges = history.getByRole("group", { name: "Time range" });
  await expect(ranges.getByRole("button")).toHaveText(["1W", "1M", "3M", "6M", "1Y"]);
  await expect(ranges.getByRole("button", { name: "1M" })).toHaveAttribute("aria-pressed", "true");
  await expect(history.locator("canvas").first()).toBeVisible();
  // The chart's code comes with the chart, after the page's own content.
  expect(scripts.some((url) => url.includes("lightweight-charts"))).toBe(true);
  await expect(history.getByText("Closing Price")).toBeVisible();
  await expect(history.getByText("Opening Price")).toBeVisible();
  const summary = history.getByText(/^ETH closed at/);
  await expect(summary).toContainText("Feb 11, 2026");
  await ranges.getByRole("button", { name: "1W" }).click();
  await expect(ranges.getByRole("button", { name: "1W" })).toHaveAttribute("aria-pressed", "true");
  await expect(summary).toContainText("Mar 4, 2026");
  await history
    .getByRole("group", { name: "Chart data" })
    .getByRole("button", { name: "Volume" })
    .click();
  await expect(history.getByText("Closing Price")).toHaveCount(0);
  await expect(history.getByText("Volume", { exact: true }).first()).toBeVisible();
  await expectAccessible(page);

  // Watchlist and buying from the coin's page.
  await page.getByRole("button", { name: "Add to Watchlist" }).click();
  await expect(page.getByRole("button", { name: "Remove from Watchlist" })).toBeVisible();
  await market.getByRole("button", { name: "Buy Crypto" }).click();
  const dialog = page.getByRole("dialog", { name: "Buy Crypto" });
  await dialog.getByLabel("Quantity to Add").fill("1.25");
  await dialog.getByLabel("Purchase Price").fill("3000");
  await dialog.getByRole("button", { name: "Add Crypto" }).click();
  await page
    .getByRole("dialog", { name: "Confirm Purchase" })
    .getByRole("button", { name: "Confirm Purchase" })
    .click();
  await expect(position.getByText("1.25 ETH")).toBeVisible();
  await expect(position.getByText("$3,750.00")).toBeVisible();
  await expect(market.getByRole("button", { name: "Sell Crypto" })).toBeVisible();
  // Held: Remove would be refused, so it is not offered; the page says the coin is watched.
  await expect(page.getByText("On your watchlist")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove from Watchlist" })).toHaveCount(0);
  await expectAccessible(page);
});

test("an unknown coin's page says so", async ({ page, request }) => {
  await signedInCryptoUser(page, request);
  await page.goto("/crypto/ZZZZ");
  await expect(page.getByRole("alert")).toHaveText(marketMessages.cryptocurrencyNotFound);
  await page.getByRole("link", { name: "Return to Crypto Search" }).click();
  await expect(page).toHaveURL(/\/crypto$/);
});
