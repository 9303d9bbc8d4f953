import { gzipSync } from "node:zlib";
import { expect, type Page } from "@playwright/test";
import { test } from "./polled-prices";

/** Gzip size of every script the page loads until the network is quiet. */
async function initialScriptBytes(page: Page, path: string): Promise<number> {
  const bodies: Promise<Buffer>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") bodies.push(response.body());
  });
  await page.goto(path, { waitUntil: "networkidle" });
  return (await Promise.all(bodies)).reduce(
    (sum, body) => sum + gzipSync(body, { level: 9 }).length,
    0,
  );
}

// The design file's budget: at most 110 KB gzip of JavaScript for the first visit to home and login.
for (const path of ["/", "/login"]) {
  test(`initial JavaScript of ${path} stays within 110 KB gzip`, async ({ page }) => {
    const bytes = await initialScriptBytes(page, path);
    console.log(`initial JS for ${path}: ${(bytes / 1024).toFixed(1)} KB gzip`);
    expect(bytes).toBeLessThanOrEqual(110 * 1024);
  });
}
