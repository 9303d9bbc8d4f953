import { test as base, type Request } from "@playwright/test";

/** An API answer slower than this is written to the run's log, to explain a timeout after it. */
const SLOW_ANSWER_MS = 5_000;

/** The API path a request asked for, its tRPC procedures included. */
const apiPath = (request: Request) => decodeURIComponent(new URL(request.url()).pathname);

/**
 * The `test` of the specs written against polled prices: the live-price stream is closed, so each
 * screen shows what its polls (and a spec's rewritten answers) say, and pages reach network idle.
 * `live-prices.spec.ts` and `price-alerts.spec.ts` keep the stream.
 *
 * Slow and failed API answers are written to the log as they happen, and a failed test also
 * writes the API requests still unanswered when it ended: failure-digest.ts repeats those lines
 * at the end of the run, where a CI log's tail shows them.
 */
export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    await page.route(/\/api\/trpc\/live\.quotes/, (route) => route.abort());
    const unanswered = new Map<Request, number>();
    page.on("request", (request) => {
      const url = request.url();
      if (url.includes("/api/") && !url.includes("live.quotes"))
        unanswered.set(request, Date.now());
    });
    page.on("requestfailed", (request) => unanswered.delete(request));
    page.on("requestfinished", async (request) => {
      if (!unanswered.delete(request)) return;
      const { responseEnd } = request.timing();
      const status = (await request.response().catch(() => null))?.status() ?? 0;
      if (responseEnd >= SLOW_ANSWER_MS) {
        console.log(
          `[slow answer] ${testInfo.title}: ${apiPath(request)} in ${Math.round(responseEnd)} ms`,
        );
      } else if (status >= 500) {
        console.log(`[failed answer] ${testInfo.title}: ${apiPath(request)} answered ${status}`);
      }
    });
    await use(page);
    if (testInfo.status === testInfo.expectedStatus) return;
    for (const [request, sentAt] of unanswered) {
      const waited = Math.round(Date.now() - sentAt);
      console.log(`[unanswered] ${testInfo.title}: ${apiPath(request)} after ${waited} ms`);
    }
  },
});
