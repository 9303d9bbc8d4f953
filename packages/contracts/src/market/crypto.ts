import { z } from "zod";
import { postedFigure } from "../shared/decimal-input";
import { cryptoQuote, cryptoSymbol, decimalString, timeRange } from "./market";
import { valuedPosition, type ValuedPosition } from "../trading/portfolio";

/**
 * Save a coin to the watchlist. The spec's REST body (price, open, change ...) is accepted for
 * compatibility but not trusted: the server saves its own quote, so the saved price the screens
 * colour against is a real market price.
 */
export const saveCryptoInput = z.object({
  symbol: cryptoSymbol,
  price: postedFigure("price"),
  open: postedFigure("open"),
  change: postedFigure("change"),
  changePercent: postedFigure("changePercent"),
  volume: postedFigure("volume"),
  high24h: postedFigure("high24h"),
  low24h: postedFigure("low24h"),
});
export type SaveCryptoInput = z.output<typeof saveCryptoInput>;

/**
 * A watched coin (spec section 3 "Saved crypto"): the latest quote, plus the price when the user
 * saved it (the crypto search screen colours the refreshed price against it).
 */
export const savedCrypto = cryptoQuote.extend({
  savedPrice: decimalString,
  savedAt: z.iso.datetime({ offset: true }),
  /** When the figures shown were fetched. */
  quotedAt: z.iso.datetime({ offset: true }),
  /** True when the latest refresh failed and the last stored quote is shown instead. */
  stale: z.boolean(),
});
export type SavedCrypto = z.infer<typeof savedCrypto>;

/**
 * A crypto position with the figures the spec has the client compute, computed on the server
 * instead: current value = quantity x current price, cost basis = quantity x average price,
 * gain/loss = value - cost basis. The market figures are null while no quote is available.
 */
export const cryptoPosition = valuedPosition;
export type CryptoPosition = ValuedPosition;

export const cryptoHistoryInput = z.object({ symbol: cryptoSymbol, range: timeRange });
export type CryptoHistoryInput = z.output<typeof cryptoHistoryInput>;
