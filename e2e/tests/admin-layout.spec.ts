import { expect, type Page } from "@playwright/test";
import { test } from "./polled-prices";
import { shootBothThemes } from "./shots";
import { demo, expectAccessible, openLanding, registerViaApi, signInViaApi } from "./support";

/** Opens an admin page through the Admin menu. */
async function openAdminPage(page: Page, name: "Users" | "Audit Logs") {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Admin" })
    .click();
  await page.getByRole("menuitem", { name }).click();
}

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the users table fits its box and its Actions column hides no Failed Logins", async ({
    page,
    request,
  }) => {
    // A long address, as real ones are, beside the demo accounts.
    await registerViaApi(request, "A Person With A Rather Long Name For A Table");
    await signInViaApi(page, demo.admin.email, demo.admin.password);
    await openLanding(page);
    await openAdminPage(page, "Users");
    const region = page.getByRole("region", { name: "Registered users" });
    await expect(region.getByRole("table")).toBeVisible();
    const fits = await region.evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(fits, "the table is no wider than its box").toBe(true);
    await expect(page.getByText("Scroll sideways for more columns")).toHaveCount(0);

    // Each row's Failed Logins value lies clear of the Actions column, fully in view.
    const failed = region.getByRole("row").nth(1).getByRole("cell").nth(6);
    const actions = region.getByRole("row").nth(1).getByRole("cell").nth(7);
    const [failedBox, actionsBox] = [await failed.boundingBox(), await actions.boundingBox()];
    expect(failedBox!.x + failedBox!.width).toBeLessThanOrEqual(actionsBox!.x + 1);
    await expectAccessible(page);
    await shootBothThemes(page, "admin-users");
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("users are cards that show each whole address and their buttons", async ({
    page,
    request,
  }) => {
    const person = await registerViaApi(request, "Card Reader");
    await signInViaApi(page, demo.admin.email, demo.admin.password);
    await page.goto("/users");
    await expect(page.getByRole("table")).toHaveCount(0);
    const cards = page.getByRole("list", { name: "Registered users" });
    const card = cards.getByRole("listitem").filter({ hasText: person.email });
    await expect(card).toBeVisible();
    await expect(card.getByText(person.email, { exact: true })).toBeVisible();
    await expect(card.getByText("Failed Logins")).toBeVisible();
    await expect(
      card.getByRole("button", { name: `Reset password of ${person.email}` }),
    ).toBeVisible();
    const overflows = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflows, "nothing runs past the screen's edge").toBe(false);

    // Sorting is a choice of column and a direction.
    await page.getByLabel("Sort by").selectOption({ label: "Email" });
    await expect(page.getByRole("button", { name: "Ascending" })).toBeVisible();
    await expectAccessible(page);
    await shootBothThemes(page, "admin-users");
  });

  test("audit log entries are cards too", async ({ page }) => {
    await signInViaApi(page, demo.admin.email, demo.admin.password);
    await page.goto("/audit-logs");
    const cards = page.getByRole("list", { name: "Audit log entries" });
    await expect(cards.getByRole("listitem").first()).toContainText("IP Address");
    await expect(page.getByRole("table")).toHaveCount(0);
    await expectAccessible(page);
    await shootBothThemes(page, "admin-audit");
  });
});
