import type { IncomingHttpHeaders } from "node:http";
import type { z } from "zod";
import type { createCaller } from "../../router";
import type { CachedAnswer } from "../answer-cache";
import type { EventStreamAnswer } from "./event-stream";

export type Caller = ReturnType<typeof createCaller>;

/** What a route that reads market data may answer when the provider fails (the spec's messages). */
export const marketRefusals = {
  502: "The market data provider answered with an error; the message says which data failed",
  503: "The market data provider is unavailable; the message says which data failed",
} as const;

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a route's handler gets: the path, query and body as its schemas parsed them. */
export interface RestRequest<P, Q, B> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  /** The request's headers (e.g. an event stream's Last-Event-ID). */
  headers: IncomingHttpHeaders;
}

interface RouteFields<P, Q, B, R extends z.ZodType> {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Relative to /api, in Fastify's form (`/users/:id`). */
  url: string;
  /** The OpenAPI operationId: a stable camelCase name for client generators. */
  operationId: string;
  tag: string;
  summary: string;
  /** Longer notes for the OpenAPI document (Markdown), e.g. where the answer departs from the spec. */
  description?: string;
  access: "public" | "user" | "admin";
  /** Refusals the route answers beyond the ones every route of its kind has (see openapi.ts). */
  refusals?: Partial<Record<404 | 409 | 413 | 502 | 503, string>>;
  params?: P;
  query?: Q;
  /** Bytes of body accepted, when more than the app's default (a file upload). */
  bodyLimit?: number;
  /** A route with a body schema takes a missing body as `{}`. */
  body?: B;
  /** The 200 answer: REST answers are serialized by this schema (fields it lacks are never sent). */
  response: R;
  /** The 200 answer's media type in the OpenAPI document when it is not JSON (e.g. an event stream). */
  mediaType?: "text/event-stream";
  /**
   * A hot read whose 200 answers are kept (services/answer-cache.ts), and what they show; a
   * function decides by the parsed query (undefined: this request is answered uncached).
   */
  cachedAnswer?: CachedAnswer | ((query: Parsed<Q>) => CachedAnswer | undefined);
  /** A streamed or header-carrying answer may be a fetch Response, or an event stream, instead. */
  call(
    caller: Caller,
    request: RestRequest<P, Q, B>,
  ): Promise<z.output<R> | Response | EventStreamAnswer>;
}

/**
 * One documented REST path: a thin door onto a tRPC procedure. Fastify validates the path, query
 * and body with the route's schemas before the handler runs (bad input is a 400 that names the
 * field) and serializes the answer with the response schema; the OpenAPI document is generated
 * from the same schemas.
 */
export type RestRoute = RouteFields<
  z.ZodObject | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType
>;

/** Types one route end to end: the handler sees parsed input and must answer the response shape. */
export function restRoute<
  R extends z.ZodType,
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(route: RouteFields<P, Q, B, R>): RestRoute {
  return route;
}
