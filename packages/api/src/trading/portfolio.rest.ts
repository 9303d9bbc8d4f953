import { stockBuyInput } from "@ledgerline/contracts";
import { tradingRoutes } from "./trading.rest";

export const portfolioRoutes = tradingRoutes({
  path: "/portfolio",
  tag: "Stocks",
  noun: "Stock",
  kind: "stock",
  buyInput: stockBuyInput,
  unknownSymbol: "The market does not know the symbol",
  procedures: (caller) => caller.portfolio,
  listCached: true,
  buy: (caller, body) => caller.portfolio.buy(body),
});
