import { z } from "zod";
import { singleLineText } from "../shared/text";
import { LIVE_STREAMS_LIMIT, LIVE_SYMBOLS_LIMIT } from "../market/market-constants";
import {
  cryptoQuote,
  cryptoSymbol,
  decimalString,
  stockSnapshot,
  stockSymbol,
} from "../market/market";

export const liveMessages = {
  tooManySymbols: `At most ${LIVE_SYMBOLS_LIMIT} symbols at once`,
  tooManyForUser: `You can watch live prices of at most ${LIVE_SYMBOLS_LIMIT} symbols at once, across all your open screens and tabs; close one first`,
  tooManyStreams: `You have ${LIVE_STREAMS_LIMIT} live price streams open, the most at once; close a screen, tab or client that shows live prices first`,
} as const;

/**
 * Live prices (issue 12): a signed-in user watches at most LIVE_SYMBOLS_LIMIT symbols at once
 * and gets a tick whenever one's quote changes. `lastEventId` is the resume position an SSE
 * client reconnects with (tRPC passes it in the input; REST reads the Last-Event-ID header).
 */
export const liveQuotesInput = z
  .object({
    stocks: z.array(stockSymbol).default([]),
    crypto: z.array(cryptoSymbol).default([]),
    lastEventId: singleLineText("lastEventId").max(40).nullish(),
  })
  .refine(
    (input) => new Set(input.stocks).size + new Set(input.crypto).size <= LIVE_SYMBOLS_LIMIT,
    {
      message: liveMessages.tooManySymbols,
      path: ["stocks"],
    },
  );
export type LiveQuotesInput = z.input<typeof liveQuotesInput>;

/** One tick: the whole quote the screens show, so a client replaces its copy with it. */
export const priceTick = z.discriminatedUnion("assetType", [
  z.object({
    assetType: z.literal("STOCK"),
    symbol: z.string(),
    price: decimalString,
    at: z.number().int(),
    quote: stockSnapshot,
  }),
  z.object({
    assetType: z.literal("CRYPTO"),
    symbol: z.string(),
    price: decimalString,
    at: z.number().int(),
    quote: cryptoQuote,
  }),
]);
export type PriceTickView = z.infer<typeof priceTick>;
