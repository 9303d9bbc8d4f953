import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "./support";
import { buyViaApi, cryptoCard, signedInCryptoUser, watchViaApi } from "./crypto-support";
import { signedInStockUser } from "./stocks-support";

test.describe.configure({ timeout: 60_000 });

/**
 * The screen says its prices are live. The stream opens after the page's first paint and says
 * so at its first message: on a loaded machine (CI at load 17) that came after the default 10 s.
 */
async function expectLive(scope: Page | Locator) {
  await expect(scope.getByText("Live", { exact: true })).toBeVisible({ timeout: 20_000 });
}

test("a coin's price moves on its page as the market moves, without a reload", async ({
  page,
  request,
}) => {
  await signedInCryptoUser(page, request);
  let navigations = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  await page.goto("/crypto/BTC");
  const market = page.getByRole("article", { name: "Market Data" });
  await expectLive(page);
  const price = market.locator("[data-value]").first();
  const first = await price.getAttribute("data-value");
  expect(first).toMatch(/^\d+(\.\d+)?$/);
  const loadedNavigations = navigations;
  // The screen polls every 10 s; a change within 4 s is the stream's.
  await expect
    .poll(() => price.getAttribute("data-value"), { timeout: 4000, intervals: [200] })
    .not.toBe(first);
  expect(navigations).toBe(loadedNavigations);
  await expectAccessible(page);
});

/** The figure's value as it moves: one that changes within 4 s (the screens poll far less often) came from the stream. */
async function expectMovesLive(figure: Locator, within = 4000) {
  const first = await figure.getAttribute("data-value");
  expect(first).toMatch(/^\d+(\.\d+)?$/);
  await expect
    .poll(() => figure.getAttribute("data-value"), { timeout: within, intervals: [200] })
    .not.toBe(first);
}

/** Counts the page's requests whose address matches, from now on. */
function countRequests(page: Page, address: RegExp): () => number {
  let requests = 0;
  page.on("request", (request) => {
    if (address.test(request.url())) requests += 1;
  });
  return () => requests;
}

test("a stock's research snapshot moves during the session, without a reload", async ({
  page,
  request,
}) => {
  await signedInCryptoUser(page, request);
  await page.goto("/research/AAPL");
  const snapshot = page.getByRole("region", { name: "Stock Snapshot" });
  await expectLive(snapshot);
  const navigations = countNavigations(page);
  const snapshotReads = countRequests(page, /market\.snapshot|\/api\/stocks\/snapshot/);
  // A simulated stock moves a cent at a time along its minute's path, which on a quiet minute
  // takes longer than a coin's move; the page reads no snapshot meanwhile, so the move is the
  // stream's however long it takes.
  await expectMovesLive(snapshot.locator("[data-value]").first(), 30_000);
  expect(snapshotReads()).toBe(0);
  expect(navigations()).toBe(0);
});

test("the portfolio summary's value moves with its holdings' prices, without a reload", async ({
  page,
  request,
}) => {
  const user = await signedInCryptoUser(page, request);
  await buyViaApi(request, user.token, { symbol: "BTC", quantity: 0.5, purchasePrice: 60000 });
  await page.goto("/portfolio-summary");
  await expectLive(page);
  // The subtitle says what the badge says, not that prices wait for a minute's refresh.
  await expect(page.getByText(/updated live as the market moves\./)).toBeVisible();
  await expect(page.getByText(/refreshed every minute/)).toHaveCount(0);
  const navigations = countNavigations(page);
  const total = page
    .locator("div", { has: page.getByRole("heading", { name: "Total Portfolio Value" }) })
    .last()
    .locator("[data-value]");
  await expectMovesLive(total);
  const btc = page.getByRole("table", { name: "Your crypto positions" }).getByRole("row", {
    name: /BTC/,
  });
  await expectMovesLive(btc.locator("[data-value]").first());
  expect(navigations()).toBe(0);
  await expectAccessible(page);
});

test("the portfolio summary says its prices refresh every minute while the stream is down", async ({
  page,
  request,
}) => {
  const user = await signedInCryptoUser(page, request);
  await buyViaApi(request, user.token, { symbol: "ETH", quantity: 1, purchasePrice: 3000 });
  await page.route(/\/api\/trpc\/live\.quotes/, (route) => route.abort());
  await page.goto("/portfolio-summary");
  await expect(page.getByText("Delayed", { exact: true })).toBeVisible();
  await expect(page.getByText(/refreshed every minute\./)).toBeVisible();
  await expect(page.getByText(/updated live/)).toHaveCount(0);
});

