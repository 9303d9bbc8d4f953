import { expect } from "@playwright/test";
import { signedInPortfolioUser } from "./portfolio-support";
import { shootBothThemes } from "./shots";
import { expectAccessible } from "./support";
import { test } from "./polled-prices";

test("the summary shows how risky the portfolio has been, each figure explained", async ({
  page,
  request,
}) => {
  // Two widths, two themes and their screenshots, each after a reload of the summary.
  test.slow();
  const user = await signedInPortfolioUser(page, request, "Risk Tester");
  await user.buy("STOCK", "AAPL", "10", "200", "2026-02-02T15:00:00Z");
  await user.buy("STOCK", "XOM", "5", "110", "2026-02-09T15:00:00Z");
  await user.buy("CRYPTO", "BTC", "0.01", "80000", "2026-02-16T15:00:00Z");

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/portfolio-summary");
    const card = page.getByRole("region", { name: "How risky it has been" });
    await card.scrollIntoViewIfNeeded();
    // Five weeks of weekday closes: every figure is worked, none N/A.
    for (const label of [
      "Volatility (annualized)",
      "Maximum drawdown",
      "Sharpe ratio",
      "Beta vs SPY",
      "Correlation with SPY",
    ]) {
      await expect(card.getByRole("term").filter({ hasText: label })).toBeVisible();
    }
    await expect(card.getByText(/^\d+\.\d{2}%$/).first()).toBeVisible();
    await expect(card.getByText("N/A")).toHaveCount(0);

    await card.locator("summary", { hasText: "Volatility (annualized)" }).click();
    await expect(card.getByText(/From \d+ daily returns/).first()).toBeVisible();
    await expect(card.getByText(/standard deviation of the daily returns × √252/)).toBeVisible();
    await card.locator("summary", { hasText: "Maximum drawdown" }).click();
    await expect(card.getByText(/Peak .*, trough /)).toBeVisible();
    await expectAccessible(page);

    await shootBothThemes(page, "risk", async () => {
      const shown = page.getByRole("region", { name: "How risky it has been" });
      await shown.locator("summary", { hasText: "Sharpe ratio" }).click();
      await expect(shown.getByText("Risk-free rate (a year)")).toBeVisible();
      await shown.scrollIntoViewIfNeeded();
    });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await page.getByRole("region", { name: "How risky it has been" }).scrollIntoViewIfNeeded();
    await expect(page.locator("summary", { hasText: "Sharpe ratio" })).toBeVisible();
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: "light" });
  }
});
