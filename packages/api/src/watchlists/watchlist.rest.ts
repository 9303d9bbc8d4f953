import {
  messageResult,
  postedFigure,
  stockSnapshot,
  type SavedStock,
  type StockSnapshot,
} from "@ledgerline/contracts";
import { z } from "zod";
import { numericSchema, withNumbers } from "../platform/rest/numbers";
import { marketRefusals, restRoute } from "../platform/rest/route";

const priceKeys = ["price", "change", "open", "high", "low", "previousClose"] as const;

const symbolParams = z.object({ symbol: z.string().describe("The ticker symbol, e.g. AAPL") });

/** The spec's saved stock: the snapshot fields as JSON numbers, flat beside the symbol. */
const restSavedStock = numericSchema(stockSnapshot, priceKeys).extend({
  changePercent: z.number().nullable(),
  marketCap: z.number().nullable(),
  volume: z.number().nullable(),
  timestamp: z.string().nullable(),
  marketStatus: z.string().nullable(),
  savedAt: z.iso.datetime({ offset: true }),
  stale: z
    .boolean()
    .describe(
      "True when the market could not refresh the symbol: the figures are the last ones stored",
    ),
});

const missingSnapshot = {
  price: null,
  change: null,
  changePercent: null,
  marketCap: null,
  volume: null,
  timestamp: null,
  open: null,
  high: null,
  low: null,
  previousClose: null,
  marketStatus: null,
};

function savedStockWithNumbers(item: SavedStock) {
  const figures = item.snapshot
    ? withNumbers<StockSnapshot, (typeof priceKeys)[number]>(item.snapshot, priceKeys)
    : missingSnapshot;
  return {
    ...figures,
    symbol: item.symbol,
    companyName: item.companyName,
    savedAt: item.savedAt,
    stale: item.stale,
  };
}

/** What the original client posted; described for compatibility, never stored. */
const postedSnapshot = stockSnapshot
  .omit({ symbol: true })
  .extend(Object.fromEntries(priceKeys.map((key) => [key, postedFigure(key)])))
  .partial()
  .describe(
    "The snapshot fields of the original client. Accepted and ignored: the server saves the snapshot from its own market service",
  );

export const watchlistRoutes = [
  restRoute({
    method: "GET",
    url: "/savedstocks",
    operationId: "listSavedStocks",
    tag: "Stocks",
    summary:
      "The watchlist, sorted by symbol; each stock refreshed from the market service, or its last stored figures (stale) when that fails",
    access: "user",
    refusals: marketRefusals,
    cachedAnswer: "own-data",
    response: z.array(restSavedStock),
    call: async (caller) => (await caller.watchlist.list()).map(savedStockWithNumbers),
  }),
  restRoute({
    method: "POST",
    url: "/savedstocks/:symbol",
    operationId: "saveStock",
    tag: "Stocks",
    summary:
      "Add a stock to the watchlist (or refresh it). The body is accepted but ignored: the server takes the snapshot from its own market service. Unknown symbols: 404",
    access: "user",
    refusals: marketRefusals,
    params: symbolParams,
    body: postedSnapshot,
    response: restSavedStock,
    call: async (caller, { params }) =>
      savedStockWithNumbers(await caller.watchlist.save({ symbol: params.symbol })),
  }),
  restRoute({
    method: "DELETE",
    url: "/savedstocks/:symbol",
    operationId: "removeSavedStock",
    tag: "Stocks",
    summary:
      "Remove a stock from the watchlist; 409 while it is in the portfolio, 404 when it is not watched",
    access: "user",
    params: symbolParams,
    response: messageResult,
    call: (caller, { params }) => caller.watchlist.remove({ symbol: params.symbol }),
  }),
];
