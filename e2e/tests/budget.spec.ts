import { gzipSync } from "node:zlib";
import { languageCookie, webLanguages } from "@ledgerline/contracts";
import { expect, type Page } from "@playwright/test";
import { test } from "./polled-prices";

/**
 * Gzip size of every script the page loads until its app has started and the network is quiet.
 * A prerendered page asks for the app's entry only after its first paint (boot.js); on a loaded
 * machine that came after the network had already been quiet long enough to count as idle, and
 * the page measured 0.5 KB. So the entry named in the page's HTML is awaited, then quiet again.
 */
async function initialScriptBytes(page: Page, path: string): Promise<number> {
  const html = await (await page.request.get(path)).text();
  const entry = /data-entry="([^"]+)"/.exec(html)?.[1];
  expect(entry, `${path} is prerendered and names its app's entry`).toBeTruthy();
  const bodies: Promise<Buffer>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") bodies.push(response.body());
  });
  const entryLoaded = page.waitForResponse(
    (response) => new URL(response.url()).pathname === entry,
  );
  await page.goto(path, { waitUntil: "networkidle" });
  await entryLoaded;
  // Quiet: no resource finished in the last half second (the entry's imports follow it).
  await page.evaluate(
    () =>
      new Promise<void>((quiet) => {
        let finished = -1;
        const check = () => {
          const now = performance.getEntriesByType("resource").length;
          if (now === finished) quiet();
          else {
            finished = now;
            setTimeout(check, 500);
          }
        };
        check();
      }),
  );
  return (await Promise.all(bodies)).reduce(
    (sum, body) => sum + gzipSync(body, { level: 9 }).length,
    0,
  );
}

// The first visit to home and login: at most 105.5 KB gzip of JavaScript (the design file's 110 KB,
// lowered to what issue 35 reached, 105.13 KB at most, so it cannot creep back; decision 0082 says
// why its 95 KB aim is out of reach with React), in each language's build (decision 0065), which
// the server picks by the language cookie.
for (const language of webLanguages)
  for (const path of ["/", "/login"]) {
    test(`initial JavaScript of ${path} in ${language} stays within 105.5 KB gzip`, async ({
      page,
      baseURL,
    }) => {
      await page.context().addCookies([{ name: languageCookie, value: language, url: baseURL! }]);
      const bytes = await initialScriptBytes(page, path);
      console.log(`initial JS for ${path} (${language}): ${(bytes / 1024).toFixed(2)} KB gzip`);
      expect(bytes).toBeLessThanOrEqual(105.5 * 1024);
    });
  }
