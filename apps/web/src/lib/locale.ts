/**
 * The language of this build, for the compiled message catalog (@ledgerline/messages, decision
 * 0065). Each language is a build of its own, so the language is a constant the bundler folds into
 * every message: a reader's code holds their language's texts only, and no locale runtime. The
 * catalog's messages import `../runtime.js`; vite.config.ts points that import here, so these two
 * exports are all of "the runtime" the browser gets.
 */

import type { WebLanguage } from "@ledgerline/contracts/browser";

/** One of the languages the catalog is written in (contracts' webLanguages). */
export type Language = WebLanguage;

/** Set by vite.config.ts (`define`) from the build mode; read by every compiled message. */
export const experimentalStaticLocale: Language = __WEB_LANGUAGE__;

/** Never reached while the constant above is set; the compiled messages import it all the same. */
export function getLocale(): Language {
  return experimentalStaticLocale;
}
