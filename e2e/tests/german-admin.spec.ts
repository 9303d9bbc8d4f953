import { expect } from "@playwright/test";
import { expectNoEnglish, switchToGerman } from "./language-support";
import { shootAsItIs } from "./shots";
import { expectAccessible, makeAdmin, registerViaApi, signInViaApi } from "./support";
import { test } from "./polled-prices";

// Issue 36: the admin screens in German at 390 px, with no English left. A new admin of its own,
// so the demo admin every other test reads in English keeps its language.
test("an admin reads users, audit logs, jobs and corporate actions in German", async ({
  page,
  request,
}) => {
  const admin = await registerViaApi(request, "Greta Verwalterin");
  makeAdmin(admin.email);
  await signInViaApi(page, admin.email, admin.password);
  await switchToGerman(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const main = page.locator("main");

  await page.goto("/users");
  await expect(page.getByRole("heading", { name: "Benutzerverwaltung", level: 1 })).toBeVisible();
  await expect(page.getByText(/^\d+ registrierte Benutzer$/)).toBeVisible();
  // The page's own words, not the list: other tests' users carry English names ("Allocation …").
  const users = page.getByRole("heading", { name: "Benutzerverwaltung", level: 1 });
  await expectNoEnglish(users.locator("xpath=.."));
  await expectNoEnglish(
    page.getByRole("heading", { name: "Einmalanmeldung (SSO)" }).locator("xpath=.."),
  );
  await expect(page.getByRole("combobox", { name: "Sortieren nach" })).toBeVisible();
  await expectAccessible(page);
  await shootAsItIs(page, "admin-users-de");

  await page.goto("/audit-logs");
  await expect(page.getByRole("heading", { name: "Prüfprotokolle", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Filter anwenden" })).toBeVisible();
  await expect(page.getByText("Angemeldet").first()).toBeVisible();
  // The filters and headings; an entry's details are the server's words about other tests' users.
  await expectNoEnglish(page.locator("form"));
  await expectNoEnglish(
    page.getByRole("heading", { name: "Prüfprotokolle", level: 1 }).locator("xpath=.."),
  );
  await expectAccessible(page);
  await shootAsItIs(page, "admin-audit-logs-de");

  await page.goto("/jobs");
  await expect(page.getByRole("heading", { name: "Hintergrund-Jobs", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Fehlgeschlagene Jobs" })).toBeVisible();
  await expectNoEnglish(main);
  await expectAccessible(page);
  await shootAsItIs(page, "admin-jobs-de");

  await page.goto("/corporate-actions");
  await expect(page.getByRole("heading", { name: "Kapitalmaßnahmen", level: 1 })).toBeVisible();
  await page.getByLabel("Symbol").fill("AAPL");
  await page.getByRole("button", { name: "Kapitalmaßnahmen neu abgleichen" }).click();
  await expect(page.getByRole("heading", { name: /^AAPL: Splits und Dividenden/ })).toBeVisible();
  await expectNoEnglish(main);
  await expectAccessible(page);
  await shootAsItIs(page, "admin-corporate-actions-de");
});
