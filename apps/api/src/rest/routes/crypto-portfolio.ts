import { cryptoBuyInput } from "@ledgerline/contracts";
import { z } from "zod";
import { defineRoutes } from "../route";
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

export const cryptoPortfolioRoutes = defineRoutes([
  {
    method: "GET",
    url: "/cryptoportfolio",
    tag: "Crypto",
    summary:
      "The crypto positions of the signed-in user, sorted by symbol, with currentValue (quantity x current price), cost basis and gain/loss computed on the server; market figures are null while a quote is unavailable",
    access: "user",
    response: z.array(restValuedPosition),
    call: async (caller) => (await caller.cryptoPortfolio.list()).map(valuedPositionWithNumbers),
  },
  {
    method: "POST",
    url: "/cryptoportfolio",
    tag: "Crypto",
    summary:
      "Buy: open a position in a coin the market knows (404 'Cryptocurrency not found' otherwise), or add to the one held; quantities exact to 8 decimals; the CRYPTO transaction is written with it",
    access: "user",
    body: cryptoBuyInput,
    response: restTradeResult,
    call: async (caller, { body }) =>
      tradeWithNumbers(await caller.cryptoPortfolio.buy(body as z.input<typeof cryptoBuyInput>)),
  },
  {
    method: "PUT",
    url: "/cryptoportfolio/:id",
    tag: "Crypto",
    summary:
      "Buy more of a position (QuantityToBuy). QuantityAlreadyOwned (owned plus bought) is checked as a precondition: 409 when the holding changed",
    access: "user",
    params: positionIdParams,
    body: buyMoreBody,
    response: restTradeResult,
    call: async (caller, { params, body }) =>
      tradeWithNumbers(await caller.cryptoPortfolio.buyMore(buyMoreFromBody(params.id, body))),
  },
  {
    method: "POST",
    url: "/cryptoportfolio/:id/sell",
    tag: "Crypto",
    summary:
      "Sell from a position at the given price or, without one, the current market price; more than held is a 400 ('Invalid sell quantity'), also under concurrent sells; selling everything closes (deletes) the position",
    access: "user",
    params: positionIdParams,
    body: sellBody,
    response: restTradeResult,
    call: async (caller, { params, body }) =>
      tradeWithNumbers(await caller.cryptoPortfolio.sell(sellFromBody(params.id, body))),
  },
]);
