import { expect } from "@playwright/test";
import { hoverValueChartEnd, signedInPortfolioUser } from "./portfolio-support";
import { shootAsItIs } from "./shots";
import { expectAccessible } from "./support";
import { test } from "./polled-prices";

/** A converted figure's hover: the USD amount, the rate and the rate's day. */
const hover = /^USD [\d,]+\.\d{2} at \d+\.\d{4} on \d{4}-\d{2}-\d{2}$/;

test("a person shows their amounts in EUR, each with a hover naming the USD amount and rate", async ({
  page,
  request,
}) => {
  // Six screens, each checked with axe: longer than one page's test.
  test.slow();
  const user = await signedInPortfolioUser(page, request, "Euro Reader");
  await user.buy("STOCK", "AAPL", "2", "200", "2026-03-02T15:00:00Z");

  await page.goto("/account");
  const select = page.getByLabel("Show amounts in");
  await expect(select).toHaveValue("USD");
  await select.selectOption("EUR");
  await expect(page.getByText("Display currency saved")).toBeVisible();
  await expect(select).toHaveValue("EUR");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
    await shootAsItIs(page, "display-currency-settings");
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/portfolio-summary");
  const card = page
    .locator("div", { has: page.getByRole("heading", { name: "Total Portfolio Value" }) })
    .last();
  const value = card.locator("[title]").first();
  await expect(value).toHaveText(/^€[\d,]+\.\d{2}$/);
  await expect(value).toHaveAttribute("title", hover);
  // The cost basis, $400.00, converted at the latest rate.
  const costBasis = card.locator("[title^='USD 400.00 at ']");
  await expect(costBasis).toHaveText(/^€[\d,]+\.\d{2}$/);
  // The panels below the cards convert at the latest rate too: the allocation, the returns.
  await expect(page.getByText(/^100\.00% · €[\d,]+\.\d{2}$/).locator("[title]")).toHaveAttribute(
    "title",
    hover,
  );
  const unrealized = page
    .locator("div", { has: page.getByText("Unrealized gain", { exact: true }) })
    .last()
    .locator("[title]")
    .first();
  await expect(unrealized).toHaveText(/^\+€[\d,]+\.\d{2}$/);
  await expect(unrealized).toHaveAttribute("title", /^USD \+[\d,]+\.\d{2} at /);
  // The value chart: each point in € at its own day's rate, the axis and the tooltip in €,
  // the tooltip naming the day's rate.
  const chart = page.getByRole("region", { name: "Portfolio Value" });
  await expect(chart.getByRole("img")).toHaveAttribute(
    "aria-label",
    /^Line chart of your portfolio's value in EUR at each day's rate, .*: €[\d,]+\.\d{2} on .* against a cost basis of €[\d,]+\.\d{2}/,
  );
  const tooltip = await hoverValueChartEnd(page, chart);
  await expect(tooltip).toContainText(/Value€[\d,]+\.\d{2}/);
  await expect(tooltip).toContainText(/Cost basis€[\d,]+\.\d{2}/);
  await expect(tooltip).toContainText(/USD→EUR\d\.\d{4} on \d{4}-\d{2}-\d{2}/);
  await expect(tooltip).not.toContainText("$");

  // The hover reaches a keyboard: the figure takes focus (Tab), shows the same words beside it
  // and is described by them.
  await value.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(value).toBeFocused();
  await expect(value).toHaveAccessibleDescription(hover);
  const focusTip = () => value.evaluate((figure) => getComputedStyle(figure, "::after").content);
  expect(await focusTip()).toContain("USD");
  await expectAccessible(page);
  await shootAsItIs(page, "display-currency-focus");
  await page.keyboard.press("Tab");
  expect(await focusTip()).toBe("none");

  await value.hover();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
    await shootAsItIs(page, "display-currency-summary");
  }

  // History rows take the rate of their own day: the purchase's, a Monday.
  await page.goto("/transaction-history");
  const total = page.locator("[title^='USD 400.00 at ']").first();
  await expect(total).toHaveText(/^€[\d,]+\.\d{2}$/);
  await expect(total).toHaveAttribute("title", /on 2026-03-02$/);

  // A dividend in € at its pay day's rate (a Friday), and so the year's total.
  const added = await request.post("/api/income", {
    headers: { authorization: `Bearer ${user.token}` },
    data: {
      symbol: "AAPL",
      exDate: "2026-03-04",
      payDate: "2026-03-06",
      quantity: "2",
      amountPerShare: "0.26",
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/income");
  const dividend = page
    .getByRole("table", { name: "Your dividend income, newest first" })
    .locator("[title^='USD 0.52 at ']");
  await expect(dividend).toHaveText(/^€0\.\d{2}$/);
  await expect(dividend).toHaveAttribute("title", /on 2026-03-06$/);
  const dividendHover = await dividend.getAttribute("title");
  const yearTotal = page
    .getByRole("region", { name: "Totals per year" })
    .getByRole("definition")
    .first();
  await expect(yearTotal).toHaveText(await dividend.innerText());
  await expect(yearTotal.locator("[title]")).toHaveAttribute("title", dividendHover!);
  await expectAccessible(page);

  // Research pages quote the market in dollars, and say so beside the position in €.
  await page.goto("/research/AAPL");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("AAPL");
  await expect(page.getByText("Prices in USD", { exact: true })).toBeVisible();
  await expectAccessible(page);
  // So do the pages of quotes: the searches, their market movers and the watchlists.
  for (const [path, title] of [
    ["/search-area", "Stock Search & Tracking"],
    ["/stock-dashboard", "Stock Dashboard"],
    ["/crypto", "Crypto Search"],
    ["/crypto-dashboard", "Crypto Dashboard"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText("Prices in USD", { exact: true })).toBeVisible();
  }
  await expectAccessible(page);

  // Back to USD: plain dollars, no hover.
  await page.goto("/account");
  await page.getByLabel("Show amounts in").selectOption("USD");
  await expect(page.getByText("Display currency saved")).toBeVisible();
  await page.goto("/portfolio-summary");
  await expect(card).toContainText("Cost basis $400.00");
  await expect(card.locator("[title]")).toHaveCount(0);
  await page.goto("/research/AAPL");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("AAPL");
  await expect(page.getByText("Prices in USD", { exact: true })).toHaveCount(0);
  await page.goto("/search-area");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stock Search & Tracking");
  await expect(page.getByRole("table", { name: "Top 10 Gainers" })).toBeVisible();
  await expect(page.getByText("Prices in USD", { exact: true })).toHaveCount(0);
});
