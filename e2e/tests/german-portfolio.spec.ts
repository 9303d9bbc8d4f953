import { expect, type Page } from "@playwright/test";
import { expectNoEnglish, switchToGerman } from "./language-support";
import { signedInPortfolioUser } from "./portfolio-support";
import { shootAsItIs } from "./shots";
import { expectAccessible } from "./support";
import { test } from "./polled-prices";

/** Whether the page is wider than the phone's screen (a word or table pushing past its edge). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("a German reader finds the portfolio summary and the home page in German on a phone", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await signedInPortfolioUser(page, request, "Greta Depot");
  await user.buy("STOCK", "AAPL", "2", "200", "2026-03-02T15:00:00Z");
  await user.buy("CRYPTO", "BTC", "0.01", "80000", "2026-03-03T15:00:00Z");
  const headers = { authorization: `Bearer ${user.token}` };
  const accounts = (await (await request.get("/api/accounts", { headers })).json()) as {
    id: number;
  }[];
  const deposit = await request.post("/api/cash", {
    headers,
    data: { accountId: accounts[0]!.id, type: "deposit", amount: "500", date: "2026-03-01" },
  });
  expect(deposit.status(), await deposit.text()).toBe(200);
  await switchToGerman(page);

  await page.goto("/portfolio-summary");
  const main = page.locator("main");
  await expect(page.getByRole("heading", { level: 1, name: "Portfolioübersicht" })).toBeVisible();
  await expect(page).toHaveTitle(/^Portfolioübersicht/);
  for (const name of [
    "Wert des Aktienportfolios",
    "Gesamtwert des Portfolios",
    "Portfoliowert",
    "Aufteilung",
    "Renditen",
    "Aktienportfolio",
    "Kryptoportfolio",
  ])
    await expect(main.getByRole("heading", { name, exact: true })).toBeVisible();
  await expect(main.getByText(/Einstandswert\s*400,00\s\$/).first()).toBeVisible();
  // The cards that load after the figures have painted.
  for (const name of [
    "Woraus es besteht",
    "Zielaufteilung",
    "Wie riskant es war",
    "Monatsrenditen",
  ])
    await expect(main.getByRole("heading", { name, exact: true })).toBeVisible();
  await expect(main.getByRole("group", { name: "Zeitraum", exact: true })).toBeVisible();
  // The holdings as cards on a phone, sorted by German column names.
  await expect(main.getByLabel("Positionen sortieren nach").first()).toBeVisible();
  await expect(main.getByText("Portfolio gesamt:")).toBeVisible();
  await expectNoEnglish(main);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await shootAsItIs(page, "german-portfolio-summary");

  // The Explain panels of the gains: their words and the period's figures in German.
  const explain = main.getByRole("group").filter({ has: page.getByText("Erläuterung") });
  for (const index of [0, 1, 3]) await explain.nth(index).getByText("Erläuterung").click();
  await expect(main.getByText("Aus den Verkäufen in diesem Zeitraum.")).toBeVisible();
  await expect(
    main.getByText(/Vom Handelsschluss am .* zu aktuellen Kursen/).first(),
  ).toBeVisible();
  await expect(main.getByRole("table", { name: /^Pro Tag eingesetztes/ })).toBeVisible();
  await expectNoEnglish(main);
  await shootAsItIs(page, "german-portfolio-summary-explain");

  await page.goto("/landing");
  await expect(
    page.getByRole("heading", { level: 1, name: /^Willkommen( zurück)?, Greta Depot!$/ }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/^Startseite/);
  for (const name of ["Portfoliowert", "Ihre Werkzeuge", "Schnellübersicht"])
    await expect(main.getByRole("heading", { name, exact: true })).toBeVisible();
  await expect(main.getByText("Heutige Veränderung")).toBeVisible();
  await expect(main.getByRole("link", { name: /^Kryptowährungen im Bestand/ })).toContainText("1");
  await expect(main.getByRole("link", { name: "Alle Positionen ansehen" })).toBeVisible();
  await expectNoEnglish(main);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await shootAsItIs(page, "german-landing");
});
