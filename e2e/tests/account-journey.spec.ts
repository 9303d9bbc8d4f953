import { expect, type Page } from "@playwright/test";
import { shootAsItIs as shoot } from "./shots";
import { signedInStockUser, stockCard } from "./stocks-support";
import { expectAccessible, toastSaid } from "./support";
import { test } from "./polled-prices";

const dialog = (page: Page) => page.getByRole("dialog");
const main = (page: Page) => page.getByRole("main");

// Issue 31's journey: accounts, a fee, cash, both transfers, the summary's filter, a statement.
test.describe.configure({ timeout: 120_000 });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px an account's figures are reconciled with its statement`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const user = await signedInStockUser(page, request, "Statement Checker");
    await user.watch("AAPL");

    // Create a cash-tracked account.
    await page.goto("/accounts");
    await main(page).getByRole("button", { name: "Add account" }).click();
    await dialog(page).getByLabel("Name").fill("Brokerage");
    await dialog(page).getByLabel("Track cash in this account").check();
    await dialog(page).getByRole("button", { name: "Add account" }).click();
    await toastSaid(page, "Added account Brokerage");

    // Buy 10 AAPL into it at 100 with a fee of 5: its cash goes down by 1,005.
    await page.goto("/stock-dashboard");
    await stockCard(page, "AAPL").getByRole("button", { name: "Buy Stock" }).click();
    await dialog(page).getByLabel("Account").selectOption({ label: "Brokerage" });
    await dialog(page).getByLabel("Quantity to Add").fill("10");
    await dialog(page).getByLabel("Purchase Price").fill("100");
    await dialog(page).getByLabel("Fee (optional)").fill("5");
    await dialog(page).getByRole("button", { name: "Add Shares" }).click();
    await dialog(page).getByRole("button", { name: "Confirm Purchase" }).click();
    await expect(dialog(page)).toBeHidden();

    // Deposit 2,000.
    await page.goto("/accounts");
    await main(page).getByRole("button", { name: "Add cash activity to Brokerage" }).click();
    await dialog(page).getByLabel("Amount").fill("2000");
    await dialog(page).getByRole("button", { name: "Add cash activity" }).click();
    await toastSaid(page, "Added deposit of $2,000.00");
    const cash = main(page).getByRole("region", { name: "Brokerage: cash" });
    await expect(cash.getByText("$995.00").first()).toBeVisible();

    // Transfer 4 AAPL to Main, then $500 of cash.
    await main(page).getByRole("button", { name: "Transfer" }).click();
    await expect(dialog(page)).toHaveAccessibleName("Transfer between accounts");
    await dialog(page).getByLabel("From account").selectOption({ label: "Brokerage" });
    await dialog(page).getByLabel("To account").selectOption({ label: "Main" });
    await dialog(page).getByLabel("What moves").selectOption({ label: "A holding" });
    await dialog(page).getByLabel("Holding").selectOption({ label: "AAPL (10 held)" });
    await dialog(page).getByLabel("Quantity").fill("4");
    await expectAccessible(page);
    await shoot(page, "transfer-dialog-holding");
    await dialog(page).getByRole("button", { name: "Transfer" }).click();
    await toastSaid(page, "Transferred 4 AAPL from Brokerage to Main");

    await main(page).getByRole("button", { name: "Transfer" }).click();
    await dialog(page).getByLabel("From account").selectOption({ label: "Brokerage" });
    await dialog(page).getByLabel("To account").selectOption({ label: "Brokerage" });
    await dialog(page).getByLabel("Amount").fill("500");
    await dialog(page).getByRole("button", { name: "Transfer" }).click();
    await expect(dialog(page).getByText("Choose two different accounts")).toBeVisible();
    await dialog(page).getByLabel("To account").selectOption({ label: "Main" });
    await dialog(page).getByLabel("Notes (optional)").fill("Moving cash to Main");
    await expectAccessible(page);
    await shoot(page, "transfer-dialog-cash");
    await dialog(page).getByRole("button", { name: "Transfer" }).click();
    await toastSaid(page, "Transferred $500.00 from Brokerage to Main");
    // 2,000 - 1,005 - 500.
    await expect(cash.getByText("$495.00").first()).toBeVisible();
    await expect(cash.getByText("Transfer out")).toBeVisible();
    await expect(cash.getByText("Moving cash to Main")).toBeVisible();

    // The summary filtered by the account holds what is left there.
    await page.goto("/portfolio-summary");
    await main(page).getByLabel("Account", { exact: true }).selectOption({ label: "Brokerage" });
    await expect(page).toHaveURL(/account=\d+/);
    const holdings = main(page).getByRole("region", { name: "Stock Portfolio" });
    await expect(holdings.getByText("Brokerage", { exact: true })).toBeVisible();
    await expect(holdings.getByText(/^Main/)).toHaveCount(0);
    await expectAccessible(page);

    // The statement says 7 AAPL (one trade is missing somewhere) and the same cash.
    await page.goto("/accounts");
    await main(page).getByRole("button", { name: "Reconcile Brokerage with a statement" }).click();
    const panel = main(page).getByRole("region", { name: "Reconcile Brokerage" });
    await panel.getByLabel("Cash on the statement (optional)").fill("495");
    await panel.getByLabel("Paste holdings").fill("symbol,quantity\nAAPL,7");
    await panel.getByRole("button", { name: "Add pasted rows" }).click();
    await expect(panel.getByLabel("Symbol, row 1")).toHaveValue("AAPL");
    await expect(panel.getByLabel("Quantity, row 1")).toHaveValue("7");
    await panel.getByRole("button", { name: "Compare" }).click();
    await expect(panel.getByText("1 difference from the statement")).toBeVisible();
    const row = panel.getByRole("row", { name: /AAPL/ });
    await expect(row.getByRole("cell")).toHaveText(["7", "6"]);
    await expectAccessible(page);
    await shoot(page, "reconcile-difference");

    // With the quantity Ledgerline has, it matches.
    await panel.getByLabel("Quantity, row 1").fill("6");
    await panel.getByRole("button", { name: "Compare" }).click();
    await expect(panel.getByText("Matches the statement")).toBeVisible();
    await expectAccessible(page);
  });
}
