import { expect, test, type Page } from "@playwright/test";
import { passkeyURL } from "../playwright.config";
import { shootAsItIs } from "./shots";
import { expectAccessible, login, registerViaApi } from "./support";

// Browsers refuse passkeys on an IP address: the app is opened as localhost here.
test.use({ baseURL: passkeyURL });

/**
 * Chromium's virtual authenticator (CDP WebAuthn domain): a platform authenticator that keeps
 * discoverable credentials and verifies its user, as a phone or a laptop's fingerprint reader.
 */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

/** Signs out from the navbar, through its menu on a phone. */
async function logout(page: Page) {
  const nav = page.getByRole("navigation", { name: "Main" });
  const menu = nav.getByRole("button", { name: "Open menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function addPasskey(page: Page, name: string, password: string) {
  await page.getByLabel("Passkey name").fill(name);
  await page.getByLabel("Password to add a passkey").fill(password);
  await page.getByRole("button", { name: "Add a passkey" }).click();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a passkey added in account settings signs in with no password, until it is removed (${viewport.width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    // The app reads a phone from the viewport when it starts: set before the first page.
    const authenticator = await virtualAuthenticator(page);
    const user = await registerViaApi(request, "Passkey Holder");
    await login(page, user.email, user.password);
    await page.goto("/account");
    const section = page.getByRole("heading", { name: "Passkeys" });
    await expect(section).toBeVisible();
    await expect(page.getByText("You have no passkeys yet.")).toBeVisible();

    // Adding one outlives the session, so it asks for the password again.
    await addPasskey(page, "Work laptop", "not-my-password");
    await expect(page.getByRole("alert")).toContainText("Current password is incorrect");
    await addPasskey(page, "Work laptop", user.password);
    await expect(page.getByText("Passkey “Work laptop” added.")).toBeVisible();
    // A table from a tablet up; on a phone a card per passkey, its Remove button in full view.
    const phone = viewport.width < 640;
    const row = phone
      ? page.getByRole("list", { name: "Your passkeys" }).getByRole("listitem")
      : page.getByRole("row", { name: /Work laptop/ });
    const addedAt = /[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/;
    if (phone) {
      await expect(row).toContainText("Work laptop");
      await expect(row).toContainText(new RegExp(`Added ${addedAt.source}`));
      await expect(row).toContainText("Last used Never");
    } else {
      await expect(row.getByRole("cell").nth(1)).toHaveText(new RegExp(`^${addedAt.source}$`));
      await expect(row.getByRole("cell").nth(2)).toHaveText("Never");
    }
    await row.getByRole("button", { name: "Remove Work laptop" }).scrollIntoViewIfNeeded();
    await expect(row.getByRole("button", { name: "Remove Work laptop" })).toBeInViewport({
      ratio: 1,
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    expect(await authenticator.credentials()).toHaveLength(1);
    await expectAccessible(page);
    await section.scrollIntoViewIfNeeded();
    await shootAsItIs(page, "passkeys-account");

    await logout(page);
    const passkeyButton = page.getByRole("button", { name: "Sign in with a passkey" });
    await expect(passkeyButton).toBeVisible();
    await expectAccessible(page);
    await shootAsItIs(page, "passkeys-login");
    await passkeyButton.click();
    await expect(page).toHaveURL(/\/landing$/);

    await page.goto("/account");
    if (phone) await expect(row).not.toContainText("Last used Never");
    else await expect(row.getByRole("cell").nth(2)).not.toHaveText("Never");
    await row.getByRole("button", { name: "Remove Work laptop" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove Work laptop?" });
    await dialog.getByLabel("Password", { exact: true }).fill("not-my-password");
    await dialog.getByRole("button", { name: "Remove passkey" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Current password is incorrect");
    await expectAccessible(page);
    await dialog.getByLabel("Password", { exact: true }).fill(user.password);
    await dialog.getByRole("button", { name: "Remove passkey" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("You have no passkeys yet.")).toBeVisible();

    // The authenticator still holds it, but the site no longer knows it.
    await logout(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByRole("alert")).toContainText("This passkey is not registered.");
    await expect(page).toHaveURL(/\/login$/);
  });
}
