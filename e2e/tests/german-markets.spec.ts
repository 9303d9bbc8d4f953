import { expect, type Page } from "@playwright/test";
import { expectNoEnglish, switchToGerman } from "./language-support";
import { signedInPortfolioUser } from "./portfolio-support";
import { test } from "./polled-prices";
import { shootAsItIs } from "./shots";
import { expectAccessible } from "./support";

/** No part of the page is wider than a 390 px phone: German words are longer than English. */
async function expectNoOverflow(page: Page) {
  const wider = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > 391)
      .filter((element) => !element.closest(".overflow-x-auto"))
      .map((element) => `${element.tagName} ${element.textContent?.slice(0, 40) ?? ""}`),
  );
  expect(wider).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test("a German user at 390 px finds the stock, research, trade, crypto, history and alert screens in German", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await signedInPortfolioUser(page, request, "Greta Märkte");
  await user.watchStocks("AAPL");
  await user.buy("STOCK", "AAPL", "2", "200", "2026-03-02T15:00:00Z");
  await user.watchCrypto("BTC");
  await user.buy("CRYPTO", "BTC", "0.5", "40000", "2026-03-02T15:00:00Z");
  await switchToGerman(page);
  const main = page.locator("main");

  // The stock dashboard: its header, the market summary and the watched stock's card.
  await page.goto("/stock-dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Aktien-Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Marktübersicht" })).toBeVisible();
  const card = page.locator("article[data-symbol=AAPL]");
  await expect(card.getByRole("button", { name: "Aktie kaufen" })).toBeVisible();
  await expect(card.getByText("Einstandswert")).toBeVisible();
  await expect(page).toHaveTitle(/^Aktien-Dashboard · Ledgerline$/);
  await expectNoEnglish(main);
  await expectNoOverflow(page);
  await expectAccessible(page);
  await shootAsItIs(page, "german-stock-dashboard");

  // A research page: snapshot, position, key statistics, related companies and news.
  await page.goto("/research/AAPL");
  await expect(page.getByRole("heading", { name: "Aktie im Überblick" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ihre Position" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Kennzahlen" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Zurück zur Suche" })).toBeVisible();
  await shootAsItIs(page, "german-research");
  // The articles are the provider's own words (English here): hidden, the rest is checked.
  await page.getByRole("button", { name: "Nachrichten ausblenden" }).click();
  await expect(page.getByRole("button", { name: "Nachrichten einblenden" })).toBeVisible();
  await expectNoEnglish(main);
  await expectNoOverflow(page);
  await expectAccessible(page);

  // The buy dialog, its form and its confirmation.
  await page.getByRole("button", { name: "Aktie kaufen" }).click();
  const dialog = page.getByRole("dialog");
  await expect(
    dialog.getByRole("heading", { name: "Position eröffnen oder aufstocken" }),
  ).toBeVisible();
  await dialog.getByLabel("Hinzuzufügende Menge").fill("3");
  await expectNoEnglish(dialog);
  await expectAccessible(page);
  await shootAsItIs(page, "german-buy-form");
  await dialog.getByRole("button", { name: "Aktien hinzufügen" }).click();
  await expect(dialog.getByRole("heading", { name: "Kauf bestätigen" })).toBeVisible();
  await expect(dialog.getByText("Bestand nach dem Kauf")).toBeVisible();
  await expect(dialog.getByText("5 Aktien")).toBeVisible();
  await expectNoEnglish(dialog);
  await shootAsItIs(page, "german-buy-confirm");
  await dialog.getByRole("button", { name: "Zurück" }).click();
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(dialog).toHaveCount(0);

  // The crypto dashboard: the watched coin's card with its holding.
  await page.goto("/crypto-dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Krypto-Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ihre Krypto-Beobachtungsliste" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Krypto kaufen" })).toBeVisible();
  await expectNoEnglish(main);
  await expectNoOverflow(page);
  await expectAccessible(page);
  await shootAsItIs(page, "german-crypto-dashboard");

  // The transaction history, as cards on a phone.
  await page.goto("/transaction-history");
  await expect(page.getByRole("heading", { level: 1, name: "Transaktionsverlauf" })).toBeVisible();
  await expect(page.getByRole("button", { name: "CSV exportieren" })).toBeVisible();
  await expect(main.getByText("KAUF").first()).toBeVisible();
  await expectNoEnglish(main);
  await expectNoOverflow(page);
  await expectAccessible(page);
  await shootAsItIs(page, "german-history");
  // On a laptop the filters' longer German buttons wrap inside the card, not past its edge.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole("button", { name: "Filter anwenden" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await page.setViewportSize({ width: 390, height: 844 });

  // The price alerts, with one alert set from the research page.
  await page.goto("/research/AAPL");
  await page.getByRole("button", { name: "Alarm setzen für AAPL" }).click();
  await expect(dialog.getByRole("heading", { name: "Alarm setzen für AAPL" })).toBeVisible();
  await expectNoEnglish(dialog);
  await dialog.getByLabel("Kurs (USD)").fill("1000");
  await dialog.getByRole("button", { name: "Alarm setzen" }).click();
  await expect(dialog).toHaveCount(0);
  await page.goto("/alerts");
  await expect(page.getByRole("heading", { level: 1, name: "Kursalarme" })).toBeVisible();
  await expect(main.getByText("Kurs bei oder über")).toBeVisible();
  await expect(main.getByText("Aktiv", { exact: true })).toBeVisible();
  await expectNoEnglish(main);
  await expectNoOverflow(page);
  await expectAccessible(page);
  await shootAsItIs(page, "german-alerts");
});

test("a German user's fired alert toasts and rings the bell in German", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await signedInPortfolioUser(page, request, "Greta Alarm");
  await switchToGerman(page);
  await page.goto("/alerts");
  const bell = page.getByRole("button", { name: "Benachrichtigungen", exact: true });
  await expect(bell).toBeVisible();
  // Below a level no coin reaches: BTC is under it already, so the alert fires on the server.
  const created = await request.post("/api/alerts", {
    headers: { authorization: `Bearer ${user.token}` },
    data: {
      assetType: "CRYPTO",
      symbol: "BTC",
      condition: "below",
      value: "1000000000",
      note: "take profit",
    },
  });
  expect(created.status()).toBe(200);
  // Stored in English; the bell's next poll reads it in German, and toasts it as new.
  const german =
    /BTC steht bei \$\d{1,3}(,\d{3})*\.\d{2}, auf oder unter Ihrer Alarmschwelle von \$1,000,000,000\.00\. Notiz: take profit/;
  await expect(page.getByText(german).first()).toBeVisible({ timeout: 30_000 });
  const ringing = page.getByRole("button", { name: "Benachrichtigungen, 1 ungelesen" });
  await ringing.click();
  const centre = page.getByRole("menu", { name: "Benachrichtigungen, 1 ungelesen" });
  await expect(centre.getByText(german)).toBeVisible();
  await expectNoEnglish(centre);
  await expectAccessible(page);
});
