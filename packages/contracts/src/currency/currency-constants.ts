/**
 * The currencies a person may show their figures in (issue 36). Amounts are stored in USD; the
 * others are shown converted at each figure's own day's rate.
 */
export const displayCurrencies = ["USD", "EUR", "GBP", "CHF", "JPY", "CAD", "AUD"] as const;
export type DisplayCurrency = (typeof displayCurrencies)[number];

export const DEFAULT_DISPLAY_CURRENCY: DisplayCurrency = "USD";

/** Names for the settings select. */
export const displayCurrencyNames: Readonly<Record<DisplayCurrency, string>> = {
  USD: "US dollar (USD)",
  EUR: "Euro (EUR)",
  GBP: "British pound (GBP)",
  CHF: "Swiss franc (CHF)",
  JPY: "Japanese yen (JPY)",
  CAD: "Canadian dollar (CAD)",
  AUD: "Australian dollar (AUD)",
};

export function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return (displayCurrencies as readonly unknown[]).includes(value);
}

export const currencyMessages = {
  saved: "Display currency saved",
  failedToSave: "Failed to save the display currency",
  failedToLoad: "Failed to load the display currency",
  unknownCurrency: `Display currency must be one of ${displayCurrencies.join(", ")}`,
} as const;
