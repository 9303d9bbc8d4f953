import { portfolioMessages, type PortfolioSummary } from "@ledgerline/contracts";
import { expect } from "@playwright/test";
import { money, signedInPortfolioUser, trpcResult, waitForTrpc } from "./portfolio-support";
import { expectAccessible, openLanding, openPortfolioPage } from "./support";
import { test } from "./polled-prices";

test("a user with stock and crypto positions sees the right cards, tables and totals", async ({
  page,
  request,
}) => {
  const user = await signedInPortfolioUser(page, request);
  // AAPL at two prices (average (2000 + 1150) / 15 = 210), partly sold: 12 held, cost 2,520.
  await user.buy("STOCK", "AAPL", "10", "200", "2026-03-02T15:00:00Z");
  await user.buy("STOCK", "AAPL", "5", "230", "2026-03-04T15:00:00Z");
  await user.sell("STOCK", "AAPL", "3", "240");
  await user.buy("STOCK", "MSFT", "2", "400", "2026-03-05T15:00:00Z");
  await user.buy("CRYPTO", "BTC", "0.5", "80000", "2026-03-03T15:00:00Z");
  await user.buy("CRYPTO", "SHIB", "1000000", "0.00001", "2026-03-06T15:00:00Z");

  // The landing page, opened after these trades (made through the API, as on another device),
  // reads them; the summary page then shows that read, fresh for 10 s, rather than reading again,
  // so the read to compare with is this one.
  await page.goto("/landing", { waitUntil: "commit" });
  const summary = await trpcResult<PortfolioSummary>(
    await waitForTrpc(page, "portfolioSummary.get"),
    "portfolioSummary.get",
  );
  // The app, not the prerendered layout, whose links load a new page.
  await expect(page.locator("main [aria-busy=true]")).toHaveCount(0);
  await openPortfolioPage(page, "Your Portfolio");
  await expect(page).toHaveURL(/\/portfolio-summary$/);
  await expect(page.getByRole("heading", { name: "Portfolio Summary", level: 1 })).toBeVisible();

  // The cards: current value with the cost basis beneath; the total is the sum of both.
  const card = (title: string) =>
    page.locator("div", { has: page.getByRole("heading", { name: title, exact: true }) }).last();
  await expect(card("Stock Portfolio Value")).toContainText(
    money(summary.stocks.totals.currentValue),
  );
  await expect(card("Stock Portfolio Value")).toContainText("Cost basis $3,320.00");
  await expect(card("Crypto Portfolio Value")).toContainText(
    money(summary.crypto.totals.currentValue),
  );
  await expect(card("Crypto Portfolio Value")).toContainText("Cost basis $40,010.00");
  await expect(card("Total Portfolio Value")).toContainText(money(summary.total.currentValue));
  await expect(card("Total Portfolio Value")).toContainText("Cost basis $43,330.00");
  expect(Number(summary.total.currentValue)).toBeCloseTo(
    Number(summary.stocks.totals.currentValue) + Number(summary.crypto.totals.currentValue),
    8,
  );

  // The tables: the spec's columns, one row per symbol, footer totals, links.
  const stocks = page.getByRole("table", { name: "Your stock positions" });
  for (const header of [
    "Symbol",
    "Quantity",
    "Current Price",
    "Current Value",
    "Gain/Loss",
    "Gain/Loss %",
  ]) {
    await expect(stocks.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  const aapl = stocks.getByRole("row", { name: /AAPL/ });
  await expect(aapl.getByRole("cell").first()).toHaveText("12");
  const aaplFigures = summary.stocks.positions.find((position) => position.symbol === "AAPL")!;
  await expect(aapl).toContainText(money(aaplFigures.currentValue));
  await expect(stocks.getByRole("link", { name: "AAPL" })).toHaveAttribute(
    "href",
    "/research/AAPL",
  );
  await expect(stocks.getByRole("row", { name: /Portfolio Total:/ })).toContainText(
    money(summary.stocks.totals.currentValue),
  );
  const crypto = page.getByRole("table", { name: "Your crypto positions" });
  await expect(crypto.getByRole("link", { name: "BTC" })).toHaveAttribute("href", "/crypto/BTC");
  await expect(crypto.getByRole("row", { name: /SHIB/ })).toContainText("1,000,000");
  await expect(crypto.getByRole("row", { name: /Crypto Total:/ })).toContainText(
    money(summary.crypto.totals.currentValue),
  );

  // Allocation and the value chart.
  const allocation = page.getByRole("region", { name: "Allocation" });
  await expect(allocation).toContainText("Stocks");
  await expect(allocation).toContainText("Crypto");
  await expect(allocation.getByRole("listitem").filter({ hasText: "BTC" })).toBeVisible();
  await expect(
    page.getByRole("img", { name: /Line chart of your portfolio's value/ }),
  ).toBeVisible();
  await expectAccessible(page);

  // The research link goes where it says.
  await stocks.getByRole("link", { name: "MSFT" }).click();
  await expect(page).toHaveURL(/\/research\/MSFT$/);
});

test("an empty portfolio shows both empty states with their buttons", async ({ page, request }) => {
  await signedInPortfolioUser(page, request, "Empty Portfolio");
  await page.goto("/portfolio-summary");
  await expect(page.getByText("No stock positions in your portfolio.")).toBeVisible();
  await expect(page.getByText("No crypto positions in your portfolio.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Search Stocks" })).toHaveAttribute(
    "href",
    "/search-area",
  );
  await expect(page.getByRole("link", { name: "Search Crypto" })).toHaveAttribute(
    "href",
    "/crypto",
  );
  await expectAccessible(page);
  await page.getByRole("link", { name: "Search Crypto" }).click();
  await expect(page).toHaveURL(/\/crypto$/);
});

test("a failed load shows the spec's two messages", async ({ page, request }) => {
  await signedInPortfolioUser(page, request, "Failing Portfolio");
  await page.route(/\/api\/trpc\/[^?]*portfolioSummary\.get/, (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
  );
  await page.goto("/portfolio-summary");
  await expect(page.getByText(portfolioMessages.failedToLoadStockPortfolio)).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText(portfolioMessages.failedToLoadCryptoPortfolio)).toBeVisible();
});

test("prices refresh every 60 seconds and stop when the screen is left", async ({
  page,
  request,
}) => {
  const user = await signedInPortfolioUser(page, request, "Refresh Watcher");
  await openLanding(page);
  // The landing page reads the summary too: let that read finish before counting this screen's.
  await expect(
    page.getByRole("region", { name: "Portfolio Value" }).getByText(/^\$/),
  ).toBeVisible();
  await user.buy("STOCK", "AAPL", "1", "200", "2026-03-02T15:00:00Z");
  let loads = 0;
  page.on("request", (sent) => {
    if (/\/api\/trpc\/[^?]*portfolioSummary\.get/.test(sent.url())) loads += 1;
  });
  await page.clock.install();
  await page.goto("/portfolio-summary");
  await expect(page.getByRole("table", { name: "Your stock positions" })).toBeVisible();
  expect(loads).toBe(1);
  await page.clock.runFor(30_000);
  expect(loads).toBe(1);
  await page.clock.runFor(31_000);
  await expect.poll(() => loads).toBe(2);

  await openPortfolioPage(page, "Transaction History");
  await expect(page).toHaveURL(/\/transaction-history/);
  // The URL changes when the navigation starts; the summary is gone once the next screen shows.
  await expect(page.getByRole("heading", { name: "Transaction History", level: 1 })).toBeVisible();
  await page.clock.runFor(150_000);
  expect(loads).toBe(2);
});
