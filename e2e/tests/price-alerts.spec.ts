import { expect, test } from "@playwright/test";
import { signedInCryptoUser } from "./crypto-support";
import { expectAccessible, latestMailTo } from "./support";

// A long flow (an alert set, fired, read, mailed, listed, deleted): at load 17 (CI, 2 workers) it
// ran past 90 s.
test.describe.configure({ timeout: 150_000 });

test("an alert set just below a coin's current price triggers, and the bell and the alerts page show it", async ({
  page,
  request,
}) => {
  const user = await signedInCryptoUser(page, request);
  await page.goto("/crypto/BTC");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("BTC");
  // No notifications yet: the bell carries no count.
  const bell = page.getByRole("button", { name: "Notifications", exact: true });
  await expect(bell).toBeVisible();

  await page.getByRole("button", { name: "Set alert on BTC" }).click();
  const dialog = page.getByRole("dialog", { name: "Set alert on BTC" });
  await expect(dialog.getByLabel("Alert when")).toHaveValue("above");
  const price = dialog.getByLabel("Price (USD)");
  const current = await price.inputValue();
  expect(Number(current)).toBeGreaterThan(0);
  await expectAccessible(page);
  // Just below the current price: the price is already above it, so it fires on the server.
  const level = (Number(current) * 0.995).toFixed(2);
  // As every screen writes money: $86,301.12, never 86301.12.
  const levelText = `$${Number(level).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
  await price.fill(level);
  await dialog.getByLabel("Note (optional)").fill("take profit");
  await dialog.getByRole("button", { name: "Set alert" }).click();
  await expect(dialog).toBeHidden();

  const ringing = page.getByRole("button", { name: "Notifications, 1 unread" });
  await expect(ringing).toBeVisible();
  await expect(
    page.getByText(/BTC is at \$\d{1,3}(,\d{3})+\.\d{2}, at or above your alert at/).first(),
  ).toBeVisible();
  await ringing.click();
  const centre = page.getByRole("menu", { name: "Notifications, 1 unread" });
  await expect(
    centre.getByText(`at or above your alert at ${levelText}. Note: take profit`),
  ).toBeVisible();
  await expectAccessible(page);
  await centre.getByRole("menuitem", { name: "Mark all read" }).click();
  await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();

  expect(await latestMailTo(user.email)).toContain(`at or above your alert at ${levelText}`);

  await page.goto("/alerts");
  await expect(page.getByRole("heading", { name: "Price Alerts", level: 1 })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "BTC" });
  await expect(row).toContainText(`Price at or above ${levelText}`);
  await expect(row).toContainText("Triggered");
  await expect(row).toContainText("take profit");
  await expectAccessible(page);
  await row.getByRole("button", { name: /Delete alert on BTC/ }).click();
  await page
    .getByRole("dialog", { name: "Delete alert" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByText("You have no alerts yet.")).toBeVisible();
});
