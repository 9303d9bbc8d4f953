import { CRYPTO_VALUE_DECIMALS, type CryptoPosition } from "@ledgerline/contracts";
import type { Position } from "@ledgerline/db";
import { multiply, percent, round, subtract, type Decimal } from "@ledgerline/money";
import { knownCryptoQuote } from "./crypto-watchlist";
import { toPositionView, type AssetMarket } from "./portfolio";
import type { UserScope } from "./scope";

/**
 * Crypto positions trade through the same buy, buy-more and sell services as stocks (the
 * repository writes each trade and its CRYPTO transaction row in one database transaction); this
 * says where their prices come from. A coin the market does not know is 'Cryptocurrency not found'.
 */
export const cryptoMarket: AssetMarket = {
  assetType: "CRYPTO",
  currentPrice: async (scope, symbol) => (await knownCryptoQuote(scope, symbol)).price,
};

const money = (value: Decimal) => round(value, CRYPTO_VALUE_DECIMALS);

function toCryptoPosition(position: Position, price: Decimal | undefined): CryptoPosition {
  const costBasis = money(multiply(position.quantity, position.averagePrice));
  const currentValue = price === undefined ? null : money(multiply(position.quantity, price));
  const gainLoss = currentValue === null ? null : subtract(currentValue, costBasis);
  return {
    ...toPositionView(position),
    costBasis,
    currentPrice: price ?? null,
    currentValue,
    gainLoss,
    gainLossPercent: gainLoss === null ? null : percent(gainLoss, costBasis, 4),
  };
}

/**
 * The user's crypto positions, sorted by symbol, each valued at the current quote (from the market
 * service's cache). A coin whose quote is unavailable is listed without market figures.
 */
export async function listCryptoPositions(scope: UserScope): Promise<CryptoPosition[]> {
  const positions = await scope.deps.repos.portfolio.list(scope.user.id, "CRYPTO");
  if (positions.length === 0) return [];
  const results = await scope.deps.market.crypto.getQuotes(
    positions.map((position) => position.symbol),
  );
  const prices = new Map(
    results.flatMap((result) => (result.ok ? [[result.symbol, result.quote.price] as const] : [])),
  );
  return positions.map((position) => toCryptoPosition(position, prices.get(position.symbol)));
}
