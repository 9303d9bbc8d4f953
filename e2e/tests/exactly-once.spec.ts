import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { buyViaApi, cryptoCard, signedInCryptoUser, watchViaApi } from "./crypto-support";
import { expectAccessible } from "./support";
import { signedInStockUser, stockCard } from "./stocks-support";
import { test } from "./polled-prices";

/**
 * A confirmed trade happens once, however the confirm is clicked: a double- or triple-click on
 * the step's button or on the confirm button, or a second try after the first answer was lost.
 */

const dialog = (page: Page) => page.getByRole("dialog");

interface Trade {
  type: "STOCK" | "CRYPTO";
  symbol: string;
  transactionType: "BUY" | "SELL";
  quantity: number;
}

async function history(request: APIRequestContext, token: string): Promise<Trade[]> {
  const response = await request.get("/api/transaction", {
    headers: { authorization: `Bearer ${token}` },
    params: { sortBy: "transactionDate", sortOrder: "desc" },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Trade[];
}

/** The step's button and then the confirm button, each clicked `clicks` times in one gesture. */
async function confirmWith(
  page: Page,
  clicks: 2 | 3,
  step: { fields: [label: string, value: string][]; submit: string; confirm: string },
) {
  for (const [label, value] of step.fields) await dialog(page).getByLabel(label).fill(value);
  const before = await dialog(page).boundingBox();
  await dialog(page).getByRole("button", { name: step.submit }).click({ clickCount: clicks });
  // The dialog stays open and in place while it moves to its confirm step.
  await expect(dialog(page)).toHaveAccessibleName(step.confirm);
  expect(await dialog(page).boundingBox()).toEqual(before);
  await dialog(page).getByRole("button", { name: step.confirm }).click({ clickCount: clicks });
  await expect(dialog(page)).toBeHidden();
}

const stockBuy = (quantity: string) => ({
  fields: [["Quantity to Add", quantity]] as [string, string][],
  submit: "Add Shares",
  confirm: "Confirm Purchase",
});
const stockSell = (quantity: string) => ({
  fields: [["Quantity to Remove", quantity]] as [string, string][],
  submit: "Remove Shares",
  confirm: "Confirm Sale",
});

for (const clicks of [2, 3] as const) {
  test(`stock buy, buy more and sell each trade once on ${clicks === 2 ? "a double" : "a triple"}-click`, async ({
    page,
    request,
  }) => {
    const user = await signedInStockUser(page, request);
    await user.watch("MSFT");
    await page.goto("/stock-dashboard");
    const card = stockCard(page, "MSFT");

    await card.getByRole("button", { name: "Buy Stock" }).click();
    await confirmWith(page, clicks, stockBuy("10"));
    await expect(card.getByText("10 shares")).toBeVisible();
    expect(await history(request, user.token)).toHaveLength(1);

    await card.getByRole("button", { name: "Buy Stock" }).click();
    await confirmWith(page, clicks, stockBuy("2"));
    await expect(card.getByText("12 shares")).toBeVisible();
    expect(await history(request, user.token)).toHaveLength(2);

    await card.getByRole("button", { name: "Sell Stock" }).click();
    await confirmWith(page, clicks, stockSell("7.5"));
    await expect(card.getByText("4.5 shares")).toBeVisible();
    const trades = await history(request, user.token);
    expect(trades.map((trade) => [trade.transactionType, trade.quantity])).toEqual([
      ["SELL", 7.5],
      ["BUY", 2],
      ["BUY", 10],
    ]);
  });

  test(`crypto buy and sell each trade once on ${clicks === 2 ? "a double" : "a triple"}-click`, async ({
    page,
    request,
  }) => {
    const user = await signedInCryptoUser(page, request);
    await watchViaApi(request, user.token, ["ETH"]);
    await page.goto("/crypto-dashboard");
    const card: Locator = cryptoCard(page, "Your Crypto Watchlist", "ETH");

    await card.getByRole("button", { name: "Buy Crypto" }).click();
    await confirmWith(page, clicks, {
      fields: [["Quantity to Add", "0.5"]],
      submit: "Add Crypto",
      confirm: "Confirm Purchase",
    });
    await expect(card.getByText("0.5 ETH")).toBeVisible();

    await card.getByRole("button", { name: "Sell Crypto" }).click();
    await confirmWith(page, clicks, {
      fields: [["Quantity to Remove", "0.2"]],
      submit: "Remove Crypto",
      confirm: "Confirm Sale",
    });
    await expect(card.getByText("0.3 ETH")).toBeVisible();
    const trades = await history(request, user.token);
    expect(trades.map((trade) => [trade.type, trade.transactionType, trade.quantity])).toEqual([
      ["CRYPTO", "SELL", 0.2],
      ["CRYPTO", "BUY", 0.5],
    ]);
  });
}

test("confirming again after the first answer was lost makes one trade, not two", async ({
  page,
  request,
}) => {
  const user = await signedInCryptoUser(page, request);
  await watchViaApi(request, user.token, ["BTC"]);
  await buyViaApi(request, user.token, { symbol: "BTC", quantity: 1, purchasePrice: 50_000 });
  await page.goto("/crypto-dashboard");
  const card = cryptoCard(page, "Your Crypto Watchlist", "BTC");

  // The server makes the trade, but its answer never reaches the browser (a dropped connection).
  let dropped = false;
  await page.route("**/api/trpc/cryptoPortfolio.buyMore*", async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort("connectionreset");
  });

  await card.getByRole("button", { name: "Buy Crypto" }).click();
  await dialog(page).getByLabel("Quantity to Add").fill("0.25");
  await dialog(page).getByRole("button", { name: "Add Crypto" }).click();
  await dialog(page).getByRole("button", { name: "Confirm Purchase" }).click();
  await expect(dialog(page).getByRole("alert")).toBeVisible();
  await expectAccessible(page);
  // The user tries the same confirmation again: the server answers the trade it already made.
  await dialog(page).getByRole("button", { name: "Confirm Purchase" }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(card.getByText("1.25 BTC")).toBeVisible();
  expect(dropped).toBe(true);
  expect(await history(request, user.token)).toHaveLength(2);
});
