import { expect, type Page } from "@playwright/test";
import { signedInPortfolioUser } from "./portfolio-support";
import { test } from "./polled-prices";

/** Every Content-Security-Policy violation the page reports, from its first script on. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}`);
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test("the recorder sees a violation when one happens", async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto("/login");
  // A third-party image: refused by img-src before any request is made.
  await page.evaluate(() => {
    const image = document.createElement("img");
    image.src = "https://images.example.invalid/tracker.png";
    document.body.append(image);
  });
  await expect.poll(violations).toEqual([expect.stringMatching(/^img-src https:\/\/images/)]);
});

test("no screen does anything the Content-Security-Policy refuses", async ({ page, request }) => {
  test.setTimeout(90_000);
  const violations = await recordViolations(page);
  // Through the form: the recorder watches the login page and its way to the landing page too.
  const user = await signedInPortfolioUser(page, request, "Policy Keeper", "form");
  await user.watchStocks("AAPL");
  await user.watchCrypto("BTC");
  await user.buy("STOCK", "AAPL", "2", "180", "2026-03-02T15:00:00Z");
  for (const path of [
    "/landing",
    "/search-area",
    "/stock-dashboard",
    "/research/AAPL",
    "/crypto",
    "/crypto-dashboard",
    "/crypto/BTC",
    "/portfolio-summary",
    "/transaction-history",
    "/account",
  ]) {
    // Not "networkidle": the signed-in screens keep a live-price event stream open.
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    // Violation events are dispatched as tasks: let the page run the ones already queued.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(await violations(), path).toEqual([]);
  }
});
