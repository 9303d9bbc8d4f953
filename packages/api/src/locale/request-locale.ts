import { closestLocale, type SupportedLocale } from "@ledgerline/contracts";
import type { RequestScope } from "../platform/scope";

/**
 * The locale an account made without one starts in (single sign-on, REST registration without a
 * locale): the supported one closest to the request's Accept-Language, so a browser that never
 * ran the register form's script still gets its language; en-US without the header.
 */
export function requestLocale(scope: RequestScope): SupportedLocale {
  return closestLocale(preferredLanguages(scope.acceptLanguage ?? ""));
}

/** Tags read past this many are ignored: a browser sends a handful, a hostile client thousands. */
const MAX_TAGS = 20;

/**
 * An Accept-Language header's tags, most preferred first (RFC 9110 §12.5.4): by quality, ties
 * in the header's order; a tag weighted q=0 is one the browser refuses, and "*" names none.
 */
export function preferredLanguages(header: string): string[] {
  return header
    .split(",")
    .slice(0, MAX_TAGS)
    .map((part, order) => {
      const [tag = "", ...params] = part.split(";").map((piece) => piece.trim());
      const weight = params.find((param) => /^q=/i.test(param));
      const quality = weight === undefined ? 1 : Number(weight.slice(2));
      return { tag, quality: Number.isFinite(quality) ? quality : 0, order };
    })
    .filter(({ tag, quality }) => tag !== "" && tag !== "*" && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order)
    .map(({ tag }) => tag);
}
