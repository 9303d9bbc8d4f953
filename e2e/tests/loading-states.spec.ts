import { expect, type Locator, type Page } from "@playwright/test";
import { signedInPortfolioUser } from "./portfolio-support";
import { expectAccessible } from "./support";
import { test } from "./polled-prices";

// Issue 9: "Loading shows the page's layout with skeletons, not a blank page with a spinner;
// every error state offers Retry."
test.describe.configure({ timeout: 120_000 });

type Mode = "hold" | "fail" | "pass";

/**
 * Answers the named tRPC procedures as told, the rest of their batch as the server does: held
 * until the mode changes, failed with a 503, or passed through.
 */
async function gate(page: Page, ...procedures: string[]) {
  let mode: Mode = "hold";
  let release = () => undefined as void;
  let held = new Promise<void>((resolve) => (release = resolve));
  const names = procedures.map((procedure) => procedure.replace(".", "\\.")).join("|");
  await page.route(new RegExp(`/api/trpc/[^?]*(${names})`), async (route) => {
    if (mode === "hold") await held;
    if (mode === "pass") return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as unknown;
    const paths = new URL(route.request().url()).pathname.split("/").pop()!.split(",");
    const failed = (path: string | undefined) => ({
      error: {
        message: "Service unavailable",
        code: -32603,
        data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 503, path },
      },
    });
    const batch = Array.isArray(body);
    const answer = batch
      ? (body as unknown[]).map((item, index) =>
          procedures.includes(paths[index]!) ? failed(paths[index]) : item,
        )
      : failed(paths[0]);
    await route.fulfill({ response, json: answer, status: batch ? 207 : 503 });
  });
  return {
    set(next: Mode) {
      mode = next;
      release();
      held = new Promise<void>((resolve) => (release = resolve));
    },
  };
}

/**
 * Opens a screen. The crypto dashboard is reached as a user usually does, from the navigation
 * bar (a first load by its address is the test at the end).
 */
async function open(page: Page, path: string) {
  if (path !== "/crypto-dashboard") return page.goto(path);
  await page.goto("/landing");
  await page.getByRole("link", { name: "Crypto Dashboard" }).first().click();
}

/** The page's own layout (its heading), with a busy region of grey blocks, no bare spinner. */
async function expectSkeleton(page: Page, heading: Locator, busyName: string | RegExp) {
  await expect(heading).toBeVisible();
  const busy = page.getByRole("status", { name: busyName });
  await expect(busy).toHaveAttribute("aria-busy", "true");
  await expect(busy.locator(".animate-pulse").first()).toBeVisible();
}

/**
 * The stock and crypto screens, each with the read whose loading and failure it shows, what it
 * says then and what it shows once loaded.
 */
const screens = [
  {
    path: "/stock-dashboard",
    procedure: "watchlist.list",
    heading: "Stock Dashboard",
    busy: "Loading Stocks",
    failure: "Failed to load stock data",
    loaded: (page: Page) => page.getByRole("article", { name: "AAPL" }),
  },
  {
    path: "/search-area",
    procedure: "watchlist.list",
    heading: "Stock Search & Tracking",
    busy: "Loading Stocks",
    failure: "Failed to load stock data",
    loaded: (page: Page) => page.getByRole("article", { name: "AAPL" }),
  },
  {
    path: "/search-area",
    procedure: "market.movers",
    heading: "Stock Search & Tracking",
    busy: "Loading Market Movers",
    failure: "Failed to fetch market movers",
    loaded: (page: Page) => page.getByRole("table", { name: "Top 10 Gainers" }),
  },
  {
    path: "/crypto-dashboard",
    procedure: "cryptoWatchlist.list",
    heading: "Crypto Dashboard",
    busy: /^Loading (Crypto Dashboard|your crypto watchlist)$/,
    failure: "Failed to load saved cryptocurrencies",
    loaded: (page: Page) => page.getByRole("article", { name: "BTC" }),
  },
  {
    path: "/crypto",
    procedure: "cryptoWatchlist.list",
    heading: "Crypto Search",
    busy: "Loading your watchlist",
    failure: "Failed to load saved cryptocurrencies",
    loaded: (page: Page) => page.getByRole("article", { name: "BTC" }),
  },
  {
    path: "/crypto/BTC",
    procedure: "crypto.quote",
    heading: "BTC",
    busy: "Loading BTC",
    failure: "Failed to fetch crypto data",
    loaded: (page: Page) => page.getByRole("heading", { name: "Market Data" }),
  },
];

