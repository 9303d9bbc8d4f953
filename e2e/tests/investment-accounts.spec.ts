import { investmentAccountMessages } from "@ledgerline/contracts";
import { expect, type Page } from "@playwright/test";
import { shootBothThemes } from "./shots";
import { signedInStockUser, stockCard } from "./stocks-support";
import { expectAccessible, openLanding, toastSaid, openPortfolioPage } from "./support";
import { test } from "./polled-prices";

const dialog = (page: Page) => page.getByRole("dialog");
const main = (page: Page) => page.getByRole("main");

// The journey crosses the accounts page, a dashboard's buy dialog and the summary, with ten
// axe checks and screenshots in both themes: 1.6 min at load 12 beside the unit suites.
test.describe.configure({ timeout: 180_000 });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px an account is added, bought into, filtered by and deleted with a move`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const user = await signedInStockUser(page, request, "Account Keeper");
    await user.watch("AAPL");
    await user.buy("AAPL", 2, 100);
    await openLanding(page);

    // From the Portfolio menu (the phone's menu lists its links).
    if (viewport.width >= 768) {
      await openPortfolioPage(page, "Accounts");
    } else {
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByRole("button", { name: "Open menu" }).click();
      await nav.getByRole("link", { name: "Accounts", exact: true }).click();
    }
    await expect(page).toHaveURL(/\/accounts$/);
    await expect(main(page).getByRole("heading", { name: "Accounts", level: 1 })).toBeVisible();
    await expect(main(page).getByText("Main", { exact: true })).toBeVisible();
    await expect(main(page).getByText("Default", { exact: true })).toBeVisible();
    await expectAccessible(page);

    // Add: the server's rules show at their fields.
    await main(page).getByRole("button", { name: "Add account" }).click();
    await expect(dialog(page)).toHaveAccessibleName("Add account");
    await dialog(page).getByRole("button", { name: "Add account" }).click();
    await expect(dialog(page).getByLabel("Name")).toHaveAccessibleDescription(
      investmentAccountMessages.nameRequired,
    );
    await dialog(page).getByLabel("Name").fill("Main");
    await dialog(page).getByRole("button", { name: "Add account" }).click();
    await expect(dialog(page).getByLabel("Name")).toHaveAccessibleDescription(
      investmentAccountMessages.nameTaken,
    );
    await dialog(page).getByLabel("Name").fill("Retirement");
    await dialog(page).getByLabel("Type").selectOption({ label: "Roth IRA" });
    await dialog(page).getByLabel("Institution (optional)").fill("Vanguard");
    await dialog(page).getByLabel("Track cash in this account").check();
    await expectAccessible(page);
    await dialog(page).getByRole("button", { name: "Add account" }).click();
    await expect(dialog(page)).toBeHidden();
    await toastSaid(page, "Added account Retirement");
    await expect(main(page).getByText("Roth IRA")).toBeVisible();
    await expect(main(page).getByText("Vanguard")).toBeVisible();
    // In the table and in the account's cash section.
    await expect(main(page).getByText("$0.00").first()).toBeVisible();
    await expectAccessible(page);
    await shootBothThemes(page, "accounts", async () => {
      await expect(main(page).getByText("Roth IRA")).toBeVisible();
    });

    // Buy into it: the dialog offers the accounts, the default chosen.
    await page.goto("/stock-dashboard");
    await stockCard(page, "AAPL").getByRole("button", { name: "Buy Stock" }).click();
    await expect(dialog(page).getByLabel("Account")).toHaveValue(/\d+/);
    await expect(dialog(page).getByLabel("Account").locator("option:checked")).toHaveText("Main");
    await dialog(page).getByLabel("Account").selectOption({ label: "Retirement (Vanguard)" });
    await dialog(page).getByLabel("Quantity to Add").fill("3");
    await dialog(page).getByLabel("Purchase Price").fill("150");
    await expectAccessible(page);
    await dialog(page).getByRole("button", { name: "Add Shares" }).click();
    await expect(dialog(page)).toHaveAccessibleName("Confirm Purchase");
    await expect(dialog(page)).toContainText("Retirement (Vanguard)");
    await dialog(page).getByRole("button", { name: "Confirm Purchase" }).click();
    await expect(dialog(page)).toBeHidden();
    // The card holds the symbol over both accounts; a sell offers the accounts holding it.
    const card = stockCard(page, "AAPL");
    await expect(card.getByText("5 shares")).toBeVisible();
    await card.getByRole("button", { name: "Sell Stock" }).click();
    await expect(dialog(page).getByLabel("Account").locator("option")).toHaveText([
      "Main: 2 shares",
      "Retirement (Vanguard): 3 shares",
    ]);
    await dialog(page)
      .getByLabel("Account")
      .selectOption({ label: "Retirement (Vanguard): 3 shares" });
    await dialog(page).getByLabel("Quantity to Remove").fill("4");
    await expect(dialog(page).getByLabel("Quantity to Remove")).toHaveValue("3");
    await dialog(page).getByLabel("Account").selectOption({ label: "Main: 2 shares" });
    await expect(dialog(page).getByLabel("Quantity to Remove")).toHaveValue("2");
    await expectAccessible(page);
    await dialog(page).getByRole("button", { name: "Cancel" }).click();
    await expect(dialog(page)).toBeHidden();
    const positions = await user.positions();
    expect(positions.map((position) => position.quantity).sort()).toEqual([2, 3]);

    // The summary: a row per account with the symbol's total; filtered, that account's alone.
    await page.goto("/portfolio-summary");
    const holdings = main(page).getByRole("region", { name: "Stock Portfolio" });
    await expect(holdings.getByText(/^Main\s+All accounts: 5 · \$/)).toBeVisible();
    await expect(holdings.getByText(/^Retirement\s+All accounts: 5 · \$/)).toBeVisible();
    await expectAccessible(page);
    await shootBothThemes(page, "accounts-holdings", async () => {
      await holdings.getByText(/^Retirement\s+All accounts: 5 · \$/).scrollIntoViewIfNeeded();
    });
    await main(page).getByLabel("Account", { exact: true }).selectOption({ label: "Retirement" });
    await expect(page).toHaveURL(/account=\d+/);
    await expect(holdings.getByText("Retirement", { exact: true })).toBeVisible();
    await expect(holdings.getByText(/^Main/)).toHaveCount(0);
    await expectAccessible(page);
    await shootBothThemes(page, "accounts-summary", async () => {
      await expect(holdings.getByText("Retirement", { exact: true })).toBeVisible();
    });

    // Delete: it holds a position, so it is moved to Main first.
    await page.goto("/accounts");
    await main(page).getByRole("button", { name: "Delete Retirement" }).click();
    await dialog(page).getByRole("button", { name: "Delete", exact: true }).click();
    await expect(dialog(page).getByLabel("Move positions and activity to")).toHaveValue(/\d+/);
    await expectAccessible(page);
    await dialog(page).getByRole("button", { name: "Move to Main and delete" }).click();
    await expect(dialog(page)).toBeHidden();
    await toastSaid(page, "Moved Retirement's positions and activity to Main and deleted it");
    await expect(main(page).getByText("Roth IRA")).toHaveCount(0);
    const merged = await user.positions();
    expect(merged.map((position) => position.quantity)).toEqual([5]);
  });
}
