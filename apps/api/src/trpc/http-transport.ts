import {
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  transformTRPCResponse,
  TRPCError,
  type TRPCProcedureType,
} from "@trpc/server";
import { getHTTPStatusCode } from "@trpc/server/http";
// tRPC's own SSE encoder, the one its adapters use: the same wire format httpSubscriptionLink
// reads (connected/ping/serialized-error events, tracked ids), without the Fetch conversion.
import { sseHeaders, sseStreamProducer } from "@trpc/server/unstable-core-do-not-import";
import { LIVE_HEARTBEAT_MS, MAX_JSON_DEPTH } from "@ledgerline/contracts";
import { Readable } from "node:stream";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  AnswerLife,
  answerKey,
  type CachedAnswer,
  type FinishBuild,
} from "@ledgerline/api/platform/answer-cache";
import { codeOfStatus, refusalLanguage, refusalOf } from "../plugins/error-answer";
import { jsonAnswer } from "@ledgerline/api/platform/sliced-json";
import { jsonDepthMessage, nestsDeeperThan } from "../plugins/json-body";
import type { Context } from "@ledgerline/api/platform/trpc/context";
import { trpcErrorOf, type ValidationIssue } from "@ledgerline/api/platform/trpc/errors";
import { errorIn } from "@ledgerline/api/locale/catalog";
import type { AppRouter } from "@ledgerline/api/router";
import type { ProcedureMeta } from "@ledgerline/api/platform/trpc/trpc";

export interface TrpcHttpTransportOptions {
  router: AppRouter;
  createContext(req: FastifyRequest): Promise<Context>;
  /** Calls in one batch beyond this are refused with a 400 before any runs. */
  maxBatchSize: number;
  /**
   * Procedures whose single (unbatched) call may carry a body beyond the app's default limit:
   * a file upload such as the import's. Batched with other calls, the default limit applies.
   */
  largeBodies?: { paths: readonly string[]; bodyLimit: number };
  /** Every failed call, after it has been turned into a TRPCError. */
  onError?(failure: { error: TRPCError; path: string; req: FastifyRequest }): void;
}

interface TrpcRoute {
  Params: { path: string };
}
type TrpcRequest = FastifyRequest<TrpcRoute>;

type Envelope = { result: { data: unknown } } | { error: unknown };

const methodOf: Record<TRPCProcedureType, string> = {
  query: "GET",
  mutation: "POST",
  subscription: "GET",
};

type Procedures = Record<string, { _def: { type: TRPCProcedureType; meta?: ProcedureMeta } }>;

/** What every step of serving a call needs: the router, its config and procedures, the options. */
interface Transport {
  options: TrpcHttpTransportOptions;
  router: AppRouter;
  config: AppRouter["_def"]["_config"];
  procedures: Procedures;
}

/**
 * tRPC's HTTP protocol, the part `httpBatchLink` and `httpLink` speak (queries as GET with the
 * input in the query string, mutations as POST with a JSON body, `batch=1` with comma-separated
 * paths), served straight from Fastify's request and reply. tRPC's own adapters convert every
 * request to a Fetch-API Request and the answer back from a Response, which costs several times
 * the CPU of a typical procedure (see bench/api-throughput); here the procedures, the error
 * formatter and the client's types stay tRPC's own and only that conversion is gone.
 * Subscriptions are served as server-sent events, the protocol `httpSubscriptionLink` speaks (a
 * GET of one procedure); batch streaming (`httpBatchStreamLink`) is not served.
 */
