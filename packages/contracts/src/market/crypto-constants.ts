/** The crypto screens' constants (spec sections 4, 5 and 9). */
export const CRYPTO_QUANTITY_STEP = "0.000001";
export const CRYPTO_PRICE_STEP = "0.01";
export const CRYPTO_SEARCH_HISTORY_KEY = "crypto-search-history";
export const CRYPTO_SEARCH_HISTORY_LIMIT = 5;
export const CRYPTO_DASHBOARD_INTRO_KEY = "crypto_dashboard_intro";
export const CRYPTO_SEARCH_INTRO_KEY = "crypto_search_intro";
/** The 'Cannot remove ... while it is in your portfolio' notice. */
export const CRYPTO_REMOVE_BLOCKED_NOTICE_MS = 3000;
/** Money derived on the server (values, cost basis, gain/loss) keeps this many decimals. */
export const CRYPTO_VALUE_DECIMALS = 8;

export const cryptoMessages = {
  watchlistEmpty: "Start building your watchlist by searching and adding cryptocurrencies.",
  noSavedCryptos: "No Saved Cryptocurrencies",
} as const;
