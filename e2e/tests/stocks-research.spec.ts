import { expect, type Page } from "@playwright/test";
import { expectAccessible } from "./support";
import { signedInStockUser } from "./stocks-support";
import { test } from "./polled-prices";

const chart = (page: Page) => page.getByRole("img", { name: /^(Line chart|Bar chart|Chart) of/ });

// These journeys cross several screens; the suite default of 30 s is tight for them.
test.describe.configure({ timeout: 90_000 });

test("the research page shows the company, its chart, related companies, statistics and news", async ({
  page,
  request,
}) => {
  await signedInStockUser(page, request);
  const historyRequests: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("market.history")) historyRequests.push(decodeURIComponent(req.url()));
  });
  await page.goto("/research/aapl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Apple Inc. (AAPL)");
  await expect(page.getByText("Simulated market data")).toBeVisible();
  for (const name of ["Return to Search", "Buy Stock", "Add to Watchlist"]) {
    await expect(
      page.getByRole("main").getByRole(name === "Return to Search" ? "link" : "button", { name }),
    ).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "Sell Stock" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Your Position" })).toContainText(
    "Not currently in portfolio",
  );
  const snapshot = page.getByRole("region", { name: "Stock Snapshot" });
  for (const label of [
    "Current Price",
    "Today's Change",
    "Volume",
    "Previous Close",
    "Open",
    "High",
    "Low",
  ]) {
    await expect(snapshot.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(snapshot.getByText("Market is open.")).toBeVisible();

  // Chart: 1M by default, then other ranges and volume.
  const history = page.getByRole("region", { name: "Historical Data for AAPL" });
  const ranges = history.getByRole("group", { name: "Time range" });
  await expect(ranges.getByRole("button")).toHaveText(["1W", "1M", "3M", "6M", "1Y"]);
  await expect(ranges.getByRole("button", { name: "1M" })).toHaveAttribute("aria-pressed", "true");
  await expect(chart(page)).toHaveAccessibleName(/closing and opening prices, 1M/);
  await ranges.getByRole("button", { name: "1Y" }).click();
  await expect(ranges.getByRole("button", { name: "1Y" })).toHaveAttribute("aria-pressed", "true");
  await expect(chart(page)).toHaveAccessibleName(/closing and opening prices, 1Y/);
  await expect.poll(() => historyRequests.some((url) => url.includes('"range":"1Y"'))).toBe(true);
  await history
    .getByRole("group", { name: "Chart data" })
    .getByRole("button", { name: "Volume" })
    .click();
  await expect(chart(page)).toHaveAccessibleName(/daily volume, 1Y/);
  await ranges.getByRole("button", { name: "1W" }).click();
  await expect(chart(page)).toHaveAccessibleName(/daily volume, 1W/);
  await history.getByRole("button", { name: "Price" }).click();
  await expect(chart(page)).toHaveAccessibleName(
    /closing and opening prices, 1W: closed at \$[\d,]+\.\d{2}/,
  );
  // The tooltip formats the hovered day's prices as currency.
  await chart(page).hover();
  const tooltip = history.getByTestId("chart-tooltip");
  await expect(tooltip).toContainText("Closing Price");
  await expect(tooltip).toContainText("Opening Price");
  await expect(tooltip.getByText(/^\$[\d,]+\.\d{2}$/)).toHaveCount(2);

  // Related companies: peers only, never the company itself; 3 until Show All.
  const related = page.getByRole("region", { name: "Related Companies" });
  await expect(related.getByRole("listitem")).toHaveCount(3);
  await expect(related.getByText("AAPL", { exact: true })).toHaveCount(0);
  await expect(related.getByText(/^[+-]?\d+\.\d{2}%$/).first()).toBeVisible();
  await related.getByRole("button", { name: "Show All" }).click();
  await expect(related.getByText("AAPL", { exact: true })).toHaveCount(0);
  expect(await related.getByRole("listitem").count()).toBeGreaterThan(3);
  await related.getByRole("button", { name: "Show Less" }).click();
  await expect(related.getByRole("listitem")).toHaveCount(3);

  // Key statistics and about.
  const stats = page.getByRole("region", { name: "Key Statistics" });
  await expect(stats.getByText(/^\$\d+\.\d{2}[TBM]$/)).toBeVisible();
  for (const label of ["Employees", "Listed Since", "Exchange", "Industry", "Outstanding Shares"]) {
    await expect(stats.getByText(label, { exact: true })).toBeVisible();
  }
  // The exchange's and the industry's names, not the data's codes (XNAS, ELECTRONIC COMPUTERS).
  const fact = (label: string) =>
    stats.getByRole("term").filter({ hasText: label }).locator("xpath=following-sibling::dd[1]");
  await expect(fact("Exchange")).toHaveText("Nasdaq");
  await expect(fact("Industry")).toHaveText("Electronic Computers");
  const about = page.getByRole("region", { name: "About Apple Inc." });
  await expect(about.getByText("Headquarters", { exact: true })).toBeVisible();
  await expect(about.getByText("Phone", { exact: true })).toBeVisible();
  const website = about.getByRole("link", { name: /apple\.com/ });
  await expect(website).toHaveAttribute("target", "_blank");
  await expect(website).toHaveAttribute("rel", "noopener noreferrer");

  // News: one article, Show All (n), Show Less, Hide News / Show News.
  const news = page.getByRole("region", { name: "News for Apple Inc. (AAPL) over past 30 days" });
  await expect(news.getByRole("article")).toHaveCount(1);
  const showAll = news.getByRole("button", { name: /^Show All \(\d+\) Articles$/ });
  const total = Number(/\((\d+)\)/.exec((await showAll.textContent())!)![1]);
  expect(total).toBeGreaterThan(1);
  await showAll.click();
  await expect(news.getByRole("article")).toHaveCount(total);
  const read = news.getByRole("link", { name: /^Read/ }).first();
  await expect(read).toHaveAttribute("target", "_blank");
  await expect(read).toHaveAttribute("rel", "noopener noreferrer");
  await expect(news.getByText(/^[A-Z.]+: (positive|negative|neutral)$/).first()).toBeVisible();
  await expectAccessible(page);
  await news.getByRole("button", { name: "Show Less" }).click();
  await expect(news.getByRole("article")).toHaveCount(1);
  await news.getByRole("button", { name: "Hide News" }).click();
  await expect(news.getByRole("article")).toHaveCount(0);
  await news.getByRole("button", { name: "Show News" }).click();
  await expect(news.getByRole("article")).toHaveCount(1);

  // A related company opens in place.
  const peer = related.getByRole("link").first();
  const peerSymbol = (await peer.locator("span.font-semibold").first().textContent())!.trim();
  await peer.click();
  await expect(page).toHaveURL(new RegExp(`/research/${peerSymbol.replace(".", "\\.")}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`(${peerSymbol})`);
  // Its own related companies are its peers, without itself.
  const peersOfPeer = page.getByRole("region", { name: "Related Companies" });
  await expect(peersOfPeer.getByRole("listitem").first()).toBeVisible();
  await expect(peersOfPeer.getByText(peerSymbol, { exact: true })).toHaveCount(0);
});

test("the research page says when there is no news or no related company", async ({
  page,
  request,
}) => {
  await signedInStockUser(page, request);
  await page.goto("/research/AOS");
  await expect(page.getByText("No recent news articles found")).toBeVisible();
  await page.goto("/research/UBER");
  await expect(page.getByText("No related companies for UBER")).toBeVisible();
  await expectAccessible(page);
});

test("an unknown symbol fails with the spec's banner and research without a symbol goes to search", async ({
  page,
  request,
}) => {
  await signedInStockUser(page, request);
  await page.goto("/research/ZZZZ");
  await expect(page.getByRole("alert")).toHaveText("Failed to load company information");
  await expect(page.getByRole("link", { name: "Return to Search" })).toBeVisible();
  await expectAccessible(page);
  await page.goto("/research");
  await expect(page).toHaveURL(/\/search-area$/);
});
