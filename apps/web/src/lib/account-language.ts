// Apart from ./locale.ts, which every compiled message imports: this is for the signed-in
// layout only, not the first route's code.
import { languageCookie, webLanguages } from "@ledgerline/contracts/browser";
import { experimentalStaticLocale } from "./locale";

const reloadKey = "languageReload";

/**
 * Keeps the signed-in account's language (the language part of its locale; English for a locale
 * without a build) in the cookie, and reloads into that language's build when this is another.
 * An account that has no locale yet leaves the browser's choice (Accept-Language) in place.
 */
export function followAccountLanguage(locale: string | null | undefined): void {
  const language = locale?.split("-")[0];
  if (!language) return;
  const wanted = (webLanguages as readonly string[]).includes(language) ? language : "en";
  document.cookie = `${languageCookie}=${wanted}; path=/; max-age=31536000; samesite=lax`;
  if (wanted === experimentalStaticLocale) return sessionStorage.removeItem(reloadKey);
  // Once per language: offline, the service worker's kept page is the build it was installed
  // with, and reloading would only open that one again, without end.
  if (sessionStorage.getItem(reloadKey) === wanted) return;
  sessionStorage.setItem(reloadKey, wanted);
  location.reload();
}
