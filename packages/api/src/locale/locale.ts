import {
  DEFAULT_LOCALE,
  isSupportedLocale,
  type LocaleSetting,
  type SupportedLocale,
} from "@ledgerline/contracts";
import type { UserScope } from "../platform/scope";

/** A stored locale, or en-US for a value the formats do not know (never written, but read safely). */
export function supportedLocaleOf(stored: string | null | undefined): SupportedLocale {
  return isSupportedLocale(stored) ? stored : DEFAULT_LOCALE;
}

/**
 * The signed-in user's locale (issue 36), read from the row, not the session's cached user: a
 * change shows on the next read in every session.
 */
export async function localeSetting(scope: UserScope): Promise<LocaleSetting> {
  const row = await scope.deps.repos.users.findById(scope.user.id);
  return { locale: supportedLocaleOf(row?.locale) };
}

export async function setLocale(scope: UserScope, input: LocaleSetting): Promise<LocaleSetting> {
  await scope.deps.repos.users.setLocale(scope.user.id, input.locale);
  return { locale: input.locale };
}
