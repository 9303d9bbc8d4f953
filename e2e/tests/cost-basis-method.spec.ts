import { costBasisMethodHints } from "@ledgerline/contracts";
import { expect, type Page } from "@playwright/test";
import { signedInPortfolioUser } from "./portfolio-support";
import { shootAsItIs, shootBothThemes } from "./shots";
import { expectAccessible, openLanding, openPortfolioPage, toastSaid } from "./support";
import { test } from "./polled-prices";

// Issue 32: switching an account's cost-basis method shows what it recomputes before it is saved.
// At a load of 40 on 2 cores a reload took 15 s and the one-test version ran out of 180 s.
test.describe.configure({ timeout: 240_000 });

/** A page coming back after a reload, on a loaded machine. */
const reloaded = { timeout: 30_000 };

const dialog = (page: Page) => page.getByRole("dialog");
const main = (page: Page) => page.getByRole("main");
const previewTable = (page: Page) =>
  dialog(page).getByRole("table", { name: "Realized gain by tax year" });

/** Opens the default account's edit dialog and asks to switch its method. */
async function askToSwitch(page: Page, method: string) {
  await expect(main(page).getByRole("button", { name: "Edit Main" })).toBeVisible(reloaded);
  await main(page).getByRole("button", { name: "Edit Main" }).click();
  await expect(dialog(page)).toHaveAccessibleName("Edit Main");
  await dialog(page).getByLabel("Cost-basis method").selectOption({ label: method });
  await dialog(page).getByRole("button", { name: "Save changes" }).click();
  await expect(dialog(page)).toHaveAccessibleName("Change the cost-basis method of Main?");
  await expect(previewTable(page)).toBeVisible(reloaded);
}

/** A user of their own whose default account (FIFO) sold 5 of 20 AAPL bought at 100 and 120. */
async function userWithASale(...[page, request]: Parameters<typeof signedInPortfolioUser>) {
  const user = await signedInPortfolioUser(page, request, "Method Switcher");
  await user.watchStocks("AAPL");
  await user.buy("STOCK", "AAPL", "10", "100", "2025-01-02T15:00:00Z");
  await user.buy("STOCK", "AAPL", "10", "120", "2026-02-02T15:00:00Z");
  // FIFO (a new account's method) sells the lot bought at 100: a long-term gain of $250.
  await user.sell("STOCK", "AAPL", "5", "150");
}

test("switching the method previews each year's realized gain, then recomputes it", async ({
  page,
  request,
}) => {
  await userWithASale(page, request);
  await openLanding(page);

  await openPortfolioPage(page, "Taxes");
  await expect(page.getByRole("region", { name: "Long-term totals" })).toContainText(
    "+$250.00",
    reloaded,
  );

  await openPortfolioPage(page, "Accounts");
  const mainRow = main(page).getByRole("row").filter({ hasText: "Main" });
  await expect(mainRow).toContainText("First in, first out (FIFO)", reloaded);

  // The choice says what each method does; specific falls back to first in, first out.
  await main(page).getByRole("button", { name: "Edit Main" }).click();
  const method = dialog(page).getByLabel("Cost-basis method");
  await method.selectOption({ label: "Specific lots (first in, first out unless you choose)" });
  await expect(method).toHaveAccessibleDescription(costBasisMethodHints.specific);

  // Cancel changes nothing.
  await method.selectOption({ label: "Last in, first out (LIFO)" });
  await dialog(page).getByRole("button", { name: "Save changes" }).click();
  await expect(previewTable(page)).toBeVisible(reloaded);
  await dialog(page).getByRole("button", { name: "Cancel" }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(mainRow).toContainText("First in, first out (FIFO)");

  await askToSwitch(page, "Last in, first out (LIFO)");
  await expect(dialog(page).getByRole("heading", { name: /^Switch to Last in/ })).toBeFocused();
  await expect(previewTable(page).getByRole("columnheader")).toHaveText([
    "Year",
    "Now (FIFO)",
    "With LIFO",
    "Difference",
  ]);
  await expect(previewTable(page).getByRole("row", { name: /^2026/ })).toHaveText(
    /2026\s*\+\$250\.00\s*\+\$150\.00\s*-\$100\.00/,
  );
  await expect(dialog(page)).toContainText("recomputed from its first sale");
  await expect(dialog(page)).toContainText("Nothing about your trades changes");
  await expectAccessible(page);
  await shootBothThemes(page, "method-switch", async () => {
    await askToSwitch(page, "Last in, first out (LIFO)");
  });

  // Back returns to the form with the choice kept, at the select that was changed.
  await dialog(page).getByRole("button", { name: "Back" }).click();
  await expect(dialog(page)).toHaveAccessibleName("Edit Main");
  await expect(dialog(page).getByLabel("Cost-basis method")).toBeFocused();
  await expect(dialog(page).getByLabel("Cost-basis method")).toHaveValue("lifo");
  await dialog(page).getByRole("button", { name: "Save changes" }).click();
  await dialog(page).getByRole("button", { name: "Switch method" }).click();
  await expect(dialog(page)).toBeHidden();
  await toastSaid(
    page,
    "Main now uses LIFO. Realized gain recomputed from the first sale: -$100.00 (2026).",
  );
  await expect(mainRow).toContainText("Last in, first out (LIFO)");
  await expectAccessible(page);

  // The Taxes page follows: LIFO sold the lot bought in February, held less than a year.
  await openPortfolioPage(page, "Taxes");
  await expect(page.getByRole("region", { name: "Short-term totals" })).toContainText(
    "+$150.00",
    reloaded,
  );
  await expect(page.getByRole("region", { name: "Long-term totals" })).toContainText(
    "Proceeds$0.00",
  );
});

test("at 390 px the method switch's preview reads in both themes", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await userWithASale(page, request);
  await page.goto("/accounts");
  await expect(main(page)).toContainText("First in, first out (FIFO)", reloaded);
  await expectAccessible(page);
  await shootAsItIs(page, "method-switch-accounts");
  await askToSwitch(page, "Last in, first out (LIFO)");
  await expect(previewTable(page).getByRole("row", { name: /^2026/ })).toHaveText(
    /2026\s*\+\$250\.00\s*\+\$150\.00\s*-\$100\.00/,
  );
  await expectAccessible(page);
  await shootBothThemes(page, "method-switch", async () => {
    await askToSwitch(page, "Last in, first out (LIFO)");
  });
});
