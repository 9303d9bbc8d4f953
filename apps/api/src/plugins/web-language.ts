/**
 * Which language's web build a request gets (decision 0065: one build per language). A document
 * request carries no session (the token lives in the tab's sessionStorage), so the account's
 * language reaches the server as the cookie the app sets at sign-in and on a change in settings;
 * before any, the browser's Accept-Language; else English.
 */
import { languageCookie, webLanguages, type WebLanguage } from "@ledgerline/contracts";

const isWebLanguage = (text: string): text is WebLanguage =>
  (webLanguages as readonly string[]).includes(text);

/** The language part of a locale tag (`de-CH` -> `de`), if a build speaks it. */
export function webLanguageOf(locale: string | null | undefined): WebLanguage | undefined {
  const language = locale?.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return isWebLanguage(language) ? language : undefined;
}

function fromCookie(header: string | undefined): WebLanguage | undefined {
  for (const part of header?.split(";") ?? []) {
    const [name, value] = part.split("=");
    if (name?.trim() === languageCookie) return webLanguageOf(value);
  }
  return undefined;
}

/** The best-weighted language of an Accept-Language header that a build speaks. */
function fromAcceptLanguage(header: string | undefined): WebLanguage | undefined {
  const ranked = (header ?? "")
    .split(",")
    .map((entry, order) => {
      const [tag, ...params] = entry.split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: webLanguageOf(tag), weight: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => entry.language && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  return ranked[0]?.language;
}

export function requestLanguage(headers: {
  cookie?: string;
  "accept-language"?: string;
}): WebLanguage {
  return fromCookie(headers.cookie) ?? fromAcceptLanguage(headers["accept-language"]) ?? "en";
}
