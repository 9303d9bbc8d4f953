import { messages } from "@ledgerline/contracts";
import { expect } from "@playwright/test";
import { login, registerViaApi } from "./support";
import { test } from "./polled-prices";

test("inactivity: a warning with a countdown at 14 minutes, activity extends, 15 idle minutes sign out", async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request, "Idle User");
  await page.clock.install();
  await login(page, user.email, user.password);
  // The session monitor and the toasts load after the signed-in screen's first paint; the timers
  // start once the monitor is there. (Waiting for the network to idle let a slow machine pause
  // the clock before they had arrived.)
  await expect(page.locator("html[data-session-watch]")).toHaveCount(1);
  await expect(page.locator(".Toastify")).toHaveCount(1);
  // From here time moves only when the test says, so the countdown can be read exactly; the
  // mouse move restarts the inactivity timers at the paused instant.
  await page.clock.pauseAt(Date.now() + 2_000);
  await page.mouse.move(10, 10);

  await page.clock.runFor(14 * 60_000 + 500);
  const warning = page.getByText(/You will be logged out in \d+ seconds due to inactivity/);
  await expect(warning).toBeVisible();
  const secondsLeft = async () =>
    Number(/in (\d+) seconds/.exec((await warning.textContent()) ?? "")?.[1]);
  const first = await secondsLeft();
  expect(first).toBeGreaterThanOrEqual(59);
  await page.clock.runFor(3_000);
  await expect.poll(secondsLeft).toBe(first - 3);

  await page.mouse.move(200, 200);
  await page.mouse.move(220, 240);
  await expect(page.getByText(messages.sessionExtended)).toBeVisible();
  // The toast leaves after its exit animation, whose timers run on the paused clock.
  await expect
    .poll(async () => {
      await page.clock.runFor(200);
      return warning.isVisible();
    })
    .toBe(false);

  await page.clock.runFor(14 * 60_000 + 500);
  await expect(warning).toBeVisible();
  await page.clock.runFor(61_000);
  await expect(page).toHaveURL(/\/login\?reason=inactive$/);
  await expect(
    page.getByText("You were signed out after 15 minutes without activity."),
  ).toBeVisible();
});

test("a stored session past its expiry is not restored", async ({ page, request }) => {
  const user = await registerViaApi(request, "Stale User");
  await login(page, user.email, user.password);
  await page.evaluate(() => {
    const stored = JSON.parse(sessionStorage.getItem("user") ?? "{}") as Record<string, unknown>;
    sessionStorage.setItem(
      "user",
      JSON.stringify({ ...stored, expiresAt: new Date(Date.now() - 1000).toISOString() }),
    );
  });
  await page.goto("/landing");
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem("token"))).toBeNull();
});

test("the minute check signs the user out when the token's 12 hours are up, however active", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await registerViaApi(request, "Marathon User");
  await page.clock.install();
  await login(page, user.email, user.password);
  // The session monitor and the toasts load after the signed-in screen's first paint; the timers
  // start once the monitor is there. (Waiting for the network to idle let a slow machine pause
  // the clock before they had arrived.)
  await expect(page.locator("html[data-session-watch]")).toHaveCount(1);
  await expect(page.locator(".Toastify")).toHaveCount(1);
  // Stay active every 10 minutes so that only the token's own expiry can end the session.
  for (let minutes = 0; minutes < 12 * 60; minutes += 10) {
    await page.clock.runFor(10 * 60_000);
    await page.mouse.move(100 + (minutes % 200), 300);
  }
  await page.clock.runFor(2 * 60_000);
  await expect(page).toHaveURL(/\/login$/);
});

test("a session the server no longer knows ends with the next call (401)", async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request, "Revoked User");
  await login(page, user.email, user.password);
  // A page that sends signed-out visitors to /login (the account page, per the spec, sends them
  // to /access-denied, which is where a reload lands when the bell's poll ends the session first).
  await page.getByRole("link", { name: "Transaction History" }).first().click();
  await expect(page.getByRole("heading", { name: "Transaction History", level: 1 })).toBeVisible();
  const token = await page.evaluate(() => sessionStorage.getItem("token"));
  // Signed out elsewhere: the server forgets the session while this tab still holds the token.
  await request.post("/api/auth/logout", { headers: { authorization: `Bearer ${token}` } });
  // The next call may be the page's own (the notification bell polls): any call ends it.
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem("token"))).toBeNull();
});

test("Logout then Back asks to sign in again, not 'Access denied'", async ({ page, request }) => {
  const user = await registerViaApi(request, "Back After Logout");
  await login(page, user.email, user.password);
  // Pages that send a stranger to /access-denied (spec section 2).
  for (const [link, path] of [
    ["Account", /\/account$/],
    ["Stock Search", /\/search-area$/],
  ] as const) {
    if (link !== "Account") await login(page, user.email, user.password);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: link, exact: true })
      .click();
    await expect(page).toHaveURL(path);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
    await expect(page.getByText(messages.registeredUsersOnly)).toBeHidden();
    // A reload there is still this tab's signed-out reader.
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login$/);
  }
});
