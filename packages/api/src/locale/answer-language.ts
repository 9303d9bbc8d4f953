import { webLanguages, type WebLanguage } from "@ledgerline/contracts";
import { preferredLanguages } from "./request-locale";

/**
 * The language the API writes its texts in (decision 0070): one the message catalog speaks,
 * the web builds' languages.
 */
export type AnswerLanguage = WebLanguage;

const isWebLanguage = (text: string): text is WebLanguage =>
  (webLanguages as readonly string[]).includes(text);

/** The language part of a locale tag (`de-CH` -> `de`), if the catalog speaks it. */
export function webLanguageOf(locale: string | null | undefined): WebLanguage | undefined {
  const language = locale?.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return isWebLanguage(language) ? language : undefined;
}

/** The most preferred language of an Accept-Language header that the catalog speaks. */
export function acceptedLanguage(header: string | null | undefined): WebLanguage | undefined {
  for (const tag of preferredLanguages(header ?? "")) {
    const language = webLanguageOf(tag);
    if (language) return language;
  }
  return undefined;
}

/**
 * The language of a request's answers: a signed-in account's own (its locale's language, English
 * for one the catalog does not speak, such as fr-FR); else the Accept-Language header's; else
 * English, so a REST client that sends no Accept-Language reads what it always read.
 */
export function answerLanguage(request: {
  user: { locale: string } | null;
  acceptLanguage: string | null;
}): AnswerLanguage {
  if (request.user) return webLanguageOf(request.user.locale) ?? "en";
  return acceptedLanguage(request.acceptLanguage) ?? "en";
}
