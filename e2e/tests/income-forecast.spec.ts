import type { IncomeCalendar, IncomeForecast } from "@ledgerline/contracts";
import { expect, type APIRequestContext } from "@playwright/test";
import { money, signedInPortfolioUser } from "./portfolio-support";
import { shootBothThemes } from "./shots";
import { expectAccessible } from "./support";
import { test } from "./polled-prices";

async function read<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

test("a dividend payer bought in the simulated market shows in the calendar and the 12-month forecast", async ({
  page,
  request,
}) => {
  // Two widths, each with axe twice and three reloads for the themes' screenshots.
  test.slow();
  const user = await signedInPortfolioUser(page, request, "Forecast Tester");
  // KO pays quarterly in the simulated market (packages/market sim/stocks/corporate-actions.ts).
  await user.buy("STOCK", "KO", "10", "60", "2026-03-02T15:00:00Z");
  const calendar = await read<IncomeCalendar>(request, user.token, "/api/income/calendar");
  const forecast = await read<IncomeForecast>(request, user.token, "/api/income/forecast");
  expect(calendar.dividends.length).toBeGreaterThan(0);
  expect(forecast.holdings).toMatchObject([{ symbol: "KO", frequency: "quarterly" }]);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/income");
    await expect(page.getByRole("heading", { name: "Dividend Income", level: 1 })).toBeVisible();

    const upcoming = page.getByRole("list", { name: "Upcoming dividends" });
    await expect(upcoming.getByRole("listitem")).toHaveCount(calendar.dividends.length);
    const first = calendar.dividends[0]!;
    await expect(upcoming.getByRole("listitem").first()).toContainText("KO");
    await expect(upcoming.getByRole("listitem").first()).toContainText(money(first.amount));

    const months = page.getByRole("table", { name: "By month" });
    await expect(months.locator("tbody tr")).toHaveCount(12);
    await expect(months.getByRole("row", { name: /Total/ })).toContainText(money(forecast.total));
    const yields = page.getByRole("table", { name: "Yield per holding" });
    const ko = yields.getByRole("row").filter({ hasText: "KO" });
    await expect(ko).toContainText("Quarterly");
    await expect(ko).toContainText(money(forecast.holdings[0]!.annualIncome));
    await expect(page.getByTestId("forecast-bars")).toBeVisible();

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await expectAccessible(page);
    await shootBothThemes(page, "income-forecast", async () => {
      await expect(months.locator("tbody tr")).toHaveCount(12);
      await expect(upcoming.getByRole("listitem").first()).toBeVisible();
    });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await expect(months.locator("tbody tr")).toHaveCount(12);
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: "light" });
  }
});
