import type { z } from "zod";
import { MarketDataError, type MarketErrorKind, type MarketOperation } from "../errors";

/**
 * The HTTP side of the real adapters: one GET helper using the global fetch with a timeout, and
 * the mapping of every way it can fail onto MarketDataError kinds.
 */

export type FetchFunction = typeof fetch;

export type UpstreamFailure =
  | { reason: "timeout"; timeoutMs: number }
  | { reason: "network"; message: string }
  | { reason: "http"; status: number; body: unknown; retryAfterMs: number | undefined }
  | { reason: "malformed"; message: string };

export class UpstreamError extends Error {
  override readonly name = "UpstreamError";
  constructor(
    readonly provider: string,
    readonly failure: UpstreamFailure,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${describe(failure)}`, options);
  }

  get status(): number | undefined {
    return this.failure.reason === "http" ? this.failure.status : undefined;
  }

  get body(): unknown {
    return this.failure.reason === "http" ? this.failure.body : undefined;
  }
}

function describe(failure: UpstreamFailure): string {
  switch (failure.reason) {
    case "timeout":
      return `no answer within ${failure.timeoutMs} ms`;
    case "network":
      return `network error: ${failure.message}`;
    case "http":
      return `HTTP ${failure.status} ${summariseBody(failure.body)}`;
    case "malformed":
      return `unreadable answer: ${failure.message}`;
  }
}

function summariseBody(body: unknown): string {
  if (body && typeof body === "object") {
    const record = body as Record<string, unknown>;
    const text = record.error ?? record.message ?? record.status ?? JSON.stringify(record);
    return String(typeof text === "string" ? text : JSON.stringify(text)).slice(0, 200);
  }
  return String(body).slice(0, 200);
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

export interface GetJsonOptions {
  provider: string;
  headers?: Record<string, string>;
  timeoutMs: number;
  fetch?: FetchFunction;
}

/** GETs and parses JSON; every failure, including a hung server, becomes an UpstreamError. */
export async function getJson(url: string, options: GetJsonOptions): Promise<unknown> {
  const fetchFunction = options.fetch ?? fetch;
  let response: Response;
  let text: string;
  try {
    // The timeout covers the body too: a server that sends headers and then stalls still fails.
    const signal = AbortSignal.timeout(options.timeoutMs);
    response = await fetchFunction(url, {
      headers: { accept: "application/json", ...options.headers },
      signal,
    });
    text = await response.text();
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "TimeoutError" || name === "AbortError") {
      throw new UpstreamError(
        options.provider,
        { reason: "timeout", timeoutMs: options.timeoutMs },
        { cause: error },
      );
    }
    const message =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    throw new UpstreamError(options.provider, { reason: "network", message }, { cause: error });
  }

  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch (error) {
    if (response.ok) {
      throw new UpstreamError(
        options.provider,
        { reason: "malformed", message: "the body is not JSON" },
        { cause: error },
      );
    }
    body = text;
  }
  if (!response.ok) {
    throw new UpstreamError(options.provider, {
      reason: "http",
      status: response.status,
      body,
      retryAfterMs: retryAfterMs(response.headers.get("retry-after")),
    });
  }
  return body;
}

export function kindOfUpstreamFailure(failure: UpstreamFailure): MarketErrorKind {
  switch (failure.reason) {
    case "timeout":
    case "network":
      return "unavailable";
    case "malformed":
      return "bad_response";
    case "http":
      if (failure.status === 404) return "not_found";
      if (failure.status === 401 || failure.status === 403) return "unauthorized";
      if (failure.status === 429) return "rate_limited";
      if (failure.status >= 500) return "unavailable";
      return "bad_response";
  }
}

/** Anything an adapter call threw, as the MarketDataError of `operation`. */
export function toProviderError(error: unknown, operation: MarketOperation): MarketDataError {
  if (error instanceof MarketDataError) return error.forOperation(operation);
  if (error instanceof UpstreamError) {
    return new MarketDataError(operation, kindOfUpstreamFailure(error.failure), {
      detail: error.message,
      cause: error,
      retryAfterMs: error.failure.reason === "http" ? error.failure.retryAfterMs : undefined,
    });
  }
  return new MarketDataError(operation, "bad_response", {
    detail: error instanceof Error ? error.message : String(error),
    cause: error,
  });
}

/** Checks a provider's answer against its documented shape; a mismatch is a bad response. */
export function parseUpstream<T extends z.ZodType>(
  schema: T,
  body: unknown,
  operation: MarketOperation,
  provider: string,
): z.output<T> {
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new MarketDataError(operation, "bad_response", {
      detail: `${provider} answered an unexpected shape${issue ? ` at ${issue.path.join(".") || "the root"}: ${issue.message}` : ""}`,
      cause: result.error,
    });
  }
  return result.data;
}
