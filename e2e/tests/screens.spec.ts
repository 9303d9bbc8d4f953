import { expect, test } from "@playwright/test";
import { demo, expectAccessible, login } from "./support";

// Issue 9, "Every screen behaves like real software".

test("every page names itself in the document title", async ({ page }) => {
  const publicPages: [string, string][] = [
    ["/", "Ledgerline · Your stocks and crypto, tracked exactly"],
    ["/login", "Sign in · Ledgerline"],
    ["/register", "Create your account · Ledgerline"],
    ["/forgot-password", "Forgot password · Ledgerline"],
    ["/terms", "Terms of Service · Ledgerline"],
    ["/privacy", "Privacy Policy · Ledgerline"],
  ];
  for (const [path, title] of publicPages) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
  // The prerendered HTML carries the page's title before any script runs.
  const html = await (await page.request.get("/login")).text();
  expect(html).toContain("<title>Sign in · Ledgerline</title>");

  await login(page, demo.admin.email, demo.admin.password);
  await expect(page).toHaveTitle("Home · Ledgerline");
  const signedIn: [string, string][] = [
    ["/research/aapl", "AAPL research · Ledgerline"],
    ["/transaction-history", "Transaction History · Ledgerline"],
    ["/portfolio-summary", "Portfolio Summary · Ledgerline"],
    ["/stock-dashboard", "Stock Dashboard · Ledgerline"],
    ["/search-area", "Stock Search · Ledgerline"],
    ["/crypto-dashboard", "Crypto Dashboard · Ledgerline"],
    ["/crypto", "Crypto Search · Ledgerline"],
    ["/crypto/BTC", "BTC crypto · Ledgerline"],
    ["/account", "Account Settings · Ledgerline"],
    ["/users", "User Management · Ledgerline"],
    ["/audit-logs", "Audit Logs · Ledgerline"],
  ];
  for (const [path, title] of signedIn) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
  // Client-side navigation renames the tab too.
  await page.getByRole("link", { name: "Ledgerline", exact: true }).first().click();
  await expect(page).toHaveTitle("Home · Ledgerline");
  await expectAccessible(page);
});

test("/favicon.ico answers with the app's icon", async ({ request }) => {
  const response = await request.get("/favicon.ico");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  const body = await response.body();
  // An ICO directory: reserved 0, type 1 (icon), at least one image.
  expect([body.readUInt16LE(0), body.readUInt16LE(2)]).toEqual([0, 1]);
  expect(body.readUInt16LE(4)).toBeGreaterThan(0);
});
