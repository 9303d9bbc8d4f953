import { expect } from "@playwright/test";
import { signedInPortfolioUser } from "./portfolio-support";
import { expectAccessible, openLanding } from "./support";
import { test } from "./polled-prices";

test("the landing page's Quick Overview counts what the user watches and owns, with links", async ({
  page,
  request,
}) => {
  const user = await signedInPortfolioUser(page, request, "Overview Reader");
  await user.watchStocks("AAPL", "MSFT", "KO");
  await user.watchCrypto("ETH");
  await user.buy("STOCK", "AAPL", "1", "200", "2026-03-02T15:00:00Z");
  await user.buy("STOCK", "AAPL", "1", "210", "2026-03-03T15:00:00Z");
  await user.buy("CRYPTO", "BTC", "0.1", "80000", "2026-03-03T15:00:00Z");
  await user.buy("CRYPTO", "SOL", "3", "150", "2026-03-04T15:00:00Z");
  await openLanding(page);

  // Above the tools: what the portfolio is worth and how it moved today.
  const glance = page.getByRole("region", { name: "Portfolio Value" });
  await expect(glance.getByText(/^\$[\d,]+\.\d{2}$/)).toBeVisible();
  await expect(glance.getByText("Today's Change")).toBeVisible();
  await expect(glance.locator("[data-direction]")).toContainText(
    /^[+-]?\$[\d,]+\.\d{2}\s*\([+-]?\d+\.\d{2}%\)$/,
  );
  await expect(glance.getByRole("link", { name: "See all holdings" })).toHaveAttribute(
    "href",
    "/portfolio-summary",
  );
  const regions = await page
    .getByRole("region")
    .evaluateAll((sections) => sections.map((section) => section.getAttribute("aria-labelledby")));
  expect(regions.indexOf("glance-heading")).toBeLessThan(regions.indexOf("tools-heading"));

  const overview = page.getByRole("region", { name: "Quick Overview" });
  const tile = (label: string) => overview.getByRole("link", { name: new RegExp(`^${label}`) });
  await expect(tile("Saved Stocks")).toContainText("3");
  await expect(tile("Saved Crypto")).toContainText("1");
  await expect(tile("Stocks Owned")).toContainText("1");
  await expect(tile("Crypto Owned")).toContainText("2");
  await expect(tile("Saved Stocks")).toHaveAttribute("href", "/stock-dashboard");
  await expect(tile("Saved Crypto")).toHaveAttribute("href", "/crypto-dashboard");
  await expect(tile("Stocks Owned")).toHaveAttribute("href", "/portfolio-summary");
  await expect(tile("Crypto Owned")).toHaveAttribute("href", "/portfolio-summary");
  await expect(overview.getByText("Last Login")).toBeVisible();

  // The tool cards and the navbar, in the spec's order.
  const tools = page.getByRole("region", { name: "Your tools" }).getByRole("heading", { level: 3 });
  await expect(tools).toHaveText([
    "Stock Dashboard",
    "Stock Search",
    "Crypto Dashboard",
    "Crypto Search",
    "Portfolio Summary",
    "Transaction History",
    "Import Transactions",
    "Account Settings",
  ]);
  const nav = page.getByRole("navigation", { name: "Main" }).getByRole("listitem");
  await expect(nav).toHaveText([
    "Home",
    "Stock Dashboard",
    "Stock Search",
    "Crypto Dashboard",
    "Crypto Search",
    "Portfolio",
    "Alerts",
    "Account",
  ]);
  await expectAccessible(page);

  await tile("Crypto Owned").click();
  await expect(page).toHaveURL(/\/portfolio-summary$/);
  await page.getByRole("link", { name: "Transaction History" }).first().click();
  await expect(page).toHaveURL(/\/transaction-history$/);
});

test("a new user's landing page shows an empty portfolio's value, not a change", async ({
  page,
  request,
}) => {
  await signedInPortfolioUser(page, request, "Fresh Start");
  await openLanding(page);
  const glance = page.getByRole("region", { name: "Portfolio Value" });
  await expect(glance.getByText("$0.00", { exact: true })).toBeVisible();
  await expect(glance.getByText("No holdings priced today")).toBeVisible();
  await expectAccessible(page);
});
