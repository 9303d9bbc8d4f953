import { expect, test, type Page } from "@playwright/test";
import { signedInPortfolioUser } from "./portfolio-support";

/**
 * Nothing on a screen jumps as its data arrives: the figures, the live-price note and its badge
 * take the room their loading state kept for them. Measured as the browser's cumulative layout
 * shift (what Lighthouse scores; 0.1 is its limit of "good"), on a phone, where a line that
 * wraps once the words arrive pushes everything below it down.
 */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const shifts = list.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
          }[];
          resolve(shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0));
        }).observe({ type: "layout-shift", buffered: true });
        // No shift at all: the observer is never called.
        setTimeout(() => resolve(0), 500);
      }),
  );
}

test.use({ viewport: { width: 390, height: 844 } });

test("the signed-in screens keep still while their data and live prices arrive", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await signedInPortfolioUser(page, request, "Steady Reader");
  await user.watchStocks("AAPL", "MSFT");
  await user.watchCrypto("BTC");
  await user.buy("STOCK", "AAPL", "3", "180", "2026-03-02T15:00:00Z");
  await user.buy("CRYPTO", "BTC", "0.05", "60000", "2026-03-02T15:00:00Z");
  for (const path of ["/landing", "/stock-dashboard", "/crypto-dashboard", "/portfolio-summary"]) {
    await page.goto(path);
    // Everything on the screen has arrived (a chart further down is drawn as it is approached).
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            [...document.querySelectorAll("[aria-busy=true]")].filter(
              (element) => element.getBoundingClientRect().top < window.innerHeight,
            ).length,
        ),
      )
      .toBe(0);
    // The live note says where the prices come from once its stream answers.
    if (path !== "/landing") await expect(page.getByText(/^(Live|Delayed)$/).first()).toBeVisible();
    else await expect(page.locator("#glance-heading + p [data-value]")).toBeVisible();
    expect(await layoutShift(page), path).toBeLessThan(0.05);
  }
});
