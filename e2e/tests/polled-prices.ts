import { test as base } from "@playwright/test";

/** An API answer slower than this is written to the run's log, to explain a timeout after it. */
const SLOW_ANSWER_MS = 5_000;

/**
 * The `test` of the specs written against polled prices: the live-price stream is closed, so each
 * screen shows what its polls (and a spec's rewritten answers) say, and pages reach network idle.
 * `live-prices.spec.ts` and `price-alerts.spec.ts` keep the stream.
 */
export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    await page.route(/\/api\/trpc\/live\.quotes/, (route) => route.abort());
    page.on("requestfinished", (request) => {
      const { responseEnd } = request.timing();
      if (!request.url().includes("/api/") || responseEnd < SLOW_ANSWER_MS) return;
      const path = decodeURIComponent(new URL(request.url()).pathname);
      console.log(`[slow answer] ${testInfo.title}: ${path} in ${Math.round(responseEnd)} ms`);
    });
    await use(page);
  },
});
