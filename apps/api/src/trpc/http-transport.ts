import {
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  transformTRPCResponse,
  TRPCError,
  type TRPCProcedureType,
} from "@trpc/server";
import { getHTTPStatusCode } from "@trpc/server/http";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Context } from "./context";
import type { AppRouter } from "./router";

export interface TrpcHttpTransportOptions {
  router: AppRouter;
  createContext(req: FastifyRequest): Promise<Context>;
  /** Calls in one batch beyond this are refused with a 400 before any runs. */
  maxBatchSize: number;
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

const codeOfStatus: Record<number, TRPCError["code"]> = {
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
};

/**
 * tRPC's HTTP protocol, the part `httpBatchLink` and `httpLink` speak (queries as GET with the
 * input in the query string, mutations as POST with a JSON body, `batch=1` with comma-separated
 * paths), served straight from Fastify's request and reply. tRPC's own adapters convert every
 * request to a Fetch-API Request and the answer back from a Response, which costs several times
 * the CPU of a typical procedure (see bench/api-throughput); here the procedures, the error
 * formatter and the client's types stay tRPC's own and only that conversion is gone.
 * Streaming (`httpBatchStreamLink`) and subscriptions are not served.
 */
export function trpcHttpTransport(options: TrpcHttpTransportOptions) {
  const { router, maxBatchSize } = options;
  const config = router._def._config;
  // At run time tRPC keeps every procedure in one flat record by dotted path (its own adapters
  // look them up the same way); the type describes the nested router instead.
  const procedures = router._def.procedures as unknown as Record<
    string,
    { _def: { type: TRPCProcedureType } }
  >;

  function errorEnvelope(
    error: TRPCError,
    call: { path: string; type: TRPCProcedureType | "unknown"; input?: unknown; ctx?: Context },
  ): Envelope {
    return {
      error: getTRPCErrorShape({
        config,
        error,
        type: call.type,
        path: call.path,
        input: call.input,
        ctx: call.ctx,
      }),
    };
  }

  function send(reply: FastifyReply, body: Envelope | Envelope[]) {
    return reply
      .code(getHTTPStatusCode(body as Parameters<typeof getHTTPStatusCode>[0]))
      .header("content-type", "application/json; charset=utf-8")
      .send(JSON.stringify(transformTRPCResponse(config, body as never)));
  }

  return async function transport(api: FastifyInstance) {
    // Errors Fastify raises before the handler (malformed JSON, body too large, rate limit)
    // answer in tRPC's shape too, so the client reads them like any other failure.
    api.setErrorHandler((fault: FastifyError, req, reply) => {
      const status = fault.statusCode ?? 500;
      const error =
        status >= 500
          ? getTRPCErrorFromUnknown(fault)
          : new TRPCError({ code: codeOfStatus[status] ?? "BAD_REQUEST", message: fault.message });
      const path = (req.params as { path?: string } | undefined)?.path ?? "";
      options.onError?.({ error, path, req });
      return send(reply, errorEnvelope(error, { path, type: "unknown" }));
    });

    async function handle(req: TrpcRequest, reply: FastifyReply) {
      const query = req.query as Record<string, unknown>;
      const isBatch = query.batch === "1";
      const paths = isBatch ? req.params.path.split(",") : [req.params.path];
      const fail = (error: TRPCError) =>
        send(reply, errorEnvelope(error, { path: req.params.path, type: "unknown" }));

      if (paths.length > maxBatchSize) {
        return fail(
          new TRPCError({ code: "BAD_REQUEST", message: "Batch call exceeds maximum size" }),
        );
      }
      if (req.headers["trpc-accept"] !== undefined) {
        return fail(
          new TRPCError({ code: "BAD_REQUEST", message: "Streaming responses are not served" }),
        );
      }

      const inputs = readInputs(req, isBatch, paths.length);
      const deserialize = (input: unknown): unknown =>
        input === undefined ? undefined : config.transformer.input.deserialize(input);

      let ctx: Context | undefined;
      let contextError: TRPCError | undefined;
      try {
        ctx = await options.createContext(req);
      } catch (cause) {
        contextError = getTRPCErrorFromUnknown(cause);
      }

      const envelopes = await Promise.all(
        paths.map(async (path, index): Promise<Envelope> => {
          const procedure = Object.hasOwn(procedures, path) ? procedures[path] : undefined;
          const type = procedure?._def.type ?? "unknown";
          const input = inputs instanceof TRPCError ? undefined : inputs[index];
          try {
            if (!procedure) {
              throw new TRPCError({
                code: "NOT_FOUND",
                message: `No procedure found on path "${path}"`,
              });
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
              router,
              path,
              type: procedure._def.type,
              ctx,
              getRawInput: async () => deserialize(input),
              signal: undefined,
              batchIndex: index,
            });
            return { result: { data } };
          } catch (cause) {
            const error = getTRPCErrorFromUnknown(cause);
            options.onError?.({ error, path, req });
            return errorEnvelope(error, { path, type, input, ctx });
          }
        }),
      );
      return send(reply, isBatch ? envelopes : envelopes[0]!);
    }

    api.get<TrpcRoute>("/:path", handle);
    api.post<TrpcRoute>("/:path", handle);
  };
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
      try {
        raw = JSON.parse(input);
      } catch (cause) {
        return new TRPCError({ code: "BAD_REQUEST", message: (cause as Error).message, cause });
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