// One test per screen and read: each stays well inside the timeout on a loaded machine, where
// the six in one test ran past it (CI, 2 workers at load 17).
for (const screen of screens) {
  test(`${screen.path} loads in its own layout while ${screen.procedure} is read, and Retry recovers its failure`, async ({
    page,
    request,
  }) => {
    const user = await signedInPortfolioUser(page, request, "Slow Reader");
    await user.watchStocks("AAPL");
    await user.watchCrypto("BTC");
    // The stream stays closed: these screens are read from their polls.
    await page.route(/\/api\/trpc\/live\.quotes/, (route) => route.abort());
    const loaded = screen.loaded(page);
    const read = await gate(page, screen.procedure);
    await open(page, screen.path);
    const heading = page.getByRole("heading", { name: screen.heading, level: 1 });
    await expectSkeleton(page, heading, screen.busy);
    if (screen.path === "/crypto/BTC") await expectAccessible(page);
    read.set("pass");
    await expect(loaded).toBeVisible();
    await expect(page.getByRole("status", { name: screen.busy })).toHaveCount(0);

    read.set("fail");
    await page.reload();
    await expect(page.getByText(screen.failure, { exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(loaded).toHaveCount(0);
    read.set("pass");
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(loaded).toBeVisible();
    await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
  });
}

test("account settings load their two-factor state and API keys in place, with Retry", async ({
  page,
  request,
}) => {
  await signedInPortfolioUser(page, request, "Slow Account");
  const reads = await gate(page, "mfa.status", "apiKeys.list");
  await page.goto("/account");
  await expectSkeleton(
    page,
    page.getByRole("heading", { name: "Account Settings" }),
    "Loading two-factor sign-in",
  );
  await expectSkeleton(
    page,
    page.getByRole("heading", { name: "API keys" }),
    "Loading your API keys",
  );
  // No answer yet is not 'Off'.
  await expect(page.getByText(/^Off:/)).toHaveCount(0);
  await expectAccessible(page);
  reads.set("pass");
  await expect(page.getByText(/^Off: add a code/)).toBeVisible();
  await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);

  reads.set("fail");
  await page.reload();
  await expect(page.getByText("Failed to load your two-factor sign-in")).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText("Failed to load your API keys")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Set up two-factor sign-in" })).toHaveCount(0);
  await expectAccessible(page);
  reads.set("pass");
  const retry = page.getByRole("button", { name: "Retry" });
  await retry.first().click();
  await expect(retry).toHaveCount(1);
  await retry.click();
  await expect(page.getByText(/^Off: add a code/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
});

test("a first load of a signed-in address shows that page's own loading layout, never the generic one", async ({
  page,
  request,
}) => {
  const user = await signedInPortfolioUser(page, request, "Cold Loader");
  await user.watchCrypto("BTC");
  await user.buy("STOCK", "AAPL", "2", "150.00", "2026-03-02T15:00:00Z");
  // Counts every generic loading layout the document ever shows, however briefly.
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>();
    const record = () => {
      for (const element of document.querySelectorAll('[aria-label="Loading page"]'))
        if (!seen.has(element)) {
          seen.add(element);
          (window as { genericLoadingShown?: number }).genericLoadingShown =
            ((window as { genericLoadingShown?: number }).genericLoadingShown ?? 0) + 1;
        }
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true });
  });
  const screens = [
    {
      path: "/crypto-dashboard",
      procedure: "cryptoWatchlist.list",
      // Its layout is the page's header and intro, over the watchlist's loading panel.
      busy: "Loading your crypto watchlist",
      loaded: page.getByRole("article", { name: "BTC" }),
    },
    {
      path: "/portfolio-summary",
      procedure: "portfolioSummary.get",
      busy: "Loading Portfolio Summary",
      loaded: page.getByRole("table", { name: "Your stock positions" }),
    },
    {
      path: "/transaction-history",
      procedure: "transactions.list",
      busy: "Loading Transaction History",
      loaded: page.getByText("Showing 1–1 of 1"),
    },
    {
      path: "/research/AAPL",
      procedure: "market.details",
      busy: "Loading AAPL",
      // Not the heading: the layout already shows it, the company's name filled in by the API.
      loaded: page.getByRole("button", { name: "Buy Stock" }),
    },
  ];
  for (const screen of screens) {
    await test.step(screen.path, async () => {
      const read = await gate(page, screen.procedure);
      // Typed into the address bar: nothing of the app is in the browser yet.
      await page.goto(screen.path);
      await expect(page.getByRole("status", { name: screen.busy })).toBeVisible();
      await expect(page.getByRole("status", { name: "Loading page" })).toHaveCount(0);
      read.set("pass");
      await expect(screen.loaded).toBeVisible();
      await expect(page.getByRole("status", { name: screen.busy })).toHaveCount(0);
      expect(
        await page.evaluate(() => (window as { genericLoadingShown?: number }).genericLoadingShown),
        "times the generic loading layout was shown",
      ).toBeUndefined();
      await page.unrouteAll({ behavior: "ignoreErrors" });
    });
  }
});

test("a signed-in address paints its loading layout from the HTML, shown only to a tab with a session", async ({
  page,
  request,
}) => {
  // The app's code never arrives: whatever shows is the HTML's own.
  await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
  await page.goto("/research/msft");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByRole("status", { name: "Loading MSFT" })).toBeHidden();

  await page.unrouteAll({ behavior: "ignoreErrors" });
  await signedInPortfolioUser(page, request, "Shell Viewer");
  await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
  await page.goto("/research/msft");
  await expect(page).toHaveTitle("MSFT research · Ledgerline");
  await expect(page.getByRole("status", { name: "Loading MSFT" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ledgerline" })).toHaveAttribute("href", "/landing");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expectAccessible(page);

  // Signed out, the app takes that visitor to the login page, as before.
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.evaluate(() => sessionStorage.clear());
  await page.goto("/research/msft");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: /sign in/i })).toBeVisible();
});
