import { expect } from "@playwright/test";
import { signedInCryptoUser } from "./crypto-support";
import { expectAccessible } from "./support";
import { signedInStockUser } from "./stocks-support";
import { test } from "./polled-prices";

// Issue 9: an empty portfolio's chart says so instead of drawing an empty frame, and charts fit
// a phone's width.
test.describe.configure({ timeout: 90_000 });

test("a portfolio with no history shows a message in the value chart's place", async ({
  page,
  request,
}) => {
  await signedInStockUser(page, request);
  await page.goto("/portfolio-summary");
  const chart = page.getByRole("region", { name: "Portfolio Value" });
  await expect(
    chart.getByText(
      "No history yet: your portfolio's value is charted here from your first trade.",
    ),
  ).toBeVisible();
  await expect(chart.getByRole("img")).toBeHidden();
  await expect(chart.locator("canvas").first()).toBeHidden();
  await expectAccessible(page);
});

test("price charts fit a 390 px phone, axis and all", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInCryptoUser(page, request);
  for (const path of ["/research/AAPL", "/crypto/DOGE"]) {
    await page.goto(path);
    const history = page.getByRole("region", { name: /^Historical Data for/ });
    const canvas = history.locator("canvas").first();
    await expect(canvas).toBeVisible();
    const box = (await history.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  }
  await expectAccessible(page);
});
