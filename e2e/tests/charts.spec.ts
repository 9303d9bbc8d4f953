import { expect, type Locator } from "@playwright/test";
import { signedInCryptoUser } from "./crypto-support";
import { signedInPortfolioUser } from "./portfolio-support";
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
    // A chart is drawn when it comes near the screen: the coin's is below a phone's fold.
    await history.evaluate((region) => region.scrollIntoView({ block: "end" }));
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

test("a chart below a phone's fold is drawn when it is scrolled to, in a frame of its own size", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInCryptoUser(page, request);
  await page.goto("/crypto/BTC");
  const history = page.getByRole("region", { name: "Historical Data for BTC" });
  // The history has arrived (its legend reads the latest day), the chart is not yet made.
  await expect(history.getByTestId("chart-legend").getByText("Closing Price")).toBeVisible();
  await expect(history.locator("canvas")).toHaveCount(0);
  const frame = (await history.boundingBox())!;
  await history.evaluate((region) => region.scrollIntoView({ block: "end" }));
  await expect(history.locator("canvas").first()).toBeVisible();
  // The frame kept its size: nothing below it moved when the chart came.
  expect((await history.boundingBox())!.height).toBe(frame.height);
  await expectAccessible(page);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  const longDate = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2}, \d{4}$/;
  const money = /^\$[\d,]+\.\d{2,}$/;

  /**
   * The element's box once it is on the screen and stays put for a frame. What loads around a
   * chart after it was scrolled to can move it: a tap at a box measured before (once at y 880 on
   * an 844 px screen) touches nothing.
   */
  async function settledBoxOnScreen(element: Locator) {
    const page = element.page();
    const nextFrame = () => page.evaluate(() => new Promise(requestAnimationFrame));
    let box: Awaited<ReturnType<Locator["boundingBox"]>> = null;
    await expect(async () => {
      await element.evaluate((node) => node.scrollIntoView({ block: "center" }));
      await nextFrame();
      const before = await element.boundingBox();
      await nextFrame();
      box = await element.boundingBox();
      expect(box).toEqual(before);
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    }).toPass();
    return box!;
  }

  /** Taps a chart's canvas at a share of its width, half-way down. */
  async function tapChart(chart: Locator, share: number) {
    // A chart is drawn when it comes near the screen.
    await chart.evaluate((region) => region.scrollIntoView({ block: "end" }));
    const canvas = chart.locator("canvas").first();
    await expect(canvas).toBeVisible();
    // Made in idle moments: the frame is busy until the chart has its series.
    await expect(chart.locator('[aria-busy="true"]')).toHaveCount(0);
    const box = await settledBoxOnScreen(canvas);
    // The library's overlay canvas lies on top: a tap at the point, not on an element.
    await chart.page().touchscreen.tap(box.x + box.width * share, box.y + box.height / 2);
    // Two taps within half a second are one double tap to the chart library, which drops the
    // second. Its half-second timer is waited out in the page: a timer set later for longer runs
    // after it, whereas a wait in the test can end first on a busy machine, where the page puts
    // input before overdue timers.
    await chart.page().evaluate(() => new Promise((done) => setTimeout(done, 550)));
  }

  /** The tooltip shows a date and a price, and stays inside the chart and the screen. */
  async function expectTooltipInside(chart: Locator) {
    const tooltip = chart.getByTestId("chart-tooltip");
    await expect(tooltip.getByText(longDate)).toBeVisible();
    await expect(tooltip.getByText(money).first()).toBeVisible();
    const tip = (await tooltip.boundingBox())!;
    const frame = (await chart.getByRole("img").boundingBox())!;
    expect(tip.x).toBeGreaterThanOrEqual(frame.x - 1);
    expect(tip.x + tip.width).toBeLessThanOrEqual(Math.min(frame.x + frame.width, 390) + 1);
    expect(tip.y).toBeGreaterThanOrEqual(frame.y - 1);
    expect(tip.y + tip.height).toBeLessThanOrEqual(frame.y + frame.height + 1);
    return tooltip;
  }

  test("a tap on the value or a price chart shows that day's figures; a tap outside hides them", async ({
    page,
    request,
  }) => {
    const user = await signedInPortfolioUser(page, request, "Chart Tapper");
    await user.buy("STOCK", "AAPL", "10", "200", "2026-02-16T15:00:00Z");

    await page.goto("/portfolio-summary");
    const value = page.getByRole("region", { name: "Portfolio Value" });
    await expect(value.getByRole("img")).toHaveAccessibleName(/^Line chart/);
    await tapChart(value, 0.3);
    const valueTip = await expectTooltipInside(value);
    await expect(valueTip).toContainText("Value");
    const first = await valueTip.getByText(longDate).textContent();
    // Another tap moves it to another day.
    await tapChart(value, 0.7);
    await expect(valueTip.getByText(longDate)).not.toHaveText(first!);
    await expectTooltipInside(value);
    await page.getByRole("heading", { name: "Stock Portfolio", exact: true }).tap();
    await expect(valueTip).toBeHidden();

    await page.goto("/research/AAPL");
    const history = page.getByRole("region", { name: "Historical Data for AAPL" });
    await expect(history.getByRole("img")).toHaveAccessibleName(/^Line chart/);
    await tapChart(history, 0.5);
    const priceTip = await expectTooltipInside(history);
    await expect(priceTip).toContainText("Closing Price");
    await expect(priceTip.getByText(money)).toHaveCount(2);
    await expectAccessible(page);
    await history.getByRole("heading").tap();
    await expect(priceTip).toBeHidden();

    // The coin page's legend above the chart reads the tapped day instead of the latest.
    await page.goto("/crypto/BTC");
    const coin = page.getByRole("region", { name: "Historical Data for BTC" });
    const legend = coin.getByTestId("chart-legend");
    const day = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;
    await expect(legend.getByText(day)).toBeVisible();
    const latest = await legend.getByText(day).textContent();
    await tapChart(coin, 0.15);
    await expect(legend.getByText(day)).not.toHaveText(latest!);
    await expect(legend.getByText(money).first()).toBeVisible();
    await coin.getByRole("heading").tap();
    await expect(legend.getByText(day)).toHaveText(latest!);
  });
});
