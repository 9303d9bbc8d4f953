import { expect, type Page } from "@playwright/test";
import { expectNoEnglish, switchToGerman } from "./language-support";
import { signedInPortfolioUser } from "./portfolio-support";
import { shootAsItIs } from "./shots";
import { expectAccessible } from "./support";
import { test } from "./polled-prices";

// Issue 36: the signed-in forms and reports in German on a phone, with no English left.
test.describe.configure({ timeout: 120_000 });

async function germanPage(page: Page, path: string, heading: string, shot: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
  // The page's lazily loaded cards have their data (or their empty state) before it is read.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoEnglish(page.locator("main"));
  await expectAccessible(page);
  await shootAsItIs(page, shot);
}

test("a German account finds its settings, accounts, income, taxes and import in German at 390 px", async ({
  page,
  request,
}) => {
  const user = await signedInPortfolioUser(page, request, "Greta Einstellung");
  await user.buy("STOCK", "AAPL", "4", "150", "2025-01-02T15:00:00Z");
  await user.sell("STOCK", "AAPL", "1", "200");
  await switchToGerman(page);
  await page.setViewportSize({ width: 390, height: 844 });

  await germanPage(page, "/account", "Kontoeinstellungen", "german-account");
  const main = page.locator("main");
  for (const name of [
    "Passwort ändern",
    "E-Mail-Adresse ändern",
    "Anzeigewährung",
    "Sprache und Region",
    "Zwei-Faktor-Anmeldung",
    "Passkeys",
    "API-Schlüssel",
    "Konto löschen",
  ])
    await expect(main.getByRole("heading", { name, exact: true })).toBeVisible();
  await expect(main.getByLabel("Zahlen und Daten schreiben wie in")).toHaveValue("de-DE");
  await expect(main.getByRole("option", { name: "US-Dollar (USD)" })).toBeAttached();
  await expect(main.getByText("Sie haben noch keine Passkeys.")).toBeVisible();

  await germanPage(page, "/accounts", "Konten", "german-accounts");
  // A phone shows each account as a card, its buttons named for it.
  await expect(main.getByText("Standard", { exact: true })).toBeVisible();
  await expect(main.getByText("Steuerpflichtig")).toBeVisible();
  await expect(
    main.getByRole("button", { name: "Main mit einem Kontoauszug abgleichen" }),
  ).toBeVisible();
  await main.getByRole("button", { name: "Konto hinzufügen" }).click();
  const dialog = page.getByRole("dialog", { name: "Konto hinzufügen" });
  await expect(dialog.getByLabel("Einstandsmethode")).toBeVisible();
  await expect(dialog.getByText("Bargeld in diesem Konto erfassen")).toBeVisible();
  await expectNoEnglish(dialog);
  await expectAccessible(page);
  await shootAsItIs(page, "german-account-dialog");
  // Its Cancel and Save buttons are the shared dialog's (components/ui), still English.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await germanPage(page, "/income", "Dividendenerträge", "german-income");
  await expect(main.getByRole("heading", { name: "Anstehende Dividenden" })).toBeVisible();
  await expect(main.getByRole("heading", { name: "Nächste 12 Monate" })).toBeVisible();

  await germanPage(page, "/taxes", "Steuern", "german-taxes");
  await expect(main.getByLabel("Steuerjahr")).toBeVisible();
  await expect(main.getByRole("heading", { name: "Steuerliche Verlustverrechnung" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Form 8949 herunterladen (CSV)" })).toBeVisible();

  await germanPage(page, "/import", "Transaktionen importieren", "german-import");
  await expect(main.getByRole("heading", { name: "1. Datei auswählen" })).toBeVisible();
  await expect(
    main.getByText("Legen Sie hier eine CSV-Datei ab oder wählen Sie eine aus."),
  ).toBeVisible();
  await expect(main.getByRole("button", { name: "Vorschau" })).toBeDisabled();
});
