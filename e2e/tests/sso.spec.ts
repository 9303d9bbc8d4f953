import { expect, test, type Page } from "@playwright/test";
import { ssoErrorMessages } from "@ledgerline/contracts";
import {
  startOidcProvider,
  type TestOidcProvider,
} from "../../apps/api/test/support/oidc-provider";
import { closedMarketURL, ssoProvider } from "../playwright.config";
import { demo, expectAccessible, login, uniqueEmail } from "./support";
import { shootAsItIs } from "./shots";

// The closed-market server is the one configured with the test provider (playwright.config.ts).
test.use({ baseURL: closedMarketURL });

let provider: TestOidcProvider;
test.beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUri: `${closedMarketURL}/api/auth/sso/callback`,
    port: ssoProvider.port,
    clientId: ssoProvider.clientId,
    clientSecret: ssoProvider.clientSecret,
  });
});
test.afterAll(() => provider.close());

const button = (page: Page) => page.getByRole("link", { name: `Sign in with ${ssoProvider.name}` });

/** The provider's development pages load a web font from the internet, which this machine lacks. */
async function offlineFonts(page: Page) {
  await page.route("https://fonts.googleapis.com/**", (route) => route.abort());
}

test("signs in through the OpenID Connect provider and lands in the app", async ({ page }) => {
  const email = uniqueEmail("sso");
  provider.addAccount({ sub: `sub-${email}`, email, emailVerified: true, name: "Sky Soto" });
  await offlineFonts(page);
  await page.goto("/login");
  await expect(button(page)).toBeVisible();
  await expectAccessible(page);
  await shootAsItIs(page, "login-sso");

  await button(page).click();
  await page.locator('input[name="login"]').fill(`sub-${email}`);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/landing$/);
  // The one-time code is gone from the history; the session is the app's own, as a password's.
  const session = await page.evaluate(() => sessionStorage.getItem("user"));
  expect(JSON.parse(session ?? "{}")).toMatchObject({ email, name: "Sky Soto" });
  await expectAccessible(page);
});

test("says so on the login page when the reader cancels at the provider", async ({ page }) => {
  await offlineFonts(page);
  await page.goto("/login");
  await button(page).click();
  await page.getByRole("link", { name: "[ Cancel ]" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("alert")).toHaveText(ssoErrorMessages.denied);
  await expectAccessible(page);
});

test("fits the login page at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/login");
  await expect(button(page)).toBeVisible();
  const box = await button(page).boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await shootAsItIs(page, "login-sso");
});

test("offers admins the setting that requires single sign-on", async ({ page }) => {
  await login(page, demo.admin.email, demo.admin.password);
  await page.goto("/users");
  const setting = page.getByRole("checkbox", { name: /Require sign-in with Ledgerline Test ID/ });
  await expect(setting).not.toBeChecked();
  await expectAccessible(page);
});
