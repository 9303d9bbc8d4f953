import type { AssetMarket } from "./portfolio";
import { knownCryptoQuote } from "../watchlists/crypto-watchlist";

/**
 * Crypto positions trade through the same buy, buy-more and sell services as stocks (the
 * repository writes each trade and its CRYPTO transaction row in one database transaction); this
 * says where their prices come from. A coin the market does not know is 'Cryptocurrency not found'.
 */
export const cryptoMarket: AssetMarket = {
  assetType: "CRYPTO",
  currentPrice: async (scope, symbol) => (await knownCryptoQuote(scope, symbol)).price,
  currentPrices: async (scope, symbols) =>
    new Map(
      (await scope.deps.market.crypto.getQuotes(symbols)).flatMap((result) =>
        result.ok ? [[result.symbol, result.quote.price] as const] : [],
      ),
    ),
  // Crypto positions are not among the cached reads: their answers are never kept.
  pricesFreshUntil: async () => 0,
  // Coins have no splits or dividends.
  applyCorporateActions: async () => {},
};
