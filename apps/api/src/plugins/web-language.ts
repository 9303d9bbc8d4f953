/**
 * Which language's web build a request gets (decision 0065: one build per language). A document
 * request carries no session (the token lives in the tab's sessionStorage), so the account's
 * language reaches the server as the cookie the app sets at sign-in and on a change in settings;
 * before any, the browser's Accept-Language; else English. The API's own texts pick their
 * language alike (decision 0070: packages/api/src/locale/answer-language.ts).
 */
import { languageCookie, type WebLanguage } from "@ledgerline/contracts";
import { acceptedLanguage, webLanguageOf } from "@ledgerline/api/locale/answer-language";

function fromCookie(header: string | undefined): WebLanguage | undefined {
  for (const part of header?.split(";") ?? []) {
    const [name, value] = part.split("=");
    if (name?.trim() === languageCookie) return webLanguageOf(value);
  }
  return undefined;
}

export function requestLanguage(headers: {
  cookie?: string;
  "accept-language"?: string;
}): WebLanguage {
  return fromCookie(headers.cookie) ?? acceptedLanguage(headers["accept-language"]) ?? "en";
}
