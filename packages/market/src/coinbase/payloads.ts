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