/**
 * Refuses the screen's polls from now on, so a price that still moves can only have come from
 * the stream (however long the move takes).
 */
async function refusePolls(page: Page, address: RegExp) {
  await page.route(address, (route) => route.abort());
}

test("a stock search result's price moves during the session, without a reload", async ({
  page,
  request,
}) => {
  await signedInStockUser(page, request);
  await page.goto("/search-area");
  await page.getByLabel("Stock symbol").fill("MSFT");
  await page.getByLabel("Stock symbol").press("Enter");
  const result = page.getByRole("region", { name: /^MSFT/ });
  await expect(result.getByRole("heading", { name: /^MSFT/ })).toBeVisible();
  await refusePolls(page, /market\.snapshot|\/api\/stocks\//);
  const navigations = countNavigations(page);
  const price = result.locator("[data-value]").first();
  // A simulated stock moves a cent at a time along its minute's path (see the research test).
  await expectMovesLive(price, 30_000);
  await expect(price).toHaveClass(/live-flash/);
  expect(navigations()).toBe(0);
});

test("a watched coin's card on the crypto search screen moves with the market, without a reload", async ({
  page,
  request,
}) => {
  const user = await signedInCryptoUser(page, request);
  await watchViaApi(request, user.token, ["BTC", "ETH"]);
  // The screen whose watchlist the spec has refreshed every 10 s (the dashboard is a glance).
  await page.goto("/crypto");
  const card = cryptoCard(page, "Your Watchlisted Crypto", "ETH");
  await expect(card.getByText("Current Price", { exact: true })).toBeVisible();
  await refusePolls(page, /cryptoWatchlist\.list|crypto\.quote|\/api\/savedcryptos/);
  const navigations = countNavigations(page);
  const price = card.locator("[data-value]").first();
  await expectMovesLive(price, 8000);
  await expect(price).toHaveClass(/live-flash/);
  expect(navigations()).toBe(0);
});

function countNavigations(page: Page): () => number {
  let navigations = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  return () => navigations;
}

test("the crypto dashboard's cards move with the stream, and it says they are live", async ({
  page,
  request,
}) => {
  const user = await signedInCryptoUser(page, request);
  await watchViaApi(request, user.token, ["ETH"]);
  await page.goto("/crypto-dashboard");
  const card = cryptoCard(page, "Your Crypto Watchlist", "ETH");
  await expect(card.getByText("Current Price", { exact: true })).toBeVisible();
  await expectLive(page);
  await expect(page.getByText(/Updated live as the market moves\./)).toBeVisible();
  await refusePolls(page, /cryptoWatchlist\.list|crypto\.quote|\/api\/savedcryptos/);
  const navigations = countNavigations(page);
  await expectMovesLive(card.locator("[data-value]").first(), 8000);
  expect(navigations()).toBe(0);
  await expectAccessible(page);
});

test("the watchlist screens say whether their prices are live, and nothing when nothing is watched", async ({
  page,
  request,
}) => {
  const user = await signedInStockUser(page, request);
  await page.goto("/stock-dashboard");
  await expect(page.getByRole("heading", { name: "No Saved Stocks Yet" })).toBeVisible();
  await expect(page.getByText(/^(Live|Delayed)$/)).toHaveCount(0);

  await user.watch("MSFT");
  for (const screen of ["/stock-dashboard", "/search-area"]) {
    await page.goto(screen);
    await expectLive(page);
    await expect(page.getByText(/Updated live as the market moves\./)).toBeVisible();
  }
  await watchViaApi(request, user.token, ["BTC"]);
  await page.goto("/crypto");
  await expectLive(page);

  // While the stream is down the same screen says how often it polls instead.
  await page.route(/\/api\/trpc\/live\.quotes/, (route) => route.abort());
  await page.goto("/stock-dashboard");
  await expect(page.getByText("Delayed", { exact: true })).toBeVisible();
  await expect(page.getByText(/Refreshed every minute\./)).toBeVisible();
  await expectAccessible(page);
});
