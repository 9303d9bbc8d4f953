import { cryptoBuyInput } from "@ledgerline/contracts";
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

export const cryptoPortfolioRoutes = [
  restRoute({
    method: "GET",
    url: "/cryptoportfolio",
    operationId: "listCryptoPositions",
    tag: "Crypto",
    summary:
      "The crypto positions of the signed-in user, sorted by symbol, with currentValue (quantity x current price), cost basis and gain/loss computed on the server; market figures are null while a quote is unavailable",
    access: "user",
    refusals: marketRefusals,
    response: z.array(restValuedPosition),
    call: async (caller) => (await caller.cryptoPortfolio.list()).map(valuedPositionWithNumbers),
  }),
  restRoute({
    method: "POST",
    url: "/cryptoportfolio",
    operationId: "buyCrypto",
    tag: "Crypto",
    summary:
      "Buy: open a position in a coin the market knows (404 'Cryptocurrency not found' otherwise), or add to the one held; quantities exact to 8 decimals; the CRYPTO transaction is written with it",
    access: "user",
    refusals: { 404: "Cryptocurrency not found", ...marketRefusals },
    body: cryptoBuyInput,
    response: restTradeResult,
    call: async (caller, { body }) => tradeWithNumbers(await caller.cryptoPortfolio.buy(body)),
  }),
  restRoute({
    method: "PUT",
    url: "/cryptoportfolio/:id",
    operationId: "buyMoreCrypto",
    tag: "Crypto",
    summary:
      "Buy more of a position (QuantityToBuy). QuantityAlreadyOwned (owned plus bought) is checked as a precondition: 409 when the holding changed",
    access: "user",
    refusals: marketRefusals,
    params: positionIdParams,
    body: buyMoreBody,
    response: restTradeResult,
    call: async (caller, { params, body }) =>
      tradeWithNumbers(await caller.cryptoPortfolio.buyMore(buyMoreFromBody(params.id, body))),
  }),
  restRoute({
    method: "POST",
    url: "/cryptoportfolio/:id/sell",
    operationId: "sellCrypto",
    tag: "Crypto",
    summary:
      "Sell from a position at the given price or, without one, the current market price; more than held is a 400 ('Invalid sell quantity'), also under concurrent sells; selling everything closes (deletes) the position",
    access: "user",
    refusals: marketRefusals,
    params: positionIdParams,
    body: sellBody,
    response: restTradeResult,
    call: async (caller, { params, body }) =>
      tradeWithNumbers(await caller.cryptoPortfolio.sell(sellFromBody(params.id, body))),
  }),
];
