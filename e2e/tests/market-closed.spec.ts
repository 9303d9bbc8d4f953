import { marketMessages } from "@ledgerline/contracts";
import { expect, type Locator, type Page } from "@playwright/test";
import { closedMarketURL } from "../playwright.config";
import { expectAccessible } from "./support";
import { signedInPortfolioUser } from "./portfolio-support";
import { signedInStockUser, stockCard } from "./stocks-support";
import { test } from "./polled-prices";

// The server whose market clock is pinned to a Saturday: Friday 13 March 2026 is the last session.
test.use({ baseURL: closedMarketURL });
test.describe.configure({ timeout: 90_000 });

/** The value shown under a figure's label (Volume, Open, ...) in a card or panel. */
const figure = (scope: Locator, label: string) =>
  scope.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd");

const ZERO_PERCENT = /^[+-]?0\.00%$/;
const closedText = /Market is currently closed/;

/** Exactly one banner on the screen, with the spec's text word for word, and nothing repeating it. */
async function expectOneBanner(page: Page, text: string) {
  await expect(page.getByRole("status").filter({ hasText: closedText })).toHaveText([text]);
  await expect(page.getByText(closedText)).toHaveCount(1);
}

/** The banner stays single on a phone, and the screen passes axe there in both themes. */
async function expectOnPhoneInBothThemes(page: Page, text: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectOneBanner(page, text);
    await expectAccessible(page);
  }
}

/** A quote's figures are the last session's: a real change, a volume, and its open/high/low. */
async function expectLastSession(scope: Locator, { withRange = true } = {}) {
  await expect(figure(scope, "Today's Change")).not.toHaveText(/\$0\.00 \(0\.00%\)/);
  await expect(figure(scope, "Volume")).toHaveText(/^[1-9][\d,]*$/);
  // The search result card shows no range (the spec lists four figures for it).
  for (const label of withRange ? ["Open", "High", "Low"] : []) {
    await expect(figure(scope, label)).toHaveText(/^\$[\d,]+\.\d{2}$/);
  }
}

async function expectRealMovers(table: Locator, sign: "+" | "-") {
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(10);
  for (const row of await rows.all()) {
    const change = row.locator("td").nth(1);
    await expect(change).toHaveText(new RegExp(`^\\${sign}\\d+\\.\\d{2}%$`));
    await expect(change).not.toHaveText(ZERO_PERCENT);
    await expect(row.locator("td").nth(2)).toHaveText(/^[1-9][\d,]*$/);
  }
}

test("the movers show Friday's real gainers and losers under one banner", async ({
  page,
  request,
}) => {
  const user = await signedInStockUser(page, request, "Closed Movers");
  await user.watch("KO");
  await page.goto("/search-area");

  const gainers = page.getByRole("table", { name: "Top 10 Gainers" });
  const losers = page.getByRole("table", { name: "Top 10 Losers" });
  await expectRealMovers(gainers, "+");
  await expectRealMovers(losers, "-");
  await expectOneBanner(page, marketMessages.marketClosedShowingPreviousDay);
  await expectLastSession(stockCard(page, "KO"));

  // A looked-up stock shows the last session too, and the screen still has one banner.
  await page.getByLabel("Stock symbol").fill("AAPL");
  await page.getByLabel("Stock symbol").press("Enter");
  const result = page.getByRole("region", { name: /^AAPL/ });
  await expect(result).toBeVisible();
  await expectLastSession(result, { withRange: false });
  await expectOneBanner(page, marketMessages.marketClosedShowingPreviousDay);
  await expectAccessible(page);

  await expectOnPhoneInBothThemes(page, marketMessages.marketClosedShowingPreviousDay);
});

test("the dashboard shows the last session on every card and in the summary, under one banner", async ({
  page,
  request,
}) => {
  const user = await signedInStockUser(page, request, "Closed Dashboard");
  await user.watch("MSFT", "KO", "FOX");
  await page.goto("/stock-dashboard");

  await expect(page.getByRole("article")).toHaveCount(3);
  for (const symbol of ["FOX", "KO", "MSFT"]) await expectLastSession(stockCard(page, symbol));
  await expectOneBanner(page, marketMessages.marketClosedUsingPreviousClose);

  const summary = page.getByRole("region", { name: "Market Summary" });
  await expect(summary).toContainText("The last session, across 503 S&P 500 stocks.");
  await expect(figure(summary, "Total Volume")).toHaveText(/^[1-9][\d,]*$/);
  await expect(figure(summary, "Average Change")).not.toHaveText(ZERO_PERCENT);
  await expect(figure(summary, "Advancing / Declining")).toHaveText(/^[1-9][\d,]* up \/ [1-9]/);
  await expect(figure(summary, "Most Active").getByRole("link")).toHaveCount(3);
  await expectAccessible(page);

  await expectOnPhoneInBothThemes(page, marketMessages.marketClosedUsingPreviousClose);
});

test("research shows the last session's figures and related changes under one banner", async ({
  page,
  request,
}) => {
  await signedInStockUser(page, request, "Closed Research");
  await page.goto("/research/AAPL");

  const snapshot = page.getByRole("region", { name: "Stock Snapshot" });
  await expectLastSession(snapshot);
  await expectOneBanner(page, marketMessages.marketClosedUsingPreviousClose);
  await expect(snapshot.getByText(/^(Live|Delayed)$/)).toHaveCount(0);
  const related = page.getByRole("region", { name: "Related Companies" });
  const changes = related.getByText(/^[+-]?\d+\.\d{2}%$/);
  await expect(changes.first()).toBeVisible();
  for (const change of await changes.all()) await expect(change).not.toHaveText(ZERO_PERCENT);
  await expectAccessible(page);

  await expectOnPhoneInBothThemes(page, marketMessages.marketClosedUsingPreviousClose);
});

test.describe("in New York's time zone", () => {
  test.use({ timezoneId: "America/New_York" });

  test("the portfolio summary says the stock market is closed, until when, and that crypto moves", async ({
    page,
    request,
  }) => {
    const user = await signedInPortfolioUser(page, request, "Closed Summary");
    await user.buy("STOCK", "AAPL", "2", "180", "2026-03-02T15:00:00Z");
    await page.goto("/portfolio-summary");
    const header = page.locator("p", { hasText: "Prices as of" }).first();
    // Stocks only: nothing moves until Monday's bell, so no badge and no promise of updates.
    await expect(header).toContainText(
      "The stock market is closed until Mon, Mar 16, 9:30 AM: stocks are at their last close.",
    );
    await expect(header).not.toContainText("updated live");
    await expect(header.getByText(/^(Live|Delayed)$/)).toHaveCount(0);

    await user.buy("CRYPTO", "BTC", "0.1", "60000", "2026-03-02T15:00:00Z");
    await page.reload();
    await expect(header).toContainText(
      "The stock market is closed until Mon, Mar 16, 9:30 AM: stocks are at their last close; crypto trades around the clock and is refreshed every minute.",
    );
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(header).toContainText("closed until Mon, Mar 16, 9:30 AM");
    await expectAccessible(page);
  });
});
