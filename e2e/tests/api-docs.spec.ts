import { expect } from "@playwright/test";
import { test } from "./polled-prices";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

for (const path of ["/api/docs", "/api/docs/"]) {
  test(`the REST API docs at ${path} render on a phone without sideways scrolling`, async ({
    page,
  }) => {
    const failed: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(path);
    await expect(page.getByRole("heading", { name: /Ledgerline REST API/ })).toBeVisible();
    await expect(page.getByText("/api/portfolio/{id}/sell").first()).toBeVisible();
    expect(failed).toEqual([]);
    // Laid out at the phone's width, not as a zoomed-out desktop page.
    expect(await page.evaluate(() => window.innerWidth)).toBe(390);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
