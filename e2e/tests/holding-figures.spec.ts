import { expect, type Locator, type Page } from "@playwright/test";
import { buyViaApi, signedInCryptoUser, watchViaApi } from "./crypto-support";
import { expectAccessible } from "./support";
import { signedInStockUser, stockCard } from "./stocks-support";
import { test } from "./polled-prices";

// Issue 9, "One meaning of every figure": every holding card shows Total Value (quantity x
// current price), Cost Basis (quantity x average price) and the Gain/Loss between them, through
// one component; held assets that are not watched are on their dashboard; zero reads as zero.
test.describe.configure({ timeout: 90_000 });

/** Rewrites one procedure's data in the tRPC answers the page receives (batched or not). */
async function rewriteTrpc(page: Page, path: string, rewrite: (data: unknown) => unknown) {
  await page.route(new RegExp(`/api/trpc/[^?]*${path.replace(".", "\\.")}`), async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as
      { result?: { data: unknown } }[] | { result?: { data: unknown } };
    const paths = decodeURIComponent(
      new URL(route.request().url()).pathname.split("/api/trpc/")[1] ?? "",
    ).split(",");
    const fix = (item: { result?: { data: unknown } }) =>
      item.result ? { ...item, result: { ...item.result, data: rewrite(item.result.data) } } : item;
    const json = Array.isArray(body)
      ? body.map((item, index) => (paths[index] === path ? fix(item) : item))
      : fix(body);
    await route.fulfill({ response, json });
  });
}

/** A figure's value under its label, inside one card. */
const figure = (card: Locator, label: string) =>
  card
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");

async function holdingFigures(card: Locator) {
  const holding = card.getByTestId("holding-figures");
  await expect(holding).toBeVisible();
  return {
    value: await holding.locator("[data-figure=market-value]").textContent(),
    cost: await holding.locator("[data-figure=cost-basis]").textContent(),
    gain: await holding.locator("[data-figure=gain-loss]").textContent(),
  };
}

const dollars = (text: string) => Number(text.replace(/[^0-9.-]/g, ""));

test("every stock holding card shows the same Total Value, Cost Basis and Gain/Loss, and a held stock that is not watched is on the dashboard", async ({
  page,
  request,
}) => {
  const user = await signedInStockUser(page, request);
  await user.watch("AAPL");
  await user.buy("KO", 3, 60.5);
  await page.goto("/stock-dashboard");

  await expect(page.getByRole("article")).toHaveCount(2);
  const ko = stockCard(page, "KO");
  await expect(ko.getByText("Held, not watched")).toBeVisible();
  await expect(stockCard(page, "AAPL").getByText("Held, not watched")).toHaveCount(0);
  await expect(ko.getByRole("button", { name: "Remove" })).toHaveCount(0);
  await expect(ko.getByRole("button", { name: "Sell Stock" })).toBeVisible();

  // Total Value is quantity x the price on the card; Cost Basis quantity x average price.
  const onDashboard = await holdingFigures(ko);
  const price = dollars(await figure(ko, "Current Price").innerText());
  expect(dollars(onDashboard.value!)).toBeCloseTo(3 * price, 2);
  expect(onDashboard.cost).toBe("$181.50");
  expect(dollars(onDashboard.gain!.split("(")[0]!)).toBeCloseTo(3 * price - 181.5, 2);
  await expect(ko.getByText("at $60.50 average")).toBeVisible();
  await expectAccessible(page);

  // The same figures on the search result and in the research page's position box. The market
  // may have moved KO a few cents since: the cost is the same, the value near it, and the gain
  // is that card's value less the cost.
  const sameHolding = async (card: Locator) => {
    const shown = await holdingFigures(card);
    expect(shown.cost).toBe(onDashboard.cost);
    expect(Math.abs(dollars(shown.value!) - dollars(onDashboard.value!))).toBeLessThan(3);
    expect(dollars(shown.gain!.split("(")[0]!)).toBeCloseTo(dollars(shown.value!) - 181.5, 2);
  };
  await page.goto("/search-area");
  await page.getByLabel("Stock symbol").fill("KO");
  await page.getByLabel("Stock symbol").press("Enter");
  await sameHolding(page.getByRole("region", { name: /^KO\b/ }));
  await page.goto("/research/KO");
  await sameHolding(page.getByRole("region", { name: "Your Position" }));

  // Watching it removes the marker; Remove is not offered while it is held (it would be refused).
  await page.goto("/stock-dashboard");
  await ko.getByRole("button", { name: "Add to Watchlist" }).click();
  await expect(ko.getByText("Held, not watched")).toHaveCount(0);
  await expect(ko.getByRole("button", { name: "Add to Watchlist" })).toHaveCount(0);
  await expect(ko.getByRole("button", { name: "Remove" })).toHaveCount(0);
});