export function trpcHttpTransport(options: TrpcHttpTransportOptions) {
  const { router } = options;
  const t: Transport = {
    options,
    router,
    config: router._def._config,
    // At run time tRPC keeps every procedure in one flat record by dotted path (its own adapters
    // look them up the same way); the type describes the nested router instead.
    procedures: router._def.procedures as unknown as Procedures,
  };

  return async function transport(api: FastifyInstance) {
    // Errors Fastify raises before the handler (malformed JSON, body too large, rate limit)
    // answer in tRPC's shape too, so the client reads them like any other failure.
    api.setErrorHandler((fault: FastifyError, req, reply) => {
      // In English here: the envelope is put into the request's language as a whole.
      const refusal = refusalOf(fault, req, "en");
      const error = refusal
        ? new TRPCError({
            code: codeOfStatus[refusal.status] ?? "BAD_REQUEST",
            message: refusal.body.message,
          })
        : trpcErrorOf(fault);
      const path = (req.params as { path?: string } | undefined)?.path ?? "";
      options.onError?.({ error, path, req });
      return send(t, reply, errorEnvelope(t, error, { path, type: "unknown" }, req));
    });

    const serve = (req: TrpcRequest, reply: FastifyReply) => handle(t, req, reply);
    api.get<TrpcRoute>("/:path", serve);
    api.post<TrpcRoute>("/:path", serve);
    // A static path wins over /:path in Fastify's router, so only these calls get the larger limit.
    for (const path of options.largeBodies?.paths ?? []) {
      api.post<TrpcRoute>(
        `/${path}`,
        { bodyLimit: options.largeBodies!.bodyLimit },
        (req, reply) => {
          req.params = { path };
          return serve(req, reply);
        },
      );
    }
  };
}

function procedureAt(t: Transport, path: string) {
  return Object.hasOwn(t.procedures, path) ? t.procedures[path] : undefined;
}

function metaOf(t: Transport, path: string): ProcedureMeta | undefined {
  return procedureAt(t, path)?._def.meta;
}

/**
 * A GET whose every call is a cached read, by a signed-in user, can be answered with the bytes
 * kept for the same request (platform/answer-cache.ts), or built by a request in flight;
 * otherwise this request builds them and `build` keeps them. Undefined for any other request.
 */
async function cachedReadOf(
  t: Transport,
  req: TrpcRequest,
  paths: string[],
  ctx: Context | undefined,
) {
  if (req.method !== "GET" || !ctx?.user) return undefined;
  const depends = paths.map((path): CachedAnswer | undefined => metaOf(t, path)?.cachedAnswer);
  if (!depends.every((kind) => kind !== undefined)) return undefined;
  // Only an input given once (or not at all) names a kept answer; the rest are refused below.
  const input = (req.query as Record<string, unknown>).input;
  if (input !== undefined && typeof input !== "string") return undefined;
  const { answers } = ctx.deps;
  const version = await answers.version(
    ctx.user,
    depends.includes("all-users") ? "all-users" : "own-data",
  );
  if (version === undefined) return undefined;
  const request = `${req.params.path} ${String((req.query as Record<string, unknown>).batch)} ${input ?? ""}`;
  const key = answerKey("trpc", ctx.user, ctx.apiKey, request);
  const claim = await answers.claim(key, version);
  return "kept" in claim ? { body: claim.kept } : { build: claim.build };
}

interface ErrorCall {
  path: string;
  type: TRPCProcedureType | "unknown";
  input?: unknown;
  ctx?: Context;
}

/** The shape the app's error formatter gives an error (trpc.ts). */
interface ErrorShape {
  message: string;
  data: { issues: ValidationIssue[] | null };
}

/**
 * An error as tRPC's error formatter shapes it: in the context's language (the account's), or
 * when answered without a context (none built yet, or building it failed) in the language of
 * the request's Accept-Language, as the framework's refusals are (decision 0070). The shape is
 * translated, not the error: the formatter says any INTERNAL_SERVER_ERROR as "Internal server
 * error", whatever the error's message.
 */
function errorShape(t: Transport, error: TRPCError, call: ErrorCall, req: FastifyRequest) {
  const shape = getTRPCErrorShape({
    config: t.config,
    error,
    type: call.type,
    path: call.path,
    input: call.input,
    ctx: call.ctx,
  }) as ErrorShape;
  const language = call.ctx ? "en" : refusalLanguage(req);
  if (language === "en") return shape;
  const said = errorIn({ message: shape.message, issues: shape.data.issues }, language);
  return { ...shape, message: said.message, data: { ...shape.data, issues: said.issues ?? null } };
}

function errorEnvelope(
  t: Transport,
  error: TRPCError,
  call: ErrorCall,
  req: FastifyRequest,
): Envelope {
  return { error: errorShape(t, error, call, req) };
}

function send(t: Transport, reply: FastifyReply, body: Envelope | Envelope[]) {
  return sendJson(
    reply,
    getHTTPStatusCode(body as Parameters<typeof getHTTPStatusCode>[0]),
    JSON.stringify(transformTRPCResponse(t.config, body as never)),
  );
}

