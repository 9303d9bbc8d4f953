import { amountRule, mustBeGreaterThanZero } from "../shared/amount-messages";

/** The spec's texts for watchlists, buying and selling (sections 4, 5 and 8). */
export const portfolioMessages = {
  quantityMustBePositive: mustBeGreaterThanZero("Quantity"),
  purchasePriceMustBePositive: mustBeGreaterThanZero("Purchase price"),
  sellPriceMustBePositive: mustBeGreaterThanZero("Sell price"),
  invalidSellQuantity: "Invalid sell quantity",
  failedToAddToPortfolio: "Failed to add to portfolio",
  failedToSellPosition: "Failed to sell position",
  failedToReducePosition: "Failed to reduce position",
  failedToUpdateSavedStocks: "Failed to update saved stocks",
  failedToLoadStockData: "Failed to load stock data",
  failedToUpdateWatchlist: "Failed to update watchlist",
  failedToLoadSavedCryptos: "Failed to load saved cryptocurrencies",
  failedToLoadStockPortfolio: "Failed to load stock portfolio",
  failedToLoadCryptoPortfolio: "Failed to load crypto portfolio",
  failedToFetchTransactions: "Failed to fetch transactions",
  failedToLoadMarketSummary: "Failed to load market summary",
  failedToLoadCompanyInformation: "Failed to load company information",
  notInPortfolio: "Not currently in portfolio",
  positionNotFound: "Position not found",
  holdingChanged: "The holding changed since you opened this form; reload and try again",
  confirmRemoveStock: "Are you sure you want to remove this stock from your watchlist?",
  confirmRemoveCrypto: "Are you sure you want to remove this crypto from your watchlist?",
  purchaseDateInFuture: "Purchase date cannot be in the future",
  tradeTotalTooLarge: "An order's total (quantity x price) must be at most $10,000,000,000",
  tradeTotalWithFeeTooLarge:
    "An order's total with its fee (quantity x price + fee) must be at most $10,000,000,000",
  feeAboveProceeds: "Fee cannot be more than the sale's total (quantity x price)",
} as const;

/**
 * The largest order a person records, quantity x price: ten billion dollars, far past any one
 * person's trade (a typo such as 99,999,999,999 shares, $47 trillion, is refused) and far inside
 * what the stored decimals hold (20 integer digits).
 */
export const MAX_TRADE_TOTAL = "10000000000";

/**
 * The amounts of a buy or a sell: each one's name in the decimal rules' messages and the spec's
 * message for one that is not greater than 0. The schemas (portfolio.ts) and the web app's trade
 * forms check them alike, with checkDecimal.
 */
/** A trade's fee, in the decimal rules' messages ("Fee cannot be negative"). */
export const TRADE_FEE_LABEL = "Fee";

export const tradeAmounts = {
  quantity: amountRule("Quantity"),
  purchasePrice: amountRule("Purchase price"),
  sellPrice: amountRule("Sell price"),
  /** A sell quantity: the spec's one message for any bad value. */
  sellQuantity: amountRule("Quantity", portfolioMessages.invalidSellQuantity),
} as const;

export function cannotRemoveWhileHeld(symbol: string): string {
  return `Cannot remove ${symbol} from watchlist while it is in your portfolio`;
}

export function cannotSellMoreThanShares(held: string): string {
  return `Cannot sell more than ${held} shares`;
}

export function cannotSellMoreThanCrypto(owned: string, symbol: string): string {
  return `Cannot sell more than ${owned} ${symbol}, set Quantity to ${owned}`;
}

export function canOnlySellUpTo(amount: string, symbol: string): string {
  return `You can only sell up to ${amount} ${symbol}`;
}
