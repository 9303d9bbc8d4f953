import { expect } from "@playwright/test";
import { signedInPortfolioUser } from "./portfolio-support";
import { shootBothThemes } from "./shots";
import { expectAccessible, toastSaid } from "./support";
import { test } from "./polled-prices";

test("sets a target mix, is told by how much it misses, and sees the trades that bring it back", async ({
  page,
  request,
}) => {
  const user = await signedInPortfolioUser(page, request, "Target Setter");
  await user.buy("STOCK", "AAPL", "10", "200", "2026-02-02T15:00:00Z");
  await user.buy("CRYPTO", "BTC", "0.01", "80000", "2026-02-16T15:00:00Z");
  await page.goto("/portfolio-summary");
  const card = page.getByRole("region", { name: "Target mix" });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByLabel("Set targets by")).toHaveValue("assetClass");
  await expect(card.getByText("Total: 0%")).toBeVisible();

  // Two rows: Stocks 60% and Crypto 30%, which the server refuses in its words.
  await card.getByRole("button", { name: "Add target" }).click();
  await expect(card.getByLabel("Slice 1")).toHaveValue("equity");
  await card.getByLabel("Target 1 (%)").fill("60");
  await card.getByRole("button", { name: "Add target" }).click();
  await card.getByLabel("Slice 2").selectOption({ label: "Crypto" });
  await card.getByLabel("Target 2 (%)").fill("30");
  await expect(card.getByText("Total: 90% (10 points short)")).toBeVisible();
  await card.getByRole("button", { name: "Save targets" }).click();
  await expect(
    card.getByText("Target weights must add up to 100%; these add up to 90%, 10 points short."),
  ).toBeVisible();
  await expect(card.getByRole("region", { name: "Rebalance" })).toHaveCount(0);

  await card.getByLabel("Target 2 (%)").fill("40");
  await card.getByRole("button", { name: "Save targets" }).click();
  await toastSaid(page, "Saved your target mix");
  const rebalance = card.getByRole("region", { name: "Rebalance" });
  const drift = rebalance.getByRole("table", { name: "Drift from your targets" });
  await expect(drift.getByRole("row", { name: /^Stocks 60\.00% / })).toBeVisible();
  await expect(drift.getByRole("row", { name: /^Crypto 40\.00% / })).toBeVisible();
  // In cents, as a person counts cash: what whole shares and a coin's 8 places leave.
  await expect(rebalance.getByText(/^Left in cash: \$[\d,]+\.\d{2}$/)).toBeVisible();

  // With cash to invest, buys only.
  await rebalance.getByLabel("Cash to invest (optional)").fill("5000");
  const trades = rebalance.getByRole("table", { name: "Trades that bring it back" });
  await expect(trades.getByRole("row", { name: /^Buy / }).first()).toBeVisible();
  await expect(trades.getByRole("row", { name: /^Sell / })).toHaveCount(0);
  await rebalance.getByLabel("Cash to invest (optional)").fill("abc");
  await expect(rebalance.getByText("Cash to invest must be a number")).toBeVisible();
  await rebalance.getByLabel("Cash to invest (optional)").fill("5000");
  await rebalance.getByLabel("Allow fractional shares").check();
  await expect(trades.getByRole("row", { name: /^Buy AAPL \d+\.\d+ / })).toBeVisible();
  await expectAccessible(page);

  // Read back after a reload, on a phone too.
  await page.setViewportSize({ width: 390, height: 900 });
  await page.reload();
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByLabel("Target 2 (%)")).toHaveValue("40");
  await expect(card.getByRole("region", { name: "Rebalance" })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  // The drift's four columns fit the phone's width: nothing of them is hidden behind a scroll.
  const driftBox = card.getByRole("region", { name: "Drift from your targets" });
  expect(await driftBox.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(
    0,
  );
  await expectAccessible(page);
  await shootBothThemes(page, "targets", async () => {
    await page.getByRole("region", { name: "Target mix" }).scrollIntoViewIfNeeded();
  });
});