async function handle(t: Transport, req: TrpcRequest, reply: FastifyReply) {
  const query = req.query as Record<string, unknown>;
  const isBatch = query.batch === "1";
  const paths = isBatch ? req.params.path.split(",") : [req.params.path];
  const fail = (error: TRPCError) =>
    send(t, reply, errorEnvelope(t, error, { path: req.params.path, type: "unknown" }, req));

  if (paths.length > t.options.maxBatchSize) {
    return fail(new TRPCError({ code: "BAD_REQUEST", message: "Batch call exceeds maximum size" }));
  }
  if (req.headers["trpc-accept"] !== undefined) {
    return fail(
      new TRPCError({ code: "BAD_REQUEST", message: "Streaming responses are not served" }),
    );
  }

  const single = procedureAt(t, req.params.path);
  if (!isBatch && req.method === "GET" && single?._def.type === "subscription") {
    return serveSubscription(t, req, reply, readInputs(req, isBatch, paths.length));
  }
  let ctx: Context | undefined;
  let contextError: TRPCError | undefined;
  try {
    ctx = await t.options.createContext(req);
  } catch (cause) {
    contextError = trpcErrorOf(cause);
  }

  // A kept answer is keyed by the input's text, so it goes out without the input parsed: it
  // was this caller's 200 for the same text, which parsed and passed validation then.
  const cached = await cachedReadOf(t, req, paths, ctx);
  if (cached?.body) return sendJson(reply, 200, cached.body.body);
  const build = cached?.build;
  try {
    const inputs = readInputs(req, isBatch, paths.length);
    return await answer(t, req, reply, { paths, inputs, isBatch, ctx, contextError, build });
  } finally {
    build?.();
  }
}

interface Calls {
  paths: string[];
  inputs: unknown[] | TRPCError;
  isBatch: boolean;
  ctx: Context | undefined;
  contextError: TRPCError | undefined;
  build: FinishBuild | undefined;
}

async function answer(t: Transport, req: TrpcRequest, reply: FastifyReply, call: Calls) {
  const { paths, isBatch, build } = call;
  const life = build && new AnswerLife();
  if (life) call.ctx!.answerLife = life;

  const envelopes = await Promise.all(
    paths.map((path, index) => callOne(t, req, call, path, index)),
  );
  const body = isBatch ? envelopes : envelopes[0]!;
  if (paths.every((path) => metaOf(t, path)?.longAnswer)) {
    const status = getHTTPStatusCode(body as never);
    retryLaterOn(reply, status);
    return reply.send(await jsonAnswer(transformTRPCResponse(t.config, body as never), status));
  }
  if (!build || !life || !envelopes.every((envelope) => "result" in envelope)) {
    return send(t, reply, body);
  }
  const bytes = Buffer.from(JSON.stringify(transformTRPCResponse(t.config, body as never)));
  build({ life, answer: { body: bytes } });
  return sendJson(reply, 200, bytes);
}

/** One call of a request (of a batch, or the only one), as its envelope. */
async function callOne(
  t: Transport,
  req: TrpcRequest,
  { inputs, ctx, contextError }: Calls,
  path: string,
  index: number,
): Promise<Envelope> {
  const procedure = procedureAt(t, path);
  const type = procedure?._def.type ?? "unknown";
  const input = inputs instanceof TRPCError ? undefined : inputs[index];
  try {
    if (!procedure) {
      throw new TRPCError({ code: "NOT_FOUND", message: `No procedure found on path "${path}"` });
    }
    if (methodOf[procedure._def.type] !== req.method || type === "subscription") {
      throw new TRPCError({
        code: "METHOD_NOT_SUPPORTED",
        message: `Unsupported ${req.method}-request to ${type} procedure at path "${path}"`,
      });
    }
    if (inputs instanceof TRPCError) throw inputs;
    if (contextError) throw contextError;
    const data: unknown = await callTRPCProcedure({
      router: t.router,
      path,
      type: procedure._def.type,
      ctx,
      getRawInput: async (): Promise<unknown> =>
        input === undefined ? undefined : t.config.transformer.input.deserialize(input),
      signal: undefined,
      batchIndex: index,
    });
    return { result: { data } };
  } catch (cause) {
    const error = getTRPCErrorFromUnknown(cause);
    t.options.onError?.({ error, path, req });
    return errorEnvelope(t, error, { path, type, input, ctx }, req);
  }
}

