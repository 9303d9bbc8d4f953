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

test("the REST API docs page shows no Fastify branding and nothing the CSP refuses", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { name: /Ledgerline REST API/ })).toBeVisible();
  await expect(page.getByText("/api/portfolio/{id}/sell").first()).toBeVisible();
  // The licence links the terms the API is used under.
  await expect(page.getByRole("link", { name: /Terms of Service/ })).toHaveAttribute(
    "href",
    /^http:\/\/127\.0\.0\.1:\d+\/terms$/,
  );
  // Swagger UI's top bar carried Fastify's logo over Swagger's, whose inline <style> the CSP refused.
  await expect(page.locator(".topbar")).toHaveCount(0);
  await expect(page.locator('link[rel="icon"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});
