import { expect } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expectAccessible, login, registerViaApi, signInViaApi } from "./support";
import { test } from "./polled-prices";

test("a user creates an API key in account settings, a script uses it, revoking it or a new password stops it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await registerViaApi(request, "Key Holder");
  await signInViaApi(page, user.email, user.password);
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await page.getByLabel("Key name", { exact: true }).fill("nightly report");
  await page.getByLabel("Scope").selectOption("read");
  // A key outlives the session, so creating one asks for the password again.
  await page.getByLabel("Password to create a key").fill("not-my-password");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByRole("alert")).toContainText("Current password is incorrect");
  await page.getByLabel("Password to create a key").fill(user.password);
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByLabel("New API key");
  await expect(shown).toHaveValue(/^ll_/);
  const key = await shown.inputValue();
  const row = page.getByRole("row", { name: /nightly report/ });
  await expect(row).toContainText("Read only");
  // The app's one date style (Mar 2, 2026, 3:04 PM), not the browser's locale string.
  await expect(row.getByRole("cell").nth(2)).toHaveText(
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/,
  );
  // Each header reads as a word of its own, apart from its neighbours.
  const headers = page.getByRole("columnheader");
  await expect(headers.nth(1)).toHaveText("Scope");
  const [scope, created] = await Promise.all([
    headers.nth(1).boundingBox(),
    headers.nth(2).boundingBox(),
  ]);
  expect((created?.x ?? 0) - ((scope?.x ?? 0) + (scope?.width ?? 0))).toBeGreaterThanOrEqual(0);
  const scopeText = await headers
    .nth(1)
    .evaluate((cell) => parseFloat(getComputedStyle(cell).paddingRight));
  expect(scopeText).toBeGreaterThanOrEqual(8);
  // The scope select shows its whole choice.
  const select = page.getByLabel("Scope");
  expect(await select.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expect(page.getByRole("link", { name: "Read the API reference" })).toHaveAttribute(
    "href",
    "/api/docs",
  );
  await expect(page.getByLabel("Password to create a key")).toHaveValue("");
  await expectAccessible(page);

  const reading = await request.get("/api/portfolio", {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(reading.status()).toBe(200);
  const trading = await request.post("/api/savedstocks/AAPL", {
    headers: { authorization: `Bearer ${key}` },
    data: {},
  });
  expect(trading.status()).toBe(403);

  // Revoking asks first: Cancel keeps the key.
  await page.getByRole("button", { name: "Revoke nightly report" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke nightly report?" });
  await expect(confirm).toContainText("stop working at once");
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toBeVisible();
  expect(
    (await request.get("/api/portfolio", { headers: { authorization: `Bearer ${key}` } })).status(),
  ).toBe(200);
  await page.getByRole("button", { name: "Revoke nightly report" }).click();
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("row", { name: /nightly report/ })).toHaveCount(0);
  // A revoked key is no longer offered for copying.
  await expect(page.getByLabel("New API key")).toHaveCount(0);
  await expect(page.getByText("Copy the key now")).toHaveCount(0);
  const revoked = await request.get("/api/portfolio", {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(revoked.status()).toBe(401);

  // A new password revokes every key, as the change-password card says.
  await page.getByLabel("Key name", { exact: true }).fill("weekly report");
  await page.getByLabel("Password to create a key").fill(user.password);
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByRole("row", { name: /weekly report/ })).toBeVisible();
  const weekly = await page.getByLabel("New API key").inputValue();
  await expect(page.getByText("signed out and your API keys revoked")).toBeVisible();
  await page.getByLabel("Current password").fill(user.password);
  await page.getByLabel("New password", { exact: true }).fill("fresh-walnut-78");
  await page.getByLabel("Confirm new password").fill("fresh-walnut-78");
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Password updated successfully")).toBeVisible();
  const afterChange = await request.get("/api/portfolio", {
    headers: { authorization: `Bearer ${weekly}` },
  });
  expect(afterChange.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await expect(page.getByRole("row", { name: /weekly report/ })).toHaveCount(0);
});

test("a user turns on two-factor sign-in, signs in with a code, and turns it off with a recovery code", async ({
  page,
  request,
}) => {
  // Waiting out the code that turned it on takes up to 30 s, on a busy machine more.
  test.setTimeout(120_000);
  const user = await registerViaApi(request, "Two Factor");
  await login(page, user.email, user.password);
  await page.goto("/account");
  await page.getByLabel("Password to set it up").fill(user.password);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("mfa-secret").textContent()) ?? "";
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  await expectAccessible(page);
  await page.getByLabel("Code from the app").fill(totp.generate());
  await page.getByRole("button", { name: "Turn on" }).click();
  const recoveryCodes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(recoveryCodes).toHaveCount(10);
  const recoveryCode = (await recoveryCodes.first().textContent()) ?? "";
  await expectAccessible(page);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const codeField = page.getByLabel("Authentication code");
  await expect(codeField).toBeVisible();
  await expectAccessible(page);
  // The code that turned it on may not be used twice: wait for the next one.
  const used = totp.generate();
  await expect.poll(() => totp.generate(), { intervals: [1000], timeout: 35_000 }).not.toBe(used);
  await codeField.fill(totp.generate());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/landing$/);

  // Turning it off takes the password and a second factor: a recovery code stands in for the app.
  await page.goto("/account");
  await page.getByLabel("Password to turn it off").fill(user.password);
  await page.getByLabel("Code from the app, or a recovery code").fill("000000");
  await page.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right");
  await expectAccessible(page);
  await page.getByLabel("Code from the app, or a recovery code").fill(recoveryCode);
  await page.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
  await expect(page.getByText("Off: add a code from an authenticator app")).toBeVisible();
  await expect(page.getByLabel("Password to set it up")).toHaveValue("");
});
