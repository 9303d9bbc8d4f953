import { expect } from "@playwright/test";
import {
  demo,
  expectAccessible,
  login,
  openLanding,
  registerViaApi,
  signInViaApi,
} from "./support";
import { test } from "./polled-prices";

// Issue 9, "Every screen behaves like real software".

test("every page names itself in the document title", async ({ page }) => {
  test.setTimeout(120_000);
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
    ["/import", "Import · Ledgerline"],
    ["/income", "Dividend Income · Ledgerline"],
    ["/alerts", "Price Alerts · Ledgerline"],
    ["/users", "User Management · Ledgerline"],
    ["/audit-logs", "Audit Logs · Ledgerline"],
    ["/corporate-actions", "Corporate Actions · Ledgerline"],
    ["/jobs", "Background Jobs · Ledgerline"],
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

test("a start date after the end date is refused beside the filters, and nothing is sent", async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request, "Date Order");
  await signInViaApi(page, user.email, user.password);
  await page.goto("/transaction-history");
  // The loaded page, not its heading: the prerendered shell paints the heading from the HTML
  // before the page's code has asked for its rows.
  await expect(page.getByRole("cell", { name: /^No transactions yet\./ })).toBeVisible();
  const listCalls: string[] = [];
  page.on("request", (sent) => {
    if (sent.url().includes("transactions.list")) listCalls.push(sent.url());
  });
  await page.getByLabel("Start Date").fill("2026-03-10T10:00");
  await page.getByLabel("End Date").fill("2026-03-01T10:00");
  await page.getByRole("button", { name: "Apply Filters" }).click();
  const problem = page
    .getByRole("alert")
    .filter({ hasText: "Start Date must be on or before End Date." });
  await expect(problem).toBeVisible();
  await expect(page.getByLabel("Start Date")).toHaveAttribute("aria-invalid", "true");
  await expect(page).not.toHaveURL(/startDate=/);
  await expectAccessible(page);
  expect(listCalls).toEqual([]);

  // In order, the filters apply.
  await page.getByLabel("End Date").fill("2026-03-20T10:00");
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(/startDate=/);
  await expect(problem).toHaveCount(0);
});

test("a 4xx answer is not retried: the page says what failed once and offers Retry", async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request, "No Retry");
  await signInViaApi(page, user.email, user.password);
  let listCalls = 0;
  page.on("request", (sent) => {
    if (sent.url().includes("transactions.list")) listCalls += 1;
  });
  // A shared link with the dates the wrong way round: the server answers 400.
  await page.goto(
    "/transaction-history?startDate=2026-03-10T00%3A00%3A00.000Z&endDate=2026-03-01T00%3A00%3A00.000Z",
  );
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByRole("button", { name: "Retry" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Transaction History" })).toBeVisible();
  await expectAccessible(page);
  await page.waitForLoadState("networkidle");
  expect(listCalls).toBe(1);
  await page.getByRole("button", { name: "Retry" }).click();
  await expect.poll(() => listCalls).toBe(2);
});

test("audit events read as words, and the whole column header sorts", async ({ page }) => {
  await signInViaApi(page, demo.admin.email, demo.admin.password);
  await page.goto("/audit-logs");
  await expect(page.getByRole("cell", { name: "Signed in" }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "LOGIN", exact: true })).toHaveCount(0);

  // A click at the far right of the header cell, away from its label, sorts too.
  const email = page.getByRole("columnheader", { name: "Email" });
  const box = (await email.boundingBox())!;
  await page.mouse.click(box.x + box.width - 4, box.y + box.height - 4);
  await expect(email).toHaveAttribute("aria-sort", "ascending");
  await expect(page).toHaveURL(/sortBy=email/);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the admin tables are usable at 390 px (${colorScheme})`, async ({ page, request }) => {
    // Two tables, their screenshots and axe passes ran past 60 s at load 14.
    test.slow();
    const someone = await registerViaApi(request, "Phone Managed");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme });
    await signInViaApi(page, demo.admin.email, demo.admin.password);

    await page.goto("/users");
    // On a phone each user is a card: nothing to scroll sideways, and its actions in view.
    await expect(page.getByRole("button", { name: `Delete ${someone.email}` })).toBeVisible();
    await expect(page.getByText("Scroll sideways for more columns")).toHaveCount(0);
    const remove = page.getByRole("button", { name: `Delete ${someone.email}` });
    await remove.scrollIntoViewIfNeeded();
    await expect(remove).toBeInViewport({ ratio: 1 });
    await expect(
      page.getByRole("button", { name: `Reset password of ${someone.email}` }),
    ).toBeInViewport({ ratio: 1 });
    await expectAccessible(page);
    await remove.click();
    await expect(page.getByRole("dialog", { name: "Delete user" })).toBeVisible();
    await page.keyboard.press("Escape");

    // Filtered to the user: the other workers' events fill the first page within seconds.
    await page.goto(`/audit-logs?email=${encodeURIComponent(someone.email)}`);
    await expect(page.getByText(someone.email).first()).toBeVisible();
    await expect(page.getByText("Scroll sideways for more columns")).toHaveCount(0);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });
}

test("Escape returns focus to the opening button, and Back closes a dialog before leaving", async ({
  page,
  request,
}) => {
  const someone = await registerViaApi(request, "Dialog Subject");
  await signInViaApi(page, demo.admin.email, demo.admin.password);
  await openLanding(page);
  await page.getByRole("link", { name: "User Management" }).first().click();
  await expect(page).toHaveURL(/\/users$/);

  const opener = page.getByRole("button", { name: `Reset password of ${someone.email}` });
  await opener.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  const remove = page.getByRole("button", { name: `Delete ${someone.email}` });
  await remove.click();
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
  // With no dialog open, Back leaves the page as usual.
  await page.goBack();
  await expect(page).toHaveURL(/\/landing$/);
});

test("a signed-in page loads without its layout jumping", async ({ page }) => {
  await signInViaApi(page, demo.user.email, demo.user.password);
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/portfolio-summary");
  await expect(page.getByRole("heading", { name: "Stock Portfolio", exact: true })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  const total = await page.evaluate(() =>
    (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
  );
  expect(total).toBeLessThan(0.1);
});

test("the footer's year is the reader's, not one written in the source", async ({ page }) => {
  await page.clock.setFixedTime(new Date("2031-06-15T12:00:00Z"));
  await page.goto("/terms");
  await expect(page.getByRole("contentinfo")).toContainText("© 2031 Ledgerline.");
});

test("the home page's figure tiles fit their boxes on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const tiles = page.getByTestId("home-tiles").locator(":scope > div");
  await expect(tiles).toHaveCount(3);
  for (const tile of await tiles.all()) {
    const fit = await tile.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const parts = [...element.querySelectorAll("p")].map((part) => part.getBoundingClientRect());
      return {
        inside: parts.every((part) => part.left >= box.left && part.right <= box.right),
        // The label, the value and the change on one line each, side by side.
        oneLine: parts.every((part) => part.height <= 24),
      };
    });
    expect(fit).toEqual({ inside: true, oneLine: true });
  }
});
