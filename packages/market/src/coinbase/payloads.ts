import { z } from "zod";

/** Coinbase's public answers as documented and recorded in test/fixtures/coinbase. */

const decimalText = z.string().regex(/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i, "expected a decimal string");

export const spotAnswer = z.object({
  data: z.object({
    amount: decimalText,
    base: z.string().optional(),
    currency: z.string().optional(),
  }),
});

/** Exchange stats: every value is a string. */
export const statsAnswer = z.object({
  open: decimalText,
  high: decimalText,
  low: decimalText,
  last: decimalText,
  volume: decimalText,
});

/** /v2/currencies/crypto lists `code`; /v2/currencies (fiat) lists `id`. Either is accepted. */
export const currenciesAnswer = z.object({
  data: z.array(
    z
      .object({ code: z.string().optional(), id: z.string().optional(), name: z.string() })
      .refine(
        (currency) => Boolean(currency.code ?? currency.id),
        "a currency needs a code or an id",
      ),
  ),
});

/**
 * Exchange candles: `[time, low, high, open, close, volume]` per bucket, newest first, time in
 * Unix seconds. The values are JSON numbers; strings are accepted too.
 */
const candleValue = z.union([z.number().finite(), decimalText]);
export const candlesAnswer = z.array(
  z.tuple([z.number().int(), candleValue, candleValue, candleValue, candleValue, candleValue]),
);

/**
 * Exchange WebSocket feed messages (wss://ws-feed.exchange.coinbase.com), the fields we read.
 * `ticker` arrives on every trade; `heartbeat` once a second per product, so a quiet market is
 * told apart from a dead connection.
 */
export const feedTickerMessage = z.object({
  type: z.literal("ticker"),
  product_id: z.string(),
  price: decimalText,
  open_24h: decimalText,
  high_24h: decimalText,
  low_24h: decimalText,
  volume_24h: decimalText,
  time: z.string().optional(),
});
export const feedHeartbeatMessage = z.object({
  type: z.literal("heartbeat"),
  product_id: z.string(),
});
export const feedErrorMessage = z.object({
  type: z.literal("error"),
  message: z.string(),
  reason: z.string().optional(),
});
