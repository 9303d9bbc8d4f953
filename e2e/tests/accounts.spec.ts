import { messages } from "@ledgerline/contracts";
import { expect } from "@playwright/test";
import { expectAccessible, latestMailTo, login, registerViaApi, uniqueEmail } from "./support";
import { test } from "./polled-prices";

test("a visitor registers, signs out, fails a login, and signs in", async ({ page }) => {
  const email = uniqueEmail("newcomer");
  await page.goto("/");
  await expectAccessible(page);
  await page.getByRole("main").getByRole("link", { name: "Register" }).first().click();
  await expect(page).toHaveURL(/\/register$/);
  await expectAccessible(page);

  await page.getByLabel("Full name").fill("Nora Newcomer");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("maple-syrup-81");
  await page.getByLabel("Confirm password").fill("maple-syrup-82");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert")).toHaveText(messages.passwordsDoNotMatch);

  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert")).toHaveText(messages.passwordTooShort);

  await page.getByLabel("Password", { exact: true }).fill("maple-syrup-81");
  await page.getByLabel("Confirm password").fill("maple-syrup-81");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole("heading", { name: "Welcome, Nora Newcomer!" })).toBeVisible();
  await expect(page.getByText("Last Login").locator("..")).toContainText("N/A");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(messages.invalidCredentials);
  await page.getByLabel("Password", { exact: true }).fill("maple-syrup-81");
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByText("Last Login").locator("..")).not.toContainText("N/A");
});

test("registering an address that is taken says Registration failed", async ({ page, request }) => {
  const existing = await registerViaApi(request, "Taken");
  await page.goto("/register");
  await page.getByLabel("Full name").fill("Someone Else");
  await page.getByLabel("Email").fill(existing.email);
  await page.getByLabel("Password", { exact: true }).fill("cedar-ridge-33");
  await page.getByLabel("Confirm password").fill("cedar-ridge-33");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert")).toContainText(messages.registrationFailed);
  // Not a dead end: the way into the existing account is offered.
  await expect(page.getByRole("alert").getByRole("link", { name: "Sign in" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("alert").getByRole("link", { name: "reset your password" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("a session survives a reload and a signed-out visitor is sent where the spec says", async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request, "Reloader");
  await page.goto("/account");
  await expect(page).toHaveURL(/\/access-denied$/);
  await expect(page.getByText(messages.registeredUsersOnly)).toBeVisible();
  await expectAccessible(page);
  await page.goto("/landing");
  await expect(page).toHaveURL(/\/login$/);

  await login(page, user.email, user.password);
  await page.reload();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole("heading", { name: `Welcome back, ${user.name}!` })).toBeVisible();
});

test("forgot password, then reset through the emailed link", async ({ page, request }) => {
  const user = await registerViaApi(request, "Forgetful");
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page);
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(messages.forgotPasswordSent)).toBeVisible();

  const link = /https?:\/\/\S+/.exec(await latestMailTo(user.email))?.[0] as string;
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?/);
  await expectAccessible(page);
  await page.getByLabel("New password", { exact: true }).fill("brand-new-pass-5");
  await page.getByLabel("Confirm new password").fill("brand-new-pass-6");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("alert")).toHaveText(messages.passwordsDoNotMatch);
  await page.getByLabel("Confirm new password").fill("brand-new-pass-5");
  await page.getByRole("button", { name: "Reset password" }).click();

  await expect(page).toHaveURL(/\/login\?reset=success$/);
  await expect(page.getByText(messages.passwordResetSuccess)).toBeVisible();
  await login(page, user.email, "brand-new-pass-5");

  // The link works once.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("third-pass-777");
  await page.getByLabel("Confirm new password").fill("third-pass-777");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("alert")).toContainText(messages.invalidResetToken);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Request a new reset link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("a reset link without its token goes to forgot password with a notice", async ({ page }) => {
  await page.goto("/reset-password?email=someone%40example.com");
  await expect(page).toHaveURL(/\/forgot-password\?invalid=true$/);
  await expect(page.getByText(messages.resetLinkInvalid)).toBeVisible();
  await expect(page.getByRole("link", { name: "Request a new reset link" })).toBeVisible();
});

test("account settings: change password, change email, delete the account", async ({
  page,
  request,
}) => {
  const user = await registerViaApi(request, "Settler");
  await login(page, user.email, user.password);
  await page.getByRole("link", { name: "Account", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Account Settings" })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Current password").fill(user.password);
  await page.getByLabel("New password", { exact: true }).fill("changed-pass-11");
  await page.getByLabel("Confirm new password").fill("changed-pass-12");
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText(messages.newPasswordsDoNotMatch)).toBeVisible();
  await page.getByLabel("Confirm new password").fill("changed-pass-11");
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText(messages.passwordUpdated)).toBeVisible();

  // Hold-to-reveal shows the text only while pressed.
  const current = page.getByLabel("Current password");
  await current.fill("visible?");
  const reveal = current.locator("xpath=following::button[1]");
  await expect(reveal).toHaveAccessibleName("Hold to reveal password");
  await reveal.hover();
  await page.mouse.down();
  await expect(current).toHaveAttribute("type", "text");
  await page.mouse.up();
  await expect(current).toHaveAttribute("type", "password");

  await page.getByRole("button", { name: "Update email" }).click();
  await expect(page.getByText(messages.emailRequired)).toBeVisible();
  const newEmail = uniqueEmail("moved");
  await page.getByLabel("New email").fill(newEmail);
  // A session alone cannot move the account: the password is asked again.
  await page.getByRole("button", { name: "Update email" }).click();
  await expect(page.getByText(messages.passwordRequired)).toBeVisible();
  await page.getByLabel("Password to change your email").fill("not-my-password");
  await page.getByRole("button", { name: "Update email" }).click();
  await expect(page.getByText(messages.currentPasswordWrong)).toBeVisible();
  await expect(page.getByText(`Currently ${user.email}`)).toBeVisible();
  await page.getByLabel("Password to change your email").fill("changed-pass-11");
  await page.getByRole("button", { name: "Update email" }).click();
  await expect(page.getByText(messages.emailUpdated)).toBeVisible();
  await expect(page.getByText(`Currently ${newEmail}`)).toBeVisible();

  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("This cannot be undone.");
  await expect(dialog).toContainText("your saved stocks and cryptocurrencies");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Delete account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Login" }).first()).toBeVisible();

  const after = await request.post("/api/auth/login", {
    data: { email: newEmail, password: "changed-pass-11" },
  });
  expect(after.status()).toBe(400);
});
