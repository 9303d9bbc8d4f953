import { expect } from "@playwright/test";
import { signedInPortfolioUser } from "./portfolio-support";
import { shootBothThemes } from "./shots";
import { expectAccessible } from "./support";
import { test } from "./polled-prices";

test("the summary's monthly grid: each month held, the year's total and SPY's, on a phone too", async ({
  page,
  request,
}) => {
  const user = await signedInPortfolioUser(page, request, "Month Reader");
  await page.goto("/portfolio-summary");
  const card = page.getByRole("region", { name: "Monthly returns", exact: true });
  await card.scrollIntoViewIfNeeded();
  await expect(
    card.getByText("Nothing held yet: the grid fills in from the month of your first trade."),
  ).toBeVisible();

  await user.buy("STOCK", "AAPL", "10", "200", "2026-02-02T15:00:00Z");
  await user.buy("CRYPTO", "BTC", "0.01", "80000", "2026-02-16T15:00:00Z");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/portfolio-summary");
    await card.scrollIntoViewIfNeeded();
    const grid = card.getByRole("table", { name: /^Monthly returns by year/ });
    await expect(grid.getByRole("columnheader")).toHaveText([
      "Year",
      ...["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
      "Total",
      "SPY",
    ]);
    const year = grid.getByRole("row", { name: /^2026/ });
    const cells = year.getByRole("cell");
    // January before the first trade; February and March (to date) held; the rest to come.
    await expect(cells.nth(0)).toHaveText("–Nothing held");
    for (const held of [1, 2, 12, 13])
      await expect(cells.nth(held)).toHaveText(/^[+-]\d+\.\d{2}%$/);
    await expect(cells.nth(3)).toHaveText("–Nothing held");
    // Fifteen columns scroll inside their own box: the page is no wider than the screen.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await shootBothThemes(page, "monthly-returns", async () => {
      await page
        .getByRole("region", { name: "Monthly returns", exact: true })
        .scrollIntoViewIfNeeded();
    });
  }
});
