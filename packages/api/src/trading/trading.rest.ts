import { accountFilter } from "@ledgerline/contracts";
import type { z } from "zod";
import { marketRefusals, restRoute, type Caller, type RestRequest } from "../platform/rest/route";
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
} from "./trades.rest-schema";

type Procedures = Caller["portfolio"] | Caller["cryptoPortfolio"];

/** What differs between the stock and the crypto trading paths: the rest is written once here. */
export interface TradingAsset<B extends z.ZodType> {
  /** The REST collection: `/portfolio` or `/cryptoportfolio`. */
  path: string;
  tag: string;
  /** The noun of the operationIds: `Stock` gives listStockPositions, buyStock, buyMoreStock, sellStock. */
  noun: string;
  /** The plural the listing's summary names: "stock", "crypto". */
  kind: string;
  buyInput: B;
  /** The 404 of a buy in a symbol the market does not know. */
  unknownSymbol: string;
  procedures(caller: Caller): Procedures;
  /** The positions list keeps its answers (the stock list: services/answer-cache.ts). */
  listCached: boolean;
  buy(
    caller: Caller,
    body: RestRequest<undefined, undefined, B>["body"],
  ): ReturnType<Procedures["buy"]>;
}

export function tradingRoutes<B extends z.ZodType>(asset: TradingAsset<B>) {
  return [
    restRoute({
      method: "GET",
      url: asset.path,
      operationId: `list${asset.noun}Positions`,
      tag: asset.tag,
      summary: `The ${asset.kind} positions of the signed-in user, sorted by symbol, with currentValue (quantity x current price), cost basis and gain/loss computed on the server; market figures are null while a quote is unavailable`,
      description:
        "Positions are held per investment account. Without `accountId` every account's are listed: a symbol held in several accounts has one row per account, each carrying `symbolTotal`, the symbol's total over them. Rows carry `accountId` only for a user who keeps more than one account.",
      query: accountFilter,
      access: "user",
      refusals: marketRefusals,
      ...(asset.listCached ? { cachedAnswer: "own-data" as const } : {}),
      response: restValuedPosition.array(),
      call: async (caller, { query }) =>
        (await asset.procedures(caller).list(query)).map(valuedPositionWithNumbers),
    }),
    restRoute({
      method: "POST",
      url: asset.path,
      operationId: `buy${asset.noun}`,
      tag: asset.tag,
      summary: `Buy: open a position in a symbol the market knows (404 '${asset.unknownSymbol}' otherwise), or add to the one held; quantities exact to 8 decimals, the average price recomputed exactly and the transaction written with it`,
      access: "user",
      refusals: { 404: asset.unknownSymbol, ...marketRefusals },
      body: asset.buyInput,
      response: restTradeResult,
      call: async (caller, { body }) => tradeWithNumbers(await asset.buy(caller, body)),
    }),
    restRoute({
      method: "PUT",
      url: `${asset.path}/:id`,
      operationId: `buyMore${asset.noun}`,
      tag: asset.tag,
      summary:
        "Buy more of a position (QuantityToBuy). QuantityAlreadyOwned (held plus bought) is checked as a precondition: 409 when the holding changed",
      access: "user",
      refusals: marketRefusals,
      params: positionIdParams,
      body: buyMoreBody,
      response: restTradeResult,
      call: async (caller, { params, body }) =>
        tradeWithNumbers(await asset.procedures(caller).buyMore(buyMoreFromBody(params.id, body))),
    }),
    restRoute({
      method: "POST",
      url: `${asset.path}/:id/sell`,
      operationId: `sell${asset.noun}`,
      tag: asset.tag,
      summary:
        "Sell from a position at the given price or, without one, the current market price; more than held is a 400 ('Invalid sell quantity'), also under concurrent sells; selling everything closes (deletes) the position",
      access: "user",
      refusals: marketRefusals,
      params: positionIdParams,
      body: sellBody,
      response: restTradeResult,
      call: async (caller, { params, body }) =>
        tradeWithNumbers(await asset.procedures(caller).sell(sellFromBody(params.id, body))),
    }),
  ];
}
