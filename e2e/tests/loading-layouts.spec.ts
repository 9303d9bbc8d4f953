import { expect, type Page } from "@playwright/test";
import { signedInPortfolioUser } from "./portfolio-support";
import { test } from "./polled-prices";
import { openLanding } from "./support";

/**
 * A page's loading layout is its own frame (issue 14): its headings stand where the page's will,
 * so nothing moves when the page takes its place. Measured on a phone, where the layouts are
 * tallest, as each page is first loaded from its address (the prerendered layout, then the app's).
 */
test.use({ viewport: { width: 390, height: 844 } });

/** Where each heading of the page stands, by its text. */
async function headings(page: Page): Promise<Map<string, number>> {
  const boxes = await page
    .locator("main h1, main h2")
    .evaluateAll((elements) =>
      elements.map((element) => [
        element.textContent?.trim() ?? "",
        element.getBoundingClientRect().top + window.scrollY,
      ]),
    );
  return new Map(boxes as [string, number][]);
}

test("each signed-in page's loading layout puts its headings where the page puts them", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await signedInPortfolioUser(page, request, "Layout Reader");
  await user.watchStocks("AAPL");
  await user.watchCrypto("BTC");
  for (const path of [
    "/landing",
    "/stock-dashboard",
    "/search-area",
    "/crypto",
    "/crypto-dashboard",
    "/account",
    "/import",
    // The company's name, known to the API without a provider call, is in the first paint.
    "/research/AAPL",
  ]) {
    await test.step(path, async () => {
      // The app's code waits until the loading layout has been measured: until it runs, the
      // prerendered layout is what the page shows (a first load keeps it until the page is whole,
      // main.tsx). Holding the page's reads instead left a race on a page whose first paint reads
      // nothing (/import), and on any page without a loader (/landing failed twice in CI so).
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      });
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await expect(page.locator("main [aria-busy=true]").first()).toBeVisible();
      const loading = await headings(page);
      release();
      await page.unrouteAll({ behavior: "wait" });
      await expect(page.locator("main [aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
      const loaded = await headings(page);
      // The page's head (its title and the first panel under it): further down, a panel the
      // page fills as its reads answer (a watchlist's cards) is the page's own to size.
      const shared = [...loading.keys()].filter((text) => loaded.has(text)).slice(0, 2);
      expect(shared.length, `${path}: headings in both`).toBeGreaterThan(0);
      for (const text of shared) {
        expect(loaded.get(text), `${path}: "${text}"`).toBeCloseTo(loading.get(text)!, 0);
      }
    });
  }
});

test("a first load paints what only the tab knows: the user's greeting, and an intro the reader closed closed", async ({
  page,
  request,
}) => {
  await signedInPortfolioUser(page, request, "Greeted Reader");
  await openLanding(page);
  await page.evaluate(() => localStorage.setItem("dashboard_intro", "false"));
  // The app's code waits: what shows is the prerendered layout, as app-shell.js left it.
  await page.route(/\/assets\/[^/]+\.js$/, () => undefined);

  await page.goto("/landing", { waitUntil: "domcontentloaded" });
  await expect(page.locator("main [aria-busy=true]").first()).toBeVisible();
  await expect(page.locator("main h1")).toHaveText(/^Welcome( back)?, Greeted Reader!$/);
  const greeting = await page.locator("main h1").textContent();
  await page.goto("/account", { waitUntil: "domcontentloaded" });
  await expect(page.locator("main [aria-busy=true]").first()).toBeVisible();
  await expect(
    page.getByText("Welcome, Greeted Reader. Manage your sign-in details here."),
  ).toBeVisible();

  await page.goto("/stock-dashboard", { waitUntil: "domcontentloaded" });
  await expect(page.locator("main [aria-busy=true]").first()).toBeVisible();
  const intro = page.getByRole("button", { name: "Stock Dashboard Overview" });
  await expect(intro).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByText("Every stock on your watchlist")).toBeHidden();

  // The pages, once loaded, say and show the same.
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.goto("/landing");
  await expect(page.locator("main [aria-busy=true]")).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator("main h1")).toHaveText(greeting!);
  await page.goto("/stock-dashboard");
  await expect(intro).toHaveAttribute("aria-expanded", "false", { timeout: 20_000 });
  await expect(page.getByText("Every stock on your watchlist")).toBeHidden();
});
