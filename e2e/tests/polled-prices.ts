import { test as base } from "@playwright/test";

/**
 * The `test` of the specs written against polled prices: the live-price stream is closed, so each
 * screen shows what its polls (and a spec's rewritten answers) say, and pages reach network idle.
 * `live-prices.spec.ts` and `price-alerts.spec.ts` keep the stream.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.route(/\/api\/trpc\/live\.quotes/, (route) => route.abort());
    await use(page);
  },
});
