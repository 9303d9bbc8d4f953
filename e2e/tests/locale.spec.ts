import { expect } from "@playwright/test";
import { signedInPortfolioUser } from "./portfolio-support";
import { shootAsItIs } from "./shots";
import { expectAccessible } from "./support";
import { test } from "./polled-prices";

test("a person switches to German and the summary writes its figures as German does", async ({
  page,
  request,
}) => {
  const user = await signedInPortfolioUser(page, request, "Grete Leser");
  await user.buy("STOCK", "AAPL", "2", "200", "2026-03-02T15:00:00Z");

  await page.goto("/portfolio-summary");
  const card = page
    .locator("div", { has: page.getByRole("heading", { name: "Total Portfolio Value" }) })
    .last();
  await expect(card).toContainText("Cost basis $400.00");

  await page.goto("/account");
  const select = page.getByLabel("Write numbers and dates as in");
  await expect(select).toHaveValue("en-US");
  await select.selectOption("de-DE");
  await expect(page.getByText("Language and region saved")).toBeVisible();
  await expect(page.getByLabel("Write numbers and dates as in")).toHaveValue("de-DE");
  await expectAccessible(page);
  await shootAsItIs(page, "locale-settings-de");

  await page.goto("/portfolio-summary");
  // German groups and decimal comma, the dollar sign after the digits (after a no-break space).
  await expect(card).toContainText(/Cost basis\s*400,00\s\$/);
  await expect(card).toContainText(/^\D*\d{1,3}(\.\d{3})*,\d{2}\s\$/);
  await shootAsItIs(page, "locale-summary-de");

  // Stored with the account and the session: a reload keeps it.
  await page.reload();
  await expect(card).toContainText(/Cost basis\s*400,00\s\$/);
});
