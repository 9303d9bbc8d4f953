import { expect } from "@playwright/test";
import { expectAccessible, openLanding } from "./support";
import { signedInStockUser, stockCard } from "./stocks-support";
import { test } from "./polled-prices";

// These journeys cross several screens; the suite default of 30 s is tight for them.
test.describe.configure({ timeout: 90_000 });

test("an empty watchlist invites a search, and the intro stays as the user left it", async ({
  page,
  request,
}) => {
  await signedInStockUser(page, request);
  await openLanding(page);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Stock Dashboard" })
    .click();
  await expect(page).toHaveURL(/\/stock-dashboard$/);
  await expect(page.getByRole("heading", { name: "No Saved Stocks Yet" })).toBeVisible();
  await expectAccessible(page);

  const intro = page.getByRole("button", { name: "Stock Dashboard Overview" });
  await expect(intro).toHaveAttribute("aria-expanded", "true");
  await intro.click();
  await expect(intro).toHaveAttribute("aria-expanded", "false");
  expect(await page.evaluate(() => localStorage.getItem("dashboard_intro"))).toBe("false");
  await page.reload();
  await expect(page.getByRole("button", { name: "Stock Dashboard Overview" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
  await expect(page.getByText("Every stock on your watchlist")).toBeHidden();

  await page.getByRole("link", { name: "Search and Add Stocks" }).click();
  await expect(page).toHaveURL(/\/search-area$/);
});

test("the dashboard lists watched stocks by symbol with every figure, the holding and the market summary", async ({
  page,
  request,
}) => {
  const user = await signedInStockUser(page, request);
  await user.watch("MSFT", "KO", "AAPL", "NWS");
  await user.buy("KO", 3, 60.5);
  await page.goto("/stock-dashboard");

  await expect(page.getByRole("heading", { name: "Your Stock Watchlist" })).toBeVisible();
  await expect(page.getByText("Market is open.").first()).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(4);
  await expect(page.getByRole("article").getByRole("heading", { level: 3 })).toHaveText([
    "AAPL",
    "KO",
    "MSFT",
    "NWS",
  ]);

  const aapl = stockCard(page, "AAPL");
  await expect(aapl.getByText("Apple Inc.")).toBeVisible();
  for (const label of [
    "Current Price",
    "Today's Change",
    "Volume",
    "Previous Close",
    "Open",
    "High",
    "Low",
  ]) {
    await expect(aapl.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(aapl.getByText("Not currently in portfolio")).toBeVisible();
  await expect(aapl.getByRole("button", { name: "Sell Stock" })).toHaveCount(0);
  // The simulated NWS reports no open, high or low during the session.
  await expect(stockCard(page, "NWS").getByText("N/A")).toHaveCount(3);

  const ko = stockCard(page, "KO");
  await expect(ko.getByText("Number in Portfolio")).toBeVisible();
  await expect(ko.getByText("3 shares")).toBeVisible();
  await expect(ko.getByText("$181.50")).toBeVisible();
  await expect(ko.getByRole("button", { name: "Sell Stock" })).toBeVisible();

  const summary = page.getByRole("region", { name: "Market Summary" });
  await expect(summary.getByText("Average Change")).toBeVisible();
  await expect(summary.getByText("Advancing / Declining")).toBeVisible();
  await expect(summary.getByText("Total Volume")).toBeVisible();

  await aapl.getByRole("link", { name: "Research Stock" }).click();
  await expect(page).toHaveURL(/\/research\/AAPL$/);
  await page.goBack();
  await page.getByRole("link", { name: "Search Stocks" }).click();
  await expect(page).toHaveURL(/\/search-area$/);
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Your Stock Watchlist" })).toBeVisible();
  await expectAccessible(page);
});

test("says 'Failed to load market summary' when the summary cannot be loaded", async ({
  page,
  request,
}) => {
  await signedInStockUser(page, request);
  // Answer every batch with the summary failed and the rest as the server said.
  await page.route(/\/api\/trpc\/[^?]*market\.summary/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as unknown[];
    const paths = new URL(route.request().url()).pathname.split("/").pop()!.split(",");
    const failed = {
      error: {
        message: "Failed to fetch market movers",
        code: -32603,
        data: { code: "SERVICE_UNAVAILABLE", httpStatus: 503, path: "market.summary" },
      },
    };
    const answer = Array.isArray(body)
      ? body.map((item, index) => (paths[index] === "market.summary" ? failed : item))
      : failed;
    await route.fulfill({ response, json: answer, status: Array.isArray(body) ? 207 : 503 });
  });
  await page.goto("/stock-dashboard");
  await expect(page.getByRole("heading", { name: "No Saved Stocks Yet" })).toBeVisible();
  await expect(page.getByText("Failed to load market summary")).toBeVisible({ timeout: 15_000 });
});

test("says 'Failed to load stock data' when the watchlist cannot be loaded", async ({
  page,
  request,
}) => {
  await signedInStockUser(page, request);
  await page.route(/\/api\/trpc\/[^?]*watchlist\.list/, (route) => route.abort());
  await page.goto("/stock-dashboard");
  await expect(page.getByText("Failed to load stock data")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "No Saved Stocks Yet" })).toHaveCount(0);
});

test("says 'Prices as of HH:MM' on a stock whose prices the server could not refresh", async ({
  page,
  request,
}) => {
  const user = await signedInStockUser(page, request);
  await user.watch("AAPL", "KO");
  // The provider fails for AAPL: the server answers its cached quote, marked stale.
  const asOf = "2026-03-11T14:58:00.000Z";
  await page.route(/\/api\/trpc\/[^?]*watchlist\.list/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as unknown;
    const markStale = (item: { symbol: string; stale: boolean; snapshot: object | null }) =>
      item.symbol === "AAPL"
        ? { ...item, stale: true, snapshot: { ...item.snapshot, stale: true, asOf } }
        : item;
    type Item = Parameters<typeof markStale>[0];
    const entries: unknown[] = Array.isArray(body) ? (body as unknown[]) : [body];
    const answer = entries.map((entry): unknown => {
      const data = (entry as { result?: { data?: unknown } }).result?.data;
      return Array.isArray(data) ? { result: { data: (data as Item[]).map(markStale) } } : entry;
    });
    await route.fulfill({ response, json: Array.isArray(body) ? answer : answer[0] });
  });
  await page.goto("/stock-dashboard");
  const expected = await page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" }).format(
        new Date(iso),
      ),
    asOf,
  );
  await expect(stockCard(page, "AAPL").getByText(`Prices as of ${expected}`)).toBeVisible({
    timeout: 15_000,
  });
  await expect(stockCard(page, "AAPL").getByText(/^Prices as of \d{2}:\d{2}$/)).toBeVisible();
  await expect(stockCard(page, "KO").getByText(/Prices as of/)).toHaveCount(0);
  await expectAccessible(page);
});
