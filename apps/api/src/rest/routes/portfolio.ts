import { stockBuyInput } from "@ledgerline/contracts";
import { z } from "zod";
import { marketRefusals, restRoute } from "../route";
import {
  buyMoreBody,
  buyMoreFromBody,
  positionIdParams,
  restTradeResult,
  restValuedPosition,
  sellBody,
  sellFromBody,
  tradeWithNumbers,
  valuedPositionWithNumbers,
} from "../trades";

export const portfolioRoutes = [
  restRoute({
    method: "GET",
    url: "/portfolio",
    operationId: "listStockPositions",
    tag: "Stocks",
    summary:
      "The stock positions of the signed-in user, sorted by symbol, with currentValue (quantity x current price), cost basis and gain/loss computed on the server, as for crypto; market figures are null while a quote is unavailable",
    access: "user",
    refusals: marketRefusals,
    response: z.array(restValuedPosition),
    call: async (caller) => (await caller.portfolio.list()).map(valuedPositionWithNumbers),
  }),
  restRoute({
    method: "POST",
    url: "/portfolio",
    operationId: "buyStock",
    tag: "Stocks",
    summary:
      "Buy: open a position in a symbol the market knows (404 otherwise), or add to the one held; the average price is recomputed exactly and the transaction written with it",
    access: "user",
    refusals: { 404: "The market does not know the symbol", ...marketRefusals },
    body: stockBuyInput,
    response: restTradeResult,
    call: async (caller, { body }) => tradeWithNumbers(await caller.portfolio.buy(body)),
  }),
  restRoute({
    method: "PUT",
    url: "/portfolio/:id",
    operationId: "buyMoreStock",
    tag: "Stocks",
    summary:
      "Buy more of a position (QuantityToBuy). QuantityAlreadyOwned (held plus bought) is checked as a precondition: 409 when the holding changed",
    access: "user",
    refusals: marketRefusals,
    params: positionIdParams,
    body: buyMoreBody,
    response: restTradeResult,
    call: async (caller, { params, body }) =>
      tradeWithNumbers(await caller.portfolio.buyMore(buyMoreFromBody(params.id, body))),
  }),
  restRoute({
    method: "POST",
    url: "/portfolio/:id/sell",
    operationId: "sellStock",
    tag: "Stocks",
    summary:
      "Sell from a position at the given price or, without one, the current market price; more than held is a 400 ('Invalid sell quantity'); selling everything closes (deletes) the position",
    access: "user",
    refusals: marketRefusals,
    params: positionIdParams,
    body: sellBody,
    response: restTradeResult,
    call: async (caller, { params, body }) =>
      tradeWithNumbers(await caller.portfolio.sell(sellFromBody(params.id, body))),
  }),
];
