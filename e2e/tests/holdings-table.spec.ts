import type { PortfolioSummary } from "@ledgerline/contracts";
import { expect, type Locator } from "@playwright/test";
import { signedInPortfolioUser, trpcResult, waitForTrpc } from "./portfolio-support";
import { test } from "./polled-prices";
import { shootBothThemes } from "./shots";
import { expectAccessible } from "./support";

/** The symbols of a holdings table's rows, top to bottom. */
const order = (table: Locator) => table.locator("tbody tr th a").allInnerTexts();

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the holdings show today's change, average cost, weight and coin names, and sort by any column", async ({
    page,
    request,
  }) => {
    test.slow();
    const user = await signedInPortfolioUser(page, request, "Holdings Sorter");
    await user.buy("STOCK", "AAPL", "10", "200", "2026-03-02T15:00:00Z");
    await user.buy("STOCK", "MSFT", "2", "400", "2026-03-05T15:00:00Z");
    await user.buy("STOCK", "KO", "30", "60", "2026-03-05T15:00:00Z");
    await user.buy("CRYPTO", "BTC", "0.05", "80000", "2026-03-03T15:00:00Z");
    await user.buy("CRYPTO", "ETH", "1", "2000", "2026-03-03T15:00:00Z");

    const read = waitForTrpc(page, "portfolioSummary.get", "/portfolio-summary");
    await page.goto("/portfolio-summary");
    const summary = await trpcResult<PortfolioSummary>(await read, "portfolioSummary.get");
    const stocks = page.getByRole("table", { name: "Your stock positions" });
    for (const header of ["Avg Cost", "Today", "Today %", "Weight"]) {
      await expect(stocks.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }
    const aapl = summary.stocks.positions.find((position) => position.symbol === "AAPL")!;
    expect(aapl.todayChange).not.toBeNull();
    const aaplRow = stocks.getByRole("row", { name: /AAPL/ });
    await expect(aaplRow).toContainText("$200.00");
    // Live prices may have moved it since: the figure is the server's, in its format.
    await expect(aaplRow.getByRole("cell").nth(3)).toHaveText(/^[+-]\$[\d,]+\.\d{2}$/);
    await expect(aaplRow.getByRole("cell").nth(6)).toHaveText(/^\d+\.\d{2}%$/);
    const crypto = page.getByRole("table", { name: "Your crypto positions" });
    await expect(crypto.getByRole("row", { name: /BTC/ })).toContainText("Bitcoin");
    await expect(crypto.getByRole("row", { name: /ETH/ })).toContainText("Ethereum");

    // Sorting by value, largest first, and kept while live prices redraw the rows.
    const value = stocks.getByRole("columnheader", { name: "Current Value" });
    await value.getByRole("button").click();
    await expect(value).toHaveAttribute("aria-sort", "descending");
    const values = () =>
      stocks
        .locator("tbody tr")
        .evaluateAll((rows) =>
          rows.map((row) => Number((row.children.item(6)?.textContent ?? "").replace(/[$,]/g, ""))),
        );
    const sortedDown = (list: number[]) => list.every((v, i) => i === 0 || list[i - 1]! >= v);
    expect(sortedDown(await values())).toBe(true);
    const before = await order(stocks);
    await page.waitForTimeout(3_000);
    await expect(value).toHaveAttribute("aria-sort", "descending");
    expect(sortedDown(await values())).toBe(true);
    expect(await order(stocks)).toEqual(before);
    await value.getByRole("button").click();
    await expect(value).toHaveAttribute("aria-sort", "ascending");
    expect(await order(stocks)).toEqual([...before].reverse());

    const symbol = stocks.getByRole("columnheader", { name: "Symbol" });
    await symbol.getByRole("button").click();
    await expect(symbol).toHaveAttribute("aria-sort", "ascending");
    expect(await order(stocks)).toEqual(["AAPL", "KO", "MSFT"]);
    await expect(value).not.toHaveAttribute("aria-sort", /.+/);
    await expectAccessible(page);
    await shootBothThemes(page, "holdings", async () => {
      await stocks.scrollIntoViewIfNeeded();
    });
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("each holding's card shows today, average cost and weight, and sorts by a chosen column", async ({
    page,
    request,
  }) => {
    // Its sign-in, trades and both themes' screenshots pass a minute on a busy 2-core machine.
    test.slow();
    const user = await signedInPortfolioUser(page, request, "Holdings Phone");
    await user.buy("STOCK", "AAPL", "10", "200", "2026-03-02T15:00:00Z");
    await user.buy("STOCK", "KO", "30", "60", "2026-03-05T15:00:00Z");
    await user.buy("CRYPTO", "BTC", "0.05", "80000", "2026-03-03T15:00:00Z");
    await page.goto("/portfolio-summary");
    const section = page.getByRole("region", { name: "Stock Portfolio", exact: true });
    const aapl = section.getByRole("listitem").filter({ hasText: "AAPL" });
    await expect(aapl).toContainText("Avg Cost");
    await expect(aapl).toContainText("$200.00");
    await expect(aapl).toContainText("Weight");
    await expect(aapl).toContainText("Today");
    await expect(
      page
        .getByRole("region", { name: "Crypto Portfolio", exact: true })
        .getByRole("listitem")
        .first(),
    ).toContainText("Bitcoin");
    await section.getByLabel("Sort holdings by").selectOption({ label: "Symbol" });
    await section.getByRole("button", { name: "Ascending" }).click();
    await expect(section.getByRole("button", { name: "Descending" })).toBeVisible();
    await expect(section.getByRole("listitem").first()).toContainText("KO");
    await expectAccessible(page);
    await shootBothThemes(page, "holdings", async () => {
      await section.scrollIntoViewIfNeeded();
    });
  });
});
