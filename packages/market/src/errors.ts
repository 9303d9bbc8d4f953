import { marketMessages } from "@ledgerline/contracts";

/** What the caller asked for; it decides which of the spec's error texts is shown. */
export type MarketOperation =
  | "snapshot"
  | "search"
  | "details"
  | "related"
  | "corporate_actions"
  | "movers"
  | "summary"
  | "news"
  | "bars"
  | "status"
  | "crypto_quote"
  | "crypto_currencies"
  | "fx_rates";

/**
 * - invalid_symbol: the symbol failed validation before any provider call (a 400).
 * - not_found: the provider does not know the symbol (a 404).
 * - unavailable: network failure, timeout, 5xx, or the circuit is open.
 * - rate_limited: our own token bucket is empty or the provider answered 429.
 * - unauthorized: the provider rejected our key or plan (401/403); not the user's fault.
 * - bad_response: the provider answered something we cannot read.
 */
export const marketErrorKinds = [
  "invalid_symbol",
  "not_found",
  "unavailable",
  "rate_limited",
  "unauthorized",
  "bad_response",
] as const;
export type MarketErrorKind = (typeof marketErrorKinds)[number];

const operationMessages: Record<MarketOperation, string> = {
  snapshot: marketMessages.failedToFetchStockData,
  status: marketMessages.failedToFetchStockData,
  search: marketMessages.failedToSearchCompanies,
  details: marketMessages.failedToFetchCompanyDetails,
  related: marketMessages.failedToFetchCompanyDetails,
  corporate_actions: marketMessages.failedToFetchCompanyDetails,
  movers: marketMessages.failedToFetchMarketMovers,
  summary: marketMessages.failedToFetchMarketMovers,
  news: marketMessages.failedToFetchCompanyNews,
  bars: marketMessages.failedToFetchHistoricalData,
  crypto_quote: marketMessages.failedToFetchCryptoData,
  crypto_currencies: marketMessages.failedToFetchSupportedCurrencies,
  fx_rates: marketMessages.failedToFetchExchangeRates,
};

export interface MarketDataErrorOptions {
  /** What went wrong, for logs; never shown to users (it may name the provider). */
  detail?: string;
  cause?: unknown;
  /** When the provider or our rate limiter says a retry could succeed. */
  retryAfterMs?: number;
}

/**
 * The one error type the market layer throws. `message` is always the spec's text for the
 * operation (or the symbol rule for invalid_symbol), so it can be shown as is.
 */
export class MarketDataError extends Error {
  override readonly name = "MarketDataError";
  readonly detail: string;
  readonly retryAfterMs: number | undefined;

  constructor(
    readonly operation: MarketOperation,
    readonly kind: MarketErrorKind,
    options: MarketDataErrorOptions = {},
  ) {
    super(
      kind === "invalid_symbol"
        ? operation === "crypto_quote"
          ? marketMessages.invalidCryptoSymbol
          : marketMessages.invalidStockSymbol
        : operationMessages[operation],
      { cause: options.cause },
    );
    this.detail = options.detail ?? kind;
    this.retryAfterMs = options.retryAfterMs;
  }

  /** The same failure reported for another operation (e.g. a snapshot failing inside movers). */
  forOperation(operation: MarketOperation): MarketDataError {
    if (operation === this.operation) return this;
    return new MarketDataError(operation, this.kind, {
      detail: this.detail,
      cause: this.cause,
      retryAfterMs: this.retryAfterMs,
    });
  }
}

export function isMarketDataError(error: unknown): error is MarketDataError {
  return error instanceof MarketDataError;
}

/** Any failure as a MarketDataError of `operation`; unknown throwables become `fallbackKind`. */
export function toMarketDataError(
  error: unknown,
  operation: MarketOperation,
  fallbackKind: MarketErrorKind = "unavailable",
): MarketDataError {
  if (error instanceof MarketDataError) return error.forOperation(operation);
  const detail = error instanceof Error ? error.message : String(error);
  return new MarketDataError(operation, fallbackKind, { detail, cause: error });
}

/**
 * The HTTP status the API should answer with. Upstream 401/403 become 503, never 401: a 401
 * would sign the user out although it is our provider key that is wrong.
 */
export function marketErrorHttpStatus(kind: MarketErrorKind): number {
  switch (kind) {
    case "invalid_symbol":
      return 400;
    case "not_found":
      return 404;
    case "rate_limited":
      return 429;
    case "bad_response":
      return 502;
    case "unauthorized":
    case "unavailable":
      return 503;
  }
}
