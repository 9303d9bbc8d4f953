import { cryptoBuyInput } from "@ledgerline/contracts";
import { tradingRoutes } from "./trading.rest";

export const cryptoPortfolioRoutes = tradingRoutes({
  path: "/cryptoportfolio",
  tag: "Crypto",
  noun: "Crypto",
  kind: "crypto",
  buyInput: cryptoBuyInput,
  unknownSymbol: "Cryptocurrency not found",
  // Coin quotes are not tracked for freshness: their positions are read afresh each time.
  listCached: false,
  procedures: (caller) => caller.cryptoPortfolio,
  buy: (caller, body) => caller.cryptoPortfolio.buy(body),
});
