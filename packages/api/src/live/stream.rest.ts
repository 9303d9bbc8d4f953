import {
  cryptoQuote,
  LIVE_HEARTBEAT_MS,
  LIVE_STREAMS_LIMIT,
  stockSnapshot,
} from "@ledgerline/contracts";
import { z } from "zod";
import { LiveQuoteSubscription } from "./live.router";
import { EventStreamAnswer } from "../platform/rest/event-stream";
import { marketRefusals, restRoute } from "../platform/rest/route";

const streamQuery = z.object({
  symbols: z
    .string()
    .min(1)
    .describe("Comma-separated stock tickers and coin symbols, e.g. AAPL,BTC (at most 100)"),
});

/** The data of one `quote` event: the quote's fields (decimals as exact strings) and its kind. */
const quoteEvent = z.union([
  stockSnapshot.extend({ assetType: z.literal("STOCK") }),
  cryptoQuote.extend({ assetType: z.literal("CRYPTO") }),
]);

export const streamRoutes = [
  restRoute({
    method: "GET",
    url: "/stream",
    operationId: "streamQuotes",
    tag: "Market data",
    summary: "Live prices of some stocks and coins, as server-sent events",
    description: [
      "A `text/event-stream` that stays open. Each change of a symbol's quote is an event named `quote` whose data is the quote as JSON (the fields of the stock snapshot or crypto quote, decimals as exact strings, and `assetType`); the latest known quote of each symbol comes first.",
      `A comment line \`: heartbeat\` is sent every ${LIVE_HEARTBEAT_MS / 1000} s. Each event has an id; a client that reconnects with the \`Last-Event-ID\` header gets only the quotes that changed since.`,
      "A symbol that is a known coin is streamed as crypto, any other as a stock. A user watches at most 100 distinct symbols at once, across all their open streams (this one, the web app's, other clients'); a stream that would go past that is refused with a 400.",
      `A user holds at most ${LIVE_STREAMS_LIMIT} streams open at once on one server process; another is refused with a 429 until one ends.`,
    ].join("\n\n"),
    access: "user",
    refusals: marketRefusals,
    query: streamQuery,
    response: quoteEvent,
    mediaType: "text/event-stream",
    call: async (caller, { query, headers }) => {
      const symbols = [
        ...new Set(
          query.symbols
            .split(",")
            .map((symbol) => symbol.trim().toUpperCase())
            .filter(Boolean),
        ),
      ];
      const coins = new Set((await caller.crypto.currencies()).map((coin) => coin.id));
      const lastEventId = headers["last-event-id"];
      const ticks = await caller.live.quotes({
        stocks: symbols.filter((symbol) => !coins.has(symbol)),
        crypto: symbols.filter((symbol) => coins.has(symbol)),
        lastEventId: typeof lastEventId === "string" ? lastEventId : null,
      });
      if (!(ticks instanceof LiveQuoteSubscription)) throw new Error("live.quotes changed shape");
      const { deps, instruments, options, release } = ticks;
      return new EventStreamAnswer((sink) => {
        // The client may have gone while the stream was being set up.
        if (sink.destroyed) return release();
        const end = deps.quoteStreams.open(sink, instruments, { after: options.after, release });
        sink.once("close", end);
      });
    },
  }),
];
