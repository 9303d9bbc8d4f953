import {
  messageResult,
  saveCryptoInput,
  savedCrypto,
  type SavedCrypto,
} from "@ledgerline/contracts";
import { z } from "zod";
import { numericSchema, withNumbers } from "../platform/rest/numbers";
import { marketRefusals, restRoute } from "../platform/rest/route";

const symbolParams = z.object({ symbol: z.string().describe("The coin's symbol, e.g. BTC") });

/** The spec: "Price and open are read back as text"; the other figures are JSON numbers. */
const numericFields = ["change", "high24h", "low24h", "savedPrice"] as const;
const restSavedCrypto = numericSchema(savedCrypto, numericFields);
const savedCryptoWithNumbers = (item: SavedCrypto) => withNumbers(item, numericFields);

export const cryptoWatchlistRoutes = [
  restRoute({
    method: "GET",
    url: "/savedcryptos",
    operationId: "listSavedCryptos",
    tag: "Crypto",
    summary:
      "The signed-in user's watched coins, sorted by symbol, with live quotes and the price each was saved at; price and open are decimal text",
    access: "user",
    refusals: marketRefusals,
    response: z.array(restSavedCrypto),
    call: async (caller) => (await caller.cryptoWatchlist.list()).map(savedCryptoWithNumbers),
  }),
  restRoute({
    method: "POST",
    url: "/savedcryptos/:symbol",
    operationId: "saveCrypto",
    tag: "Crypto",
    summary:
      "Save (with the spec's body) or add (with no body) a coin to the watchlist. The body's figures are accepted for compatibility but not used: the server saves its own current quote, whose price becomes the saved price. 404 'Cryptocurrency not found' for a coin the market does not know",
    access: "user",
    refusals: marketRefusals,
    params: symbolParams,
    body: saveCryptoInput.omit({ symbol: true }).partial(),
    response: restSavedCrypto,
    call: async (caller, { params, body }) =>
      savedCryptoWithNumbers(await caller.cryptoWatchlist.save({ ...body, symbol: params.symbol })),
  }),
  restRoute({
    method: "DELETE",
    url: "/savedcryptos/:symbol",
    operationId: "removeSavedCrypto",
    tag: "Crypto",
    summary:
      "Remove a coin from the watchlist; 409 'Cannot remove {symbol} from watchlist while it is in your portfolio' while it is held",
    access: "user",
    params: symbolParams,
    response: messageResult,
    call: (caller, { params }) => caller.cryptoWatchlist.remove({ symbol: params.symbol }),
  }),
];
