import { expect } from "@playwright/test";
import { signedInPortfolioUser } from "./portfolio-support";
import { shootAsItIs } from "./shots";
import { expectNoEnglish } from "./language-support";
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
  await expect(page).toHaveTitle("Account Settings · Ledgerline");
  // German words are another build (decision 0065): the page reloads into it, so the titles the
  // routes name once, as their modules load, are the German build's too.
  const reloaded = page.waitForEvent("load");
  await select.selectOption("de-DE");
  await reloaded;
  await expect(page.getByLabel("Zahlen und Daten schreiben wie in")).toHaveValue("de-DE");
  await expect(page).toHaveTitle("Kontoeinstellungen · Ledgerline");
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === "ledgerline-language")?.value).toBe("de");
  await expectAccessible(page);
  await shootAsItIs(page, "locale-settings-de");

  await page.goto("/portfolio-summary");
  // German words (decision 0065's German build), German groups and decimal comma, the dollar
  // sign after the digits (after a no-break space).
  const germanCard = page
    .locator("div", { has: page.getByRole("heading", { name: "Gesamtwert des Portfolios" }) })
    .last();
  await expect(germanCard).toContainText(/Einstandswert\s*400,00\s\$/);
  await expect(germanCard).toContainText(/^\D*\d{1,3}(\.\d{3})*,\d{2}\s\$/);
  await shootAsItIs(page, "locale-summary-de");

  // Stored with the account and the session: a reload keeps it.
  await page.reload();
  await expect(germanCard).toContainText(/Einstandswert\s*400,00\s\$/);
});

test("a German account signs out to the sign-in page in German, and finds it so on a new visit", async ({
  page,
  request,
}) => {
  await signedInPortfolioUser(page, request, "Hanna Deutsch");
  await page.goto("/account");
  const reloaded = page.waitForEvent("load");
  await page.getByLabel("Write numbers and dates as in").selectOption("de-DE");
  await reloaded;
  await expect(page.getByLabel("Zahlen und Daten schreiben wie in")).toHaveValue("de-DE");

  // The navbar is the German build's too: its links, menu and sign-out in German, no English.
  const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
  const menu = nav.getByRole("button", { name: "Menü öffnen" });
  if (await menu.isVisible()) await menu.click();
  for (const name of ["Startseite", "Aktien-Dashboard", "Krypto-Suche", "Alarme", "Mein Konto"])
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(
    nav.getByRole("button", { name: /^Zum (hellen|dunklen) Design wechseln$/ }).first(),
  ).toBeAttached();
  await expect(page.getByRole("button", { name: "Benachrichtigungen" })).toBeVisible();
  await expect(nav).not.toContainText(/Stock Dashboard|Crypto Search|Logout/);
  await expectAccessible(page);

  // The search dialog too: its hint, its box and the status line under it.
  await page.keyboard.press("Escape");
  await page.keyboard.press("Control+K");
  const search = page.getByRole("dialog", { name: "Aktien und Kryptowährungen suchen" });
  await search.getByRole("combobox", { name: "Tickersymbol oder Name" }).fill("zzzzqq");
  await expect(search.getByRole("status")).toHaveText("Nichts passt zu „zzzzqq“.");
  await expectNoEnglish(search);
  await page.keyboard.press("Escape");
  await expect(search).toBeHidden();
  await nav.getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Bei Ledgerline anmelden" })).toBeVisible();
  await expect(page.getByLabel("Passwort", { exact: true })).toBeVisible();

  // The server's prerendered page, before any script: chosen by the language cookie.
  const html = await (await page.request.get("/login")).text();
  expect(html).toContain("Bei Ledgerline anmelden");
  expect(html).not.toContain("Sign in to Ledgerline");
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Anmelden", exact: true })).toBeVisible();
  await expectAccessible(page);
  await shootAsItIs(page, "login-de");
});

test.describe("a visitor whose browser reads Spanish", () => {
  test.use({ locale: "es-ES" });

  test("finds the home page and its footer in Spanish, before any script too", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(
      "Ledgerline · Tus acciones y criptomonedas, con total exactitud",
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Tus acciones y criptomonedas, contadas al céntimo.",
    );
    for (const name of ["Cómo funciona", "Lo que dicen los inversores"])
      await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
    await expect(page.getByText("Para inversores con experiencia")).toBeVisible();
    const legal = page.getByRole("navigation", { name: "Aviso legal" });
    await expect(legal.getByRole("link", { name: "Condiciones del servicio" })).toBeVisible();
    await expect(legal.getByRole("link", { name: "Política de privacidad" })).toBeVisible();
    await expect(
      page.getByText(/© \d{4} Ledgerline\. Todos los derechos reservados\./),
    ).toBeVisible();
    await expect(page.locator("main")).not.toContainText(/How it works|What investors say/);
    await expect(page.locator("footer")).not.toContainText(/All rights reserved|Terms of Service/);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await shootAsItIs(page, "home-es");

    // The server's prerendered page, chosen by the browser's Accept-Language.
    const spanish = { headers: { "accept-language": "es-ES,es;q=0.9" } };
    const html = await (await page.request.get("/", spanish)).text();
    expect(html).toContain("Cómo funciona");
    expect(html).not.toContain("How it works");
  });

  test("reads the terms and the privacy policy in Spanish", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/terms");
    await expect(page).toHaveTitle("Condiciones del servicio · Ledgerline");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Condiciones del servicio");
    await expect(page.getByText("Última actualización: 1 de enero de 2025")).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Qué es Ledgerline y qué no es" }),
    ).toBeVisible();
    await expectNoEnglish(page.locator("main"), "es");
    await expectAccessible(page);
    await shootAsItIs(page, "terms-es");

    await page.getByRole("link", { name: "Política de privacidad" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Política de privacidad");
    await expect(page.getByRole("heading", { name: "Qué guardamos" })).toBeVisible();
    await expectNoEnglish(page.locator("main"), "es");
    await expectAccessible(page);
  });
});
