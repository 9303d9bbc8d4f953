import { expect } from "@playwright/test";
import { signedInPortfolioUser } from "./portfolio-support";
import { shootAsItIs, shootWholePage } from "./shots";
import { expectAccessible, toastSaid } from "./support";
import { test } from "./polled-prices";

test("edits a holding's classification from the allocation, and gives the market's back", async ({
  page,
  request,
}) => {
  const user = await signedInPortfolioUser(page, request, "Classifier");
  await user.buy("STOCK", "AAPL", "10", "200", "2026-03-02T15:00:00Z");
  await user.buy("STOCK", "XOM", "5", "110", "2026-03-02T15:00:00Z");
  await page.goto("/portfolio-summary");
  const table = page.getByRole("table", { name: "What it is made of" });
  await expect(table.getByRole("rowheader", { name: "Information Technology" })).toBeVisible();
  await page.getByLabel("Group by").selectOption("symbol");
  await table.getByRole("button", { name: "Edit classification of AAPL" }).click();
  const dialog = page.getByRole("dialog", { name: "Classification of AAPL" });
  await expect(dialog.getByLabel("Sector")).toHaveValue("information-technology");
  await expect(dialog.getByText("All fields are the market's.")).toBeVisible();
  await dialog.getByLabel("Sector").selectOption({ label: "Energy" });
  await shootAsItIs(page, "classification-dialog");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Save" }).click();
  await toastSaid(page, "Classification saved");

  await page.getByLabel("Group by").selectOption("sector");
  await expect(table.getByRole("rowheader", { name: "Energy" })).toBeVisible();
  await expect(table.getByRole("rowheader", { name: "Information Technology" })).toHaveCount(0);

  await page.getByLabel("Group by").selectOption("symbol");
  await table.getByRole("button", { name: "Edit classification of AAPL" }).click();
  await expect(dialog.getByText("You set: sector.")).toBeVisible();
  await dialog.getByRole("button", { name: "Use the market's" }).click();
  await toastSaid(page, "The market's classification applies again");
  await page.getByLabel("Group by").selectOption("sector");
  await expect(table.getByRole("rowheader", { name: "Information Technology" })).toBeVisible();
});

test("sets a drift alert on the target mix that fires at once when the mix is off", async ({
  page,
  request,
}) => {
  // Six whole-page shots and two axe checks after the alert: 48 s alone, past 60 s beside
  // another spec on the 2-core runner (its trace: every answer in time, the budget spent).
  test.setTimeout(120_000);
  const user = await signedInPortfolioUser(page, request, "Drift Watcher");
  await user.buy("STOCK", "AAPL", "10", "200", "2026-02-02T15:00:00Z");
  await user.buy("CRYPTO", "BTC", "0.01", "80000", "2026-02-16T15:00:00Z");
  const targets = await request.put("/api/portfolio/targets", {
    headers: { authorization: `Bearer ${user.token}` },
    data: {
      by: "assetClass",
      targets: [
        { key: "equity", weight: "0.5" },
        { key: "crypto", weight: "0.5" },
      ],
    },
  });
  expect(targets.status()).toBe(200);
  await page.goto("/portfolio-summary");
  const card = page.getByRole("region", { name: "Target mix" });
  await card.getByRole("link", { name: "Alert me when this mix drifts" }).click();
  await expect(page).toHaveURL(/\/alerts#drift-alerts$/);

  const drift = page.getByRole("region", { name: "Drift alerts" });
  await expect(drift.getByText("You have no drift alerts yet.")).toBeVisible();
  await drift.getByLabel("Points off").fill("0");
  await drift.getByRole("button", { name: "Set drift alert" }).click();
  await expect(drift.getByText("Points must be greater than 0")).toBeVisible();
  await drift.getByLabel("Points off").fill("5");
  await drift.getByRole("button", { name: "Set drift alert" }).click();
  // AAPL is far more than half of the mix: past 5 points at once.
  await toastSaid(page, "Drift alert on your asset class mix set; it has already triggered");
  const row = drift.getByRole("listitem").filter({ hasText: "Asset class mix" });
  await expect(row).toContainText("more than 5 points off");
  await expect(row).toContainText("Triggered");

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shootWholePage(page, "/alerts", "drift-alerts");
    await shootWholePage(page, "/portfolio-summary", "insights-summary");
    await shootWholePage(page, "/income", "insights-income");
    await page.goto("/alerts");
    await expect(drift).toBeVisible();
    await expectAccessible(page);
  }

  await row.getByRole("button", { name: "Delete the drift alert on the asset class mix" }).click();
  await toastSaid(page, "Drift alert deleted");
  await expect(drift.getByText("You have no drift alerts yet.")).toBeVisible();
});