test("a change that reads as zero is grey with no up or down arrow", async ({ page, request }) => {
  const user = await signedInStockUser(page, request);
  await user.watch("AAPL", "MSFT");
  await rewriteTrpc(page, "watchlist.list", (data) =>
    (data as { symbol: string; snapshot: Record<string, unknown> | null }[]).map((item) =>
      item.symbol === "AAPL" && item.snapshot
        ? { ...item, snapshot: { ...item.snapshot, change: "0", changePercent: 0 } }
        : item,
    ),
  );
  await page.goto("/stock-dashboard");
  const change = figure(stockCard(page, "AAPL"), "Today's Change").locator("[data-direction]");
  await expect(change).toHaveText("$0.00(0.00%)");
  await expect(change).toHaveAttribute("data-direction", "flat");
  await expect(change).toHaveClass(/text-muted/);
  await expect(change).not.toHaveClass(/text-gain|text-loss/);
  // A real move keeps its colour, and its colour follows its sign.
  const msft = figure(stockCard(page, "MSFT"), "Today's Change").locator("[data-direction]");
  const direction = await msft.getAttribute("data-direction");
  const text = await msft.innerText();
  if (direction === "up") expect(text.startsWith("+")).toBe(true);
  if (direction === "down") expect(text.startsWith("-")).toBe(true);
  await expectAccessible(page);
});

test("a coin below a dollar reads at one precision, its volume is a count, and an owned coin that is not watched is on the crypto dashboard", async ({
  page,
  request,
}) => {
  const user = await signedInCryptoUser(page, request);
  await watchViaApi(request, user.token, ["BTC"]);
  await buyViaApi(request, user.token, { symbol: "DOGE", quantity: 100, purchasePrice: 0.1 });
  await rewriteTrpc(page, "crypto.quotes", (data) =>
    (data as { ok: boolean; symbol: string; quote?: Record<string, unknown> }[]).map((result) =>
      result.ok && result.symbol === "DOGE"
        ? {
            ...result,
            quote: {
              ...result.quote,
              price: "0.67123",
              open: "0.66663",
              change: "0.0046",
              changePercent: 0.69,
              high24h: "0.68",
              low24h: "0.66",
              volume: 123_456_789,
            },
          }
        : result,
    ),
  );
  await page.goto("/crypto-dashboard");

  const doge = page.getByRole("article", { name: "DOGE", exact: true });
  await expect(doge.getByText("Held, not watched")).toBeVisible();
  await expect(
    page.getByRole("article", { name: "BTC", exact: true }).getByText("Held, not watched"),
  ).toHaveCount(0);
  await expect(figure(doge, "Current Price")).toHaveText("$0.6712");
  await expect(figure(doge, "24h Change")).toHaveText("+$0.0046(+0.69%)");
  await expect(figure(doge, "Opening Price")).toHaveText("$0.6666");
  await expect(figure(doge, "Volume")).toHaveText("123.46M DOGE");
  expect(await holdingFigures(doge)).toEqual({
    value: "$67.12",
    cost: "$10.00",
    gain: "+$57.12(+571.23%)",
  });
  await expect(doge.getByText("at $0.1000 average")).toBeVisible();
  await expectAccessible(page);

  // The coin's own page shows the position through the same component.
  await page.goto("/crypto/DOGE");
  const position = page.getByRole("region", { name: "Your Position" });
  const figures = await holdingFigures(position);
  expect(figures.cost).toBe("$10.00");
  await expect(position.getByText("100 DOGE")).toBeVisible();
});
