import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";

type Catalog = Record<string, string>;
const catalog = (language: string): Catalog =>
  JSON.parse(
    readFileSync(
      resolve(import.meta.dirname, `../../packages/messages/messages/${language}.json`),
      "utf8",
    ),
  ) as Catalog;

/**
 * The catalog's English texts that German words differently, as the longest stretch between
 * placeholders: what a German page must not show. Short ones ("OK", "Email") are left out, since
 * they can stand in German too.
 */
function englishOnly(language: string): string[] {
  const english = catalog("en");
  const other = catalog(language);
  const pieces = new Set<string>();
  for (const [key, text] of Object.entries(english)) {
    if (key === "$schema" || other[key] === text) continue;
    const piece = text
      .split(/\{[^}]*\}/)
      .reduce((longest, part) => (part.trim().length > longest.length ? part.trim() : longest), "");
    if (piece.length >= 8) pieces.add(piece);
  }
  return [...pieces];
}

/**
 * Whether `text` stands in `shown` as words of its own: English "Dividend" is not in German
 * "Dividendenerträge".
 */
function showsWords(shown: string, text: string): boolean {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<!\\p{L})${escaped}(?!\\p{L})`, "u").test(shown);
}

/** Expects none of the catalog's English texts in what the part of the page shows. */
export async function expectNoEnglish(part: Locator, language = "de") {
  const shown = await part.innerText();
  expect(englishOnly(language).filter((text) => showsWords(shown, text))).toEqual([]);
}

/** Switches the signed-in account to German in its settings; the page reloads into that build. */
export async function switchToGerman(page: Page) {
  await page.goto("/account");
  const select = page.getByLabel("Write numbers and dates as in");
  const reloaded = page.waitForEvent("load");
  await select.selectOption("de-DE");
  await reloaded;
  // The settings page is itself German now, so the cookie tells the switch happened.
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === "ledgerline-language")?.value).toBe("de");
}
