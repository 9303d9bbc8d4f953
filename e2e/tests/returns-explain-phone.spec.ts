import type { PortfolioPerformanceDetail } from "@ledgerline/contracts";
import { expect } from "@playwright/test";
import { money, signedInPortfolioUser, trpcResult } from "./portfolio-support";
import { test } from "./polled-prices";
import { shootBothThemes } from "./shots";
import { expectAccessible } from "./support";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("on a phone the time-weighted return's pieces are cards: dates on one line, amounts apart", async ({
  page,
  request,
}) => {
  test.slow();
  const user = await signedInPortfolioUser(page, request, "Pieces Reader");
  await user.buy("STOCK", "AAPL", "10", "240", "2026-03-02T15:00:00Z");
  await user.buy("STOCK", "MSFT", "3", "400", "2026-03-04T15:00:00Z");
  await user.sell("STOCK", "AAPL", "4", "250");

  await page.goto("/portfolio-summary");
  const returns = page.getByRole("region", { name: "Returns", exact: true });
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes("portfolioSummary.performance") &&
      decodeURIComponent(response.url()).includes('"range":"ALL"'),
  );
  await returns.getByRole("button", { name: "All" }).click();
  const all = await trpcResult<PortfolioPerformanceDetail>(
    await answered,
    "portfolioSummary.performance",
  );
  const open = async () => {
    await returns.getByText(/Explain time-weighted return/i).click();
  };
  await open();
  const pieces = returns.getByRole("list", { name: "Sub-periods of the time-weighted return" });
  const cards = pieces.getByRole("listitem");
  await expect(cards).toHaveCount(all.explanation.subPeriods.length);
  await expect(returns.getByRole("table", { name: /Sub-periods/ })).toBeHidden();

  const first = all.explanation.subPeriods[0]!;
  const card = cards.first();
  // Each amount under its own label, not one run of figures.
  await expect(card.getByRole("definition").nth(0)).toHaveText(money(first.startValue));
  await expect(card.getByRole("definition").nth(1)).toHaveText(money(first.endValue));
  // The dates read on one line.
  const dates = card.locator("p").first();
  const lineHeight = await dates.evaluate((element) =>
    parseFloat(getComputedStyle(element).lineHeight),
  );
  expect((await dates.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
  const overflows = await card.evaluate((element) => element.scrollWidth > element.clientWidth);
  expect(overflows).toBe(false);
  await expectAccessible(page);
  await shootBothThemes(page, "returns-explain", async () => {
    await returns.getByRole("button", { name: "All" }).click();
    await open();
    await pieces.scrollIntoViewIfNeeded();
  });
});