/**
 * One subscription as an event stream. A refusal (not signed in, bad input, a limit) is a 200
 * stream of tRPC's `serialized-error` event alone, which ends: an EventSource cannot read the
 * body of any other status. tRPC's adapters send a `connected` event first, so a client took
 * the refused stream for an open one until the error came. An accepted stream ends, and the
 * procedure's iteration with it, when the client goes away.
 */
async function serveSubscription(
  t: Transport,
  req: TrpcRequest,
  reply: FastifyReply,
  inputs: unknown[] | TRPCError,
) {
  const { config } = t;
  const path = req.params.path;
  const abort = new AbortController();
  reply.raw.on("close", () => abort.abort());
  const lastEventId = headerText(req.headers["last-event-id"]);
  let ctx: Context | undefined;
  let input: unknown;
  const formatError = (cause: unknown) => {
    const error = trpcErrorOf(cause);
    t.options.onError?.({ error, path, req });
    return errorShape(t, error, { type: "subscription", path, input, ctx }, req);
  };
  let data: AsyncIterable<unknown>;
  try {
    if (inputs instanceof TRPCError) throw inputs;
    const raw = inputs[0];
    input = raw === undefined ? undefined : config.transformer.input.deserialize(raw);
    if (lastEventId !== undefined && (input === undefined || isPlainObject(input))) {
      input = { ...(input as object | undefined), lastEventId };
    }
    ctx = await t.options.createContext(req);
    data = (await callTRPCProcedure({
      router: t.router,
      path,
      type: "subscription",
      ctx,
      getRawInput: async () => input,
      signal: abort.signal,
      batchIndex: 0,
    })) as AsyncIterable<unknown>;
  } catch (cause) {
    const refusal = JSON.stringify(config.transformer.output.serialize(formatError(cause)));
    for (const [name, value] of Object.entries(sseHeaders)) reply.header(name, value);
    return reply.code(200).send(`event: serialized-error\ndata: ${refusal}\n\n`);
  }
  const stream = sseStreamProducer({
    data,
    serialize: (value): unknown => config.transformer.output.serialize(value),
    lastEventId: lastEventId ?? null,
    ping: { enabled: true, intervalMs: LIVE_HEARTBEAT_MS },
    client: { reconnectAfterInactivityMs: LIVE_HEARTBEAT_MS * 2 },
    formatError: ({ error }) => formatError(error),
  });
  for (const [name, value] of Object.entries(sseHeaders)) reply.header(name, value);
  return reply.code(200).send(Readable.fromWeb(stream as never));
}

function sendJson(reply: FastifyReply, status: number, json: string | Buffer) {
  retryLaterOn(reply, status);
  return reply.code(status).header("content-type", "application/json; charset=utf-8").send(json);
}

/** A 503 (a database unreachable or busy, a provider down) says when to try again, as REST's does. */
function retryLaterOn(reply: FastifyReply, status: number) {
  if (status === 503) reply.header("retry-after", "1");
}

/** The raw inputs by call index, or why they cannot be read. */
function readInputs(req: FastifyRequest, isBatch: boolean, calls: number): unknown[] | TRPCError {
  let raw: unknown;
  if (req.method === "GET") {
    const input = (req.query as Record<string, unknown>).input;
    if (Array.isArray(input)) {
      return new TRPCError({ code: "BAD_REQUEST", message: '"input" may be given once' });
    }
    if (typeof input === "string" && input !== "") {
      // As a body's JSON is checked by the app's parser (plugins/json-body.ts).
      if (nestsDeeperThan(input, MAX_JSON_DEPTH)) {
        return new TRPCError({ code: "BAD_REQUEST", message: jsonDepthMessage });
      }
      try {
        raw = JSON.parse(input);
      } catch (cause) {
        return new TRPCError({
          code: "BAD_REQUEST",
          message: "The input is not valid JSON",
          cause,
        });
      }
    }
  } else {
    raw = req.body;
  }
  if (!isBatch) return [raw];
  if (raw === undefined) return [];
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return new TRPCError({
      code: "BAD_REQUEST",
      message: '"input" needs to be an object when doing a batch call',
    });
  }
  const byIndex = raw as Record<string, unknown>;
  return Array.from({ length: calls }, (_, index) =>
    Object.hasOwn(byIndex, index) ? byIndex[index] : undefined,
  );
}

function headerText(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
