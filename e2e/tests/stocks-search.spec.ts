import { stockLookupFailedMessage } from "@ledgerline/contracts";
import { expect, type Request, type Page } from "@playwright/test";
import { expectAccessible, openLanding, toastSaid } from "./support";
import { signedInStockUser, stockCard } from "./stocks-support";
import { test } from "./polled-prices";

const storedHistory = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem("stock-search-history");
    return raw ? (JSON.parse(raw) as { symbol: string }[]).map((entry) => entry.symbol) : null;
  });

async function searchSymbol(page: Page, symbol: string) {
  await page.getByLabel("Stock symbol").fill(symbol);
  await page.getByLabel("Stock symbol").press("Enter");
}

// These journeys cross several screens; the suite default of 30 s is tight for them.
test.describe.configure({ timeout: 90_000 });

test("searches by symbol and by company name, keeps recent searches and adds to the watchlist", async ({
  page,
  request,
}) => {
  // Some twenty searches, axe three times: past 90 s on a loaded 2-core CI runner.
  test.slow();
  await signedInStockUser(page, request);
  await openLanding(page);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Stock Search" })
    .click();
  await expect(page).toHaveURL(/\/search-area$/);
  await expect(page.getByRole("heading", { name: "Stock Search & Tracking" })).toBeVisible();
  await expect(page.getByText("Your watchlist is empty.")).toBeVisible();
  await expectAccessible(page);

  // The symbol box: upper-cased, at most 10 characters, Enter searches.
  const symbolBox = page.getByLabel("Stock symbol");
  await expect(symbolBox).toHaveAttribute("maxlength", "10");
  await symbolBox.fill("aapl");
  await expect(symbolBox).toHaveValue("AAPL");
  await symbolBox.press("Enter");
  const result = page.getByRole("region", { name: /^AAPL/ });
  await expect(result.getByRole("heading", { name: "AAPL Apple Inc." })).toBeVisible();
  for (const label of ["Current Price", "Today's Change", "Volume", "Previous Close"]) {
    await expect(result.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(result.getByText("Not currently in portfolio")).toBeVisible();
  await expect(result.getByRole("button", { name: "Sell Stock" })).toHaveCount(0);

  // Company-name search: nothing under 2 characters, then matches to pick from.
  const company = page.getByRole("combobox", { name: "Company name" });
  const searches: string[] = [];
  page.on("request", (sent) => {
    if (sent.url().includes("market.search")) searches.push(sent.url());
  });
  await company.fill("m");
  // Past the box's 300 ms pause after typing, timed in the page (whose timers run in order) and
  // a frame on: a search for "m" would have been sent by then.
  await page.evaluate(
    () => new Promise((done) => setTimeout(() => requestAnimationFrame(() => done(null)), 400)),
  );
  expect(searches).toEqual([]);
  await expect(page.getByRole("listbox", { name: "Matching companies" })).toBeHidden();
  await company.fill("Microsoft");
  const option = page.getByRole("option", { name: /MSFT/ });
  await expect(option).toBeVisible();
  await expectAccessible(page);
  await option.click();
  await expect(page.getByRole("region", { name: /^MSFT/ })).toBeVisible();
  await expect(symbolBox).toHaveValue("MSFT");

  // Recent searches: newest first, one per symbol, at most five, in local storage.
  const recent = page.getByRole("region", { name: "Recent Searches" });
  await expect(recent.getByRole("button", { name: /^(AAPL|MSFT)/ })).toHaveText([/^MSFT/, /^AAPL/]);
  expect(await storedHistory(page)).toEqual(["MSFT", "AAPL"]);
  await recent.getByRole("button", { name: /^AAPL/ }).click();
  await expect(page.getByRole("region", { name: /^AAPL/ })).toBeVisible();
  expect(await storedHistory(page)).toEqual(["AAPL", "MSFT"]);
  for (const symbol of ["KO", "NVDA", "JPM", "XOM"]) {
    await searchSymbol(page, symbol);
    await expect(page.getByRole("region", { name: new RegExp(`^${symbol}`) })).toBeVisible();
  }
  await expect.poll(() => storedHistory(page)).toEqual(["XOM", "JPM", "NVDA", "KO", "AAPL"]);
  await page.reload();
  await expect(recent.getByRole("listitem")).toHaveCount(5);
  await recent.getByRole("button", { name: "Clear History" }).click();
  await expect(recent).toBeHidden();
  // Stocks and crypto keep their history by one rule: an emptied history is stored empty.
  expect(await storedHistory(page)).toEqual([]);

  // An invalid symbol: the spec's message, and the result is cleared.
  await searchSymbol(page, "KO");
  await expect(page.getByRole("region", { name: /^KO/ })).toBeVisible();
  await searchSymbol(page, "zzzz");
  await expect(page.getByRole("alert").filter({ hasText: "ZZZZ" })).toHaveText(
    stockLookupFailedMessage("ZZZZ"),
  );
  await expect(page.getByRole("region", { name: /^KO/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Clear symbol" }).click();
  await expect(symbolBox).toHaveValue("");

  // Add the result to the watchlist: its card appears with Open, High and Low.
  await searchSymbol(page, "KO");
  const ko = page.getByRole("region", { name: /^KO/ });
  await ko.getByRole("button", { name: "Add to Watchlist" }).click();
  // Closed once seen: axe read the toast mid-animation (color-contrast on #1, 2 Dec).
  await toastSaid(page, "KO added to your watchlist");
  await expect(ko.getByRole("button", { name: "Remove from Watchlist" })).toBeVisible();
  const card = stockCard(page, "KO");
  await expect(card).toBeVisible();
  for (const label of ["Open", "High", "Low"]) {
    await expect(card.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(card.getByRole("link", { name: "Research Stock" })).toHaveAttribute(
    "href",
    "/research/KO",
  );
  await expectAccessible(page);
});

test("a Market Movers symbol opens its research page", async ({ page, request }) => {
  await signedInStockUser(page, request);
  await page.goto("/search-area");
  const gainers = page.getByRole("table", { name: "Top 10 Gainers" });
  const losers = page.getByRole("table", { name: "Top 10 Losers" });
  await expect(gainers.getByRole("row")).toHaveCount(11);
  await expect(losers.getByRole("row")).toHaveCount(11);
  for (const header of ["Symbol", "Price", "Change %", "Volume"]) {
    await expect(gainers.getByRole("columnheader", { name: header })).toBeVisible();
  }
  await expect(losers.getByText(/^-\d/).first()).toBeVisible();
  const first = gainers.getByRole("link").first();
  const symbol = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/research/${symbol}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`(${symbol})`);
});

test("shows the loading panels while the watchlist and the movers load", async ({
  page,
  request,
}) => {
  await signedInStockUser(page, request);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/trpc\/.*(watchlist\.list|market\.movers)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/search-area");
  await expect(page.getByRole("status").filter({ hasText: "Loading Stocks" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Loading Market Movers" })).toBeVisible();
  release();
  await expect(page.getByText("Loading Stocks")).toBeHidden();
  await expect(page.getByRole("table", { name: "Top 10 Gainers" })).toBeVisible();
});

test("refreshes the watchlist at once and every 60 s, keeps it on a failed refresh, and stops when left", async ({
  page,
  request,
}) => {
  const user = await signedInStockUser(page, request);
  await user.watch("AAPL");
  await page.clock.install();
  const refreshes: string[] = [];
  let settled = 0;
  const isRefresh = (url: string) => url.includes("watchlist.list");
  page.on("request", (req) => {
    if (isRefresh(req.url())) refreshes.push(req.url());
  });
  // The clock only moves on once a refresh has answered, so no tick lands on one still in flight.
  const onSettled = (req: Request) => {
    if (isRefresh(req.url())) settled += 1;
  };
  page.on("requestfinished", onSettled);
  page.on("requestfailed", onSettled);
  await page.goto("/search-area");
  const card = stockCard(page, "AAPL");
  await expect(card.getByText("Current Price")).toBeVisible();
  await expect.poll(() => settled).toBe(1);
  expect(refreshes).toHaveLength(1);

  await page.clock.runFor(60_000);
  await expect.poll(() => settled).toBe(2);
  expect(refreshes).toHaveLength(2);

  // The next refresh fails: the card keeps its figures.
  await page.route(/watchlist\.list/, (route) => route.abort());
  const price = await card
    .getByText(/^\$[\d,]+\.\d{2}$/)
    .first()
    .textContent();
  await page.clock.runFor(60_000);
  await expect.poll(() => refreshes.length).toBeGreaterThan(2);
  await page.clock.runFor(10_000);
  await expect(card.getByText(price!).first()).toBeVisible();
  await expect(page.getByText("Failed to load stock data")).toHaveCount(0);
  await page.unroute(/watchlist\.list/);

  // Leaving the screen stops the refresh.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole("heading", { name: /^Welcome back, / })).toBeVisible();
  const countWhenLeft = refreshes.length;
  await page.clock.runFor(180_000);
  // A request sent after the timers ran: any refresh they started was sent before it.
  await page.evaluate(() => fetch("/api/health"));
  expect(refreshes.length).toBe(countWhenLeft);
});

test("signed-out visitors are sent away from the stock screens as the spec says", async ({
  page,
}) => {
  await page.goto("/search-area");
  await expect(page).toHaveURL(/\/access-denied$/);
  await page.goto("/stock-dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/research/AAPL");
  await expect(page).toHaveURL(/\/login$/);
});
