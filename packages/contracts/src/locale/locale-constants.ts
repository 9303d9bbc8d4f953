/**
 * The locales figures and dates may be written in (issue 36): a short, closed list, each one
 * tested, so a stored value is always one the formats know. en-US is the spec's own format.
 */
export const supportedLocales = ["en-US", "en-GB", "de-DE", "de-CH", "fr-FR", "es-ES"] as const;
export type SupportedLocale = (typeof supportedLocales)[number];

export const DEFAULT_LOCALE: SupportedLocale = "en-US";

/** Names for the settings select, each in its own language so its reader can find it. */
export const localeNames: Readonly<Record<SupportedLocale, string>> = {
  "en-US": "English (United States)",
  "en-GB": "English (United Kingdom)",
  "de-DE": "Deutsch (Deutschland)",
  "de-CH": "Deutsch (Schweiz)",
  "fr-FR": "Français (France)",
  "es-ES": "Español (España)",
};

export function isSupportedLocale(value: unknown): value is SupportedLocale {
  return (supportedLocales as readonly unknown[]).includes(value);
}

/**
 * The supported locale closest to a browser's preferred languages (navigator.languages), first
 * preference first: an exact match (de-CH), else the first supported one of the same language
 * (de-AT reads as de-DE, "fr" as fr-FR); en-US when none shares a language.
 */
export function closestLocale(preferred: readonly string[]): SupportedLocale {
  for (const tag of preferred) {
    const exact = supportedLocales.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split("-")[0]?.toLowerCase();
    const sameLanguage = supportedLocales.find((locale) => locale.startsWith(`${language}-`));
    if (sameLanguage) return sameLanguage;
  }
  return DEFAULT_LOCALE;
}

export const localeMessages = {
  saved: "Language and region saved",
  failedToSave: "Failed to save the language and region",
  unknownLocale: `Locale must be one of ${supportedLocales.join(", ")}`,
} as const;

/**
 * The languages the web app is built in, one build each (decision 0065); English is the source
 * and the default. The web app's locale module and the API's choice of build both read this.
 */
export const webLanguages = ["en", "de", "es"] as const;
export type WebLanguage = (typeof webLanguages)[number];

/**
 * The cookie naming the build a page is served in: the web app writes the account's language
 * there, the API reads it on a document request (which carries no session).
 */
export const languageCookie = "ledgerline-language";
