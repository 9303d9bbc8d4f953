import {
  DEFAULT_DISPLAY_CURRENCY,
  isDisplayCurrency,
  type DisplayCurrency,
  type DisplayCurrencySetting,
  type FxRates,
  type FxRatesInput,
} from "@ledgerline/contracts";
import type { UserScope } from "../platform/scope";

/**
 * The signed-in user's display currency (issue 36). Read from the row, not the session's cached
 * user: a change shows on the next read in every session.
 */
export async function displayCurrencyOf(scope: UserScope): Promise<DisplayCurrency> {
  const row = await scope.deps.repos.users.findById(scope.user.id);
  const stored = row?.displayCurrency;
  return isDisplayCurrency(stored) ? stored : DEFAULT_DISPLAY_CURRENCY;
}

export async function displayCurrencySetting(scope: UserScope): Promise<DisplayCurrencySetting> {
  return { currency: await displayCurrencyOf(scope) };
}

export async function setDisplayCurrency(
  scope: UserScope,
  input: DisplayCurrencySetting,
): Promise<DisplayCurrencySetting> {
  await scope.deps.repos.users.setDisplayCurrency(scope.user.id, input.currency);
  return { currency: input.currency };
}

/**
 * The rates the web applies to the figures of [from, to] in the user's currency (decision 0060):
 * each day's published rate, the one in force on `from`, and the latest for today's figures.
 */
export async function displayRates(scope: UserScope, input: FxRatesInput): Promise<FxRates> {
  const currency = await displayCurrencyOf(scope);
  if (currency === "USD") return { currency, latest: null, days: [] };
  const rates = await scope.deps.market.fx.rates(currency, input.from, input.to);
  return { currency, ...rates };
}
