import { expect, type Page } from "@playwright/test";
import { test } from "./polled-prices";
import { shootBothThemes } from "./shots";
import { demo, expectAccessible, openLanding, registerViaApi, signInViaApi } from "./support";

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
/** The search dialog's box (a page may have comboboxes of its own, e.g. Import's selects). */
const searchDialog = (page: Page) => page.getByRole("dialog", { name: "Search stocks and crypto" });
const searchBox = (page: Page) => searchDialog(page).getByRole("combobox");

/** How far apart the nav's controls' vertical centres lie: one row when a few pixels at most. */
async function rowSpread(page: Page): Promise<number> {
  const centres = await nav(page)
    .locator("a:visible, button:visible")
    .evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return box.top + box.height / 2;
      }),
    );
  return Math.max(...centres) - Math.min(...centres);
}

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("an admin's navigation is one row with Alerts, the Portfolio menu, search and the bell", async ({
    page,
  }) => {
    await signInViaApi(page, demo.admin.email, demo.admin.password);
    await openLanding(page);
    const bell = nav(page).getByRole("button", { name: /^Notifications/ });
    await expect(bell).toBeVisible();
    await expect(nav(page).getByRole("button", { name: "Search" })).toBeVisible();
    await expect(nav(page).getByRole("link", { name: "Alerts" })).toBeVisible();
    expect(await rowSpread(page)).toBeLessThan(6);

    await nav(page).getByRole("button", { name: "Portfolio", exact: true }).click();
    await expect(page.getByRole("menuitem")).toHaveText([
      "Your Portfolio",
      "Transaction History",
      "Income",
      "Taxes",
      "Import",
      "Accounts",
    ]);
    await expectAccessible(page);
    await page.getByRole("menuitem", { name: "Income" }).click();
    await expect(page).toHaveURL(/\/income$/);
    await shootBothThemes(page, "nav-admin", async () => {
      // The search and the bell join the bar once the app runs.
      await expect(nav(page).getByRole("button", { name: /^Notifications/ })).toBeVisible();
      await expect(nav(page).getByRole("button", { name: "Search" })).toBeVisible();
    });
  });

  test("Ctrl+K finds a stock by name; arrows and Enter open its research page", async ({
    page,
    request,
  }) => {
    const user = await registerViaApi(request, "Searcher");
    await signInViaApi(page, user.email, user.password);
    await openLanding(page);
    // The shortcut is listened for once the search has joined the navbar, after first paint.
    await expect(nav(page).getByRole("button", { name: "Search" })).toBeVisible();
    const opener = page.getByRole("link", { name: "Home" }).first();
    await opener.focus();
    await page.keyboard.press("Control+K");
    const dialog = page.getByRole("dialog", { name: "Search stocks and crypto" });
    await expect(dialog).toBeVisible();
    const box = dialog.getByRole("combobox", { name: "Ticker or name" });
    await expect(box).toBeFocused();

    await box.pressSequentially("micro");
    const options = dialog.getByRole("option");
    // Advanced Micro Devices (AMD) and Microsoft (MSFT), stocks in ticker order.
    await expect(options.filter({ hasText: "Microsoft" })).toContainText("MSFT");
    await expect(options.first()).toContainText("AMD");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await expectAccessible(page);
    await box.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute(
      "aria-activedescendant",
      (await options.nth(1).getAttribute("id"))!,
    );
    await box.press("ArrowUp");
    const first = (await options.first().locator("span").first().innerText()).trim();
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/research/${first}$`));
    await expect(dialog).toBeHidden();
  });

  test("the search finds coins by name and symbol, and Escape closes it where focus was", async ({
    page,
    request,
  }) => {
    const user = await registerViaApi(request, "Coin Searcher");
    await signInViaApi(page, user.email, user.password);
    await openLanding(page);
    const trigger = nav(page).getByRole("button", { name: "Search" });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Search stocks and crypto" });
    const box = dialog.getByRole("combobox");
    await box.fill("bitcoin");
    await expect(dialog.getByRole("option", { name: /BTC Bitcoin Crypto/ })).toBeVisible();
    await box.fill("zzzzqq");
    await expect(dialog.getByRole("status")).toHaveText("Nothing matches “zzzzqq”.");
    await box.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await page.keyboard.press("Control+K");
    await box.fill("eth");
    await expect(dialog.getByRole("option").first()).toContainText("ETH");
    await shootBothThemes(page, "search-dialog", async () => {
      await expect(nav(page).getByRole("button", { name: "Search" })).toBeVisible();
      await page.keyboard.press("Control+K");
      await searchBox(page).fill("app");
      await expect(searchDialog(page).getByRole("option").first()).toBeVisible();
    });
    await searchBox(page).fill("eth");
    await searchDialog(page).getByRole("option", { name: /^ETH/ }).click();
    await expect(page).toHaveURL(/\/crypto\/ETH$/);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the navigation is one row with a menu that lists every page, and search beside it", async ({
    page,
  }) => {
    await signInViaApi(page, demo.admin.email, demo.admin.password);
    await openLanding(page);
    await expect(nav(page).getByRole("button", { name: /^Notifications/ })).toBeVisible();
    await expect(nav(page).getByRole("button", { name: "Search" })).toBeVisible();
    expect(await rowSpread(page)).toBeLessThan(6);
    await nav(page).getByRole("button", { name: "Open menu" }).click();
    for (const name of [
      "Your Portfolio",
      "Transaction History",
      "Income",
      "Taxes",
      "Import",
      "Accounts",
      "Alerts",
    ]) {
      await expect(nav(page).getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expectAccessible(page);
    await shootBothThemes(page, "nav-menu", async () => {
      // The app, not the prerendered navbar, opens the menu: the bell joins it once the app runs.
      await expect(nav(page).getByRole("button", { name: /^Notifications/ })).toBeVisible();
      await nav(page).getByRole("button", { name: "Open menu" }).click();
      await expect(nav(page).getByRole("link", { name: "Import", exact: true })).toBeVisible();
    });
    await nav(page).getByRole("link", { name: "Import", exact: true }).click();
    await expect(page).toHaveURL(/\/import$/);
    await nav(page).getByRole("button", { name: "Search" }).click();
    await searchBox(page).fill("nvid");
    await expect(searchDialog(page).getByRole("option").first()).toContainText("NVDA");
    await shootBothThemes(page, "search-dialog", async () => {
      await nav(page).getByRole("button", { name: "Search" }).click();
      await searchBox(page).fill("nvid");
      await expect(searchDialog(page).getByRole("option").first()).toBeVisible();
    });
  });
});
