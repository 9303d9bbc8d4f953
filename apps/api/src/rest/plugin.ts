import { Socket } from "node:net";
import { idempotencyKey, idempotencyMessages } from "@ledgerline/contracts";
import { TRPCError } from "@trpc/server";
import { isDatabaseUnavailable, type UserRow } from "@ledgerline/db";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { answerError, refusalLanguage } from "../plugins/error-answer";
import {
  hasZodFastifySchemaValidationErrors,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AnswerLife,
  answerKey,
  type CachedAnswer,
  type KeptAnswer,
} from "@ledgerline/api/platform/answer-cache";
import { requestFingerprint, type StoredAnswer } from "@ledgerline/api/trading/idempotency";
import { createContext, type Context } from "@ledgerline/api/platform/trpc/context";
import { toPublicError } from "@ledgerline/api/platform/trpc/errors";
import type { AnswerLanguage } from "@ledgerline/api/locale/answer-language";
import { errorIn } from "@ledgerline/api/locale/catalog";
import { createCaller } from "@ledgerline/api/router";
import { notSignedIn, requireAdmin } from "@ledgerline/api/platform/trpc/trpc";
import { EventStreamAnswer, eventStreamHeaders } from "@ledgerline/api/platform/rest/event-stream";
import { deferredSerializer } from "./json-schema";
import type { RestRoute } from "@ledgerline/api/platform/rest/route";

/** Every 4xx body of the REST door: what was wrong, and per field for bad input. */
export const restErrorBody = z.object({
  message: z.string().describe("What was wrong, fit to show to a user"),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/**
 * A 4xx as the REST door answers it; a fault is thrown on to the app's error handler (which
 * answers a database unreachable or busy with a 503 and retry-after, never stored as an answer).
 */
function restError(error: unknown): StoredAnswer {
  if (!(error instanceof TRPCError)) throw error;
  const publicError = toPublicError(error);
  if (publicError.code === "INTERNAL_SERVER_ERROR" || isDatabaseUnavailable(error)) {
    throw error.cause ?? error;
  }
  return {
    status: publicError.status,
    body: {
      message: publicError.message,
      code: publicError.code,
      ...(publicError.issues ? { issues: publicError.issues } : {}),
    },
  };
}

/**
 * The `Idempotency-Key` header of a write. The draft makes it a structured-header string
 * (`"8e03978e-..."`); a bare token is taken as well, since many clients send one.
 */
function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  if (req.method === "GET" || req.method === "HEAD") return undefined;
  const header = req.headers["idempotency-key"];
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? "" : header.trim();
  const value = text.startsWith('"')
    ? /^"((?:[^"\\]|\\["\\])*)"$/.exec(text)?.[1]?.replace(/\\(["\\])/g, "$1")
    : text;
  const parsed = idempotencyKey.safeParse(value);
  if (!parsed.success) {
    throw new TRPCError({ code: "BAD_REQUEST", message: idempotencyMessages.invalidKey });
  }
  return parsed.data;
}

/** A schema validation failure as the procedures' own 400s read: what was wrong, per field. */
function validationAnswer(error: FastifyError): StoredAnswer | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const issues = error.validation.map((issue) => ({
    path: issue.instancePath.slice(1).replaceAll("/", "."),
    message: issue.message,
  }));
  return {
    status: 400,
    body: {
      message: [...new Set(issues.map((issue) => issue.message))].join("; "),
      code: "BAD_REQUEST",
      issues,
    },
  };
}

/**
 * Writes an event stream past Fastify's reply. On a real connection the head goes onto the
 * socket as one string and the events follow on the socket unframed, the connection's close
 * ending the body (HTTP/1.1 allows it; `connection: close` says so): with thousands of clients
 * held open, each then costs its socket and what the stream keeps, not a response's per-write
 * chunk framing and its header text (which Node keeps, as a string of a hundred pieces). An
 * injected request (tests) has no socket to write to and gets the events through the response.
 * The headers the hooks set so far (the request id among them) are kept.
 */
function startEventStream(answer: EventStreamAnswer, reply: FastifyReply) {
  reply.headers(eventStreamHeaders);
  reply.hijack();
  const response = reply.raw;
  const socket = response.socket;
  if (!(socket instanceof Socket)) {
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) response.setHeader(name, value);
    }
    response.writeHead(200);
    answer.start(response);
    return;
  }
  const lines = ["HTTP/1.1 200 OK", `date: ${new Date().toUTCString()}`, "connection: close"];
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
  }
  // A client gone already is left to the stream's own check.
  if (!socket.destroyed) socket.write(`${lines.join("\r\n")}\r\n\r\n`);
  answer.start(socket);
}

/**
 * A 200 answer as the bytes to keep: a plain value written by the route's serializer, or a JSON
 * Response (a page with its totals in headers) read whole; undefined for anything streamed.
 */
async function keptAnswer(
  body: unknown,
  serialize: (data: unknown) => string,
): Promise<KeptAnswer | undefined> {
  if (body instanceof EventStreamAnswer) return undefined;
  if (!(body instanceof Response)) return { body: Buffer.from(serialize(body)) };
  if (body.status !== 200 || !body.headers.get("content-type")?.includes("json")) return undefined;
  const headers: Record<string, string> = {};
  body.headers.forEach((value, name) => (headers[name] = value));
  return { body: Buffer.from(await body.arrayBuffer()), headers };
}

/**
 * Aborted when the client goes away before its answer is complete, so procedures see it (an
 * event stream then ends its subscription). A finished answer's close aborts nothing: building
 * the abort's DOMException on every request cost about a tenth of a kept answer's CPU.
 */
function goneSignal(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return gone.signal;
}

interface KeptLookup {
  version: string;
  key: string;
  hit: KeptAnswer | undefined;
}

/** The kept answer to this URL for this caller, or the version and key to keep one under. */
async function lookUpKept(
  ctx: Context,
  user: UserRow,
  depends: CachedAnswer,
  url: string,
): Promise<KeptLookup | undefined> {
  const { answers } = ctx.deps;
  const version = await answers.version(user, depends);
  if (version === undefined) return undefined;
  const key = answerKey("rest", user, ctx.apiKey, url);
  return { version, key, hit: answers.get(key, version) };
}

function sendKept(reply: FastifyReply, kept: KeptAnswer) {
  if (kept.headers) reply.headers(kept.headers);
  return reply.code(200).header("content-type", "application/json; charset=utf-8").send(kept.body);
}

/**
 * An answer as it goes out: a refusal's texts in the request's language (decision 0070). What
 * is kept for a repeated idempotency key stays English, so a repeat reads in its own language.
 */
function sendAnswered(reply: FastifyReply, answered: StoredAnswer, language: AnswerLanguage) {
  const body =
    answered.status >= 400
      ? errorIn(answered.body as z.infer<typeof restErrorBody>, language)
      : answered.body;
  return reply.code(answered.status).send(body);
}

/**
 * Registers the documented REST paths. Fastify validates each request's path, query and body
 * with the route's zod schemas (a 400 naming the field otherwise) and writes the answer with a
 * serializer compiled from its response schema at the route's first answer. The handler builds
 * the same context as the tRPC door and calls the procedure through a server-side caller, so
 * both doors share access and logic. A signed-in write with an `Idempotency-Key` runs once per key; a repeat gets the
 * stored answer with its original status (services/idempotency).
 */
export function restPlugin(routes: RestRoute[]) {
  return async function registerRestRoutes(plain: FastifyInstance) {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler<z.ZodType>((route) => {
      const validate = validatorCompiler(route);
      // The spec's clients send some writes with no body at all.
      return route.httpPart === "body" ? (data) => validate(data ?? {}) : validate;
    });
    app.setSerializerCompiler<z.ZodType>(({ schema }) => deferredSerializer(schema));
    const found: Found = { contexts: new WeakMap(), lookups: new WeakMap() };
    app.setErrorHandler((error: FastifyError, req, reply) => {
      const refused = validationAnswer(error);
      if (!refused) {
        return answerError(error, req, reply, found.contexts.get(req)?.language);
      }
      const language = found.contexts.get(req)?.language ?? refusalLanguage(req);
      return sendAnswered(reply, refused, language);
    });

    for (const route of routes) {
      const door: Door = {
        route,
        attempted: `${route.method} /api${route.url}`,
        serialize: route.cachedAnswer ? deferredSerializer(route.response) : undefined,
        found,
      };
      app.route({
        method: route.method,
        url: route.url,
        ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
        schema: {
          ...(route.params ? { params: route.params } : {}),
          ...(route.query ? { querystring: route.query } : {}),
          ...(route.body ? { body: route.body } : {}),
          response: { 200: route.response, "4xx": restErrorBody },
        },
        preValidation: (req, reply) => checkCaller(door, req, reply),
        handler: (req, reply) => answerRoute(door, req, reply),
      });
    }
  };
}

/** What the steps before validation found out about a request, for its handler. */
interface Found {
  /** Who is asking, found before validation so a refused caller learns nothing about input. */
  contexts: WeakMap<FastifyRequest, Context>;
  /** A kept answer looked for and missed before validation, to be built under its version. */
  lookups: WeakMap<FastifyRequest, KeptLookup>;
}

/** One REST route as registered: the route, how it is named in refusals, its serializer. */
interface Door {
  route: RestRoute;
  attempted: string;
  serialize: ((value: unknown) => string) | undefined;
  found: Found;
}

interface RestRequest {
  params: never;
  query: never;
  body: never;
  headers: FastifyRequest["headers"];
}

/** Before validation: who is asking, whether they may, and whether a kept answer serves them. */
async function checkCaller(
  { route, attempted, found }: Door,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  let ctx: Context | undefined;
  try {
    const key = idempotencyKeyOf(req);
    ctx = await createContext({ req, idempotencyKey: key ?? null });
    if (route.access !== "public") {
      if (!ctx.user) throw notSignedIn();
      // A kept answer is this URL's 200 to this caller, who passed the checks and the
      // validation before (services/answer-cache.ts): it goes out without them, so a
      // repeated admin read asks the database nothing (two-factor, ADMIN_MFA_REQUIRED).
      if (typeof route.cachedAnswer === "string" && req.method === "GET") {
        const lookup = await lookUpKept(ctx, ctx.user, route.cachedAnswer, req.url);
        if (lookup?.hit) return sendKept(reply, lookup.hit);
        if (lookup) found.lookups.set(req, lookup);
      }
      if (route.access === "admin") await requireAdmin(ctx, ctx.user, attempted);
    }
    found.contexts.set(req, ctx);
  } catch (error) {
    const refused = restError(error);
    return sendAnswered(reply, refused, ctx?.language ?? refusalLanguage(req));
  }
}

/** The procedure's answer to a validated request: kept, once per idempotency key, or fresh. */
async function answerRoute(door: Door, req: FastifyRequest, reply: FastifyReply) {
  const { route, attempted, serialize, found } = door;
  const ctx = found.contexts.get(req);
  if (!ctx) throw new Error(`No request context for ${attempted}`);
  const request: RestRequest = {
    params: req.params as never,
    query: req.query as never,
    body: req.body as never,
    headers: req.headers,
  };
  const answer = (ctx: Context) => callRoute(route, request, reply, ctx);

  const cachedAnswer =
    typeof route.cachedAnswer === "function"
      ? route.cachedAnswer(request.query)
      : route.cachedAnswer;
  if (cachedAnswer && ctx.user && req.method === "GET" && serialize) {
    const lookup =
      found.lookups.get(req) ?? (await lookUpKept(ctx, ctx.user, cachedAnswer, req.url));
    if (lookup?.hit) return sendKept(reply, lookup.hit);
    if (lookup) return answerKept(ctx, lookup, serialize, reply, answer);
  }

  const key = ctx.idempotencyKey;
  if (!key || !ctx.user) {
    const answered = await answer(ctx);
    if (answered.body instanceof EventStreamAnswer) {
      return startEventStream(answered.body, reply);
    }
    return sendAnswered(reply, answered, ctx.language);
  }

  const fingerprint = requestFingerprint({
    door: "rest",
    route: route.url,
    params: request.params,
    query: request.query,
    body: request.body,
    method: route.method,
  });
  let answered: StoredAnswer;
  try {
    const outcome = await ctx.deps.idempotency.run(
      { userId: ctx.user.id, key, fingerprint },
      () => answer(ctx),
      (value) => value,
    );
    if (outcome.replayed) reply.header("idempotent-replayed", "true");
    answered = outcome.replayed ? outcome.answer : outcome.value;
  } catch (error) {
    answered = restError(error);
  }
  return sendAnswered(reply, answered, ctx.language);
}

/** The procedure's answer through a server-side caller, or the error it gave as an answer. */
async function callRoute(
  route: RestRoute,
  request: RestRequest,
  reply: FastifyReply,
  ctx: Context,
): Promise<StoredAnswer> {
  try {
    const caller = createCaller(ctx, { signal: goneSignal(reply) });
    return { status: 200, body: await route.call(caller, request) };
  } catch (error) {
    return restError(error);
  }
}

/** A cached read missed before: kept meanwhile, being built by another request, or built here. */
async function answerKept(
  ctx: Context,
  lookup: KeptLookup,
  serialize: (value: unknown) => string,
  reply: FastifyReply,
  answer: (ctx: Context) => Promise<StoredAnswer>,
) {
  // Kept, or being built by another request, since this one looked before validation.
  const claim = await ctx.deps.answers.claim(lookup.key, lookup.version);
  if ("kept" in claim) return sendKept(reply, claim.kept);
  const { build } = claim;
  try {
    const life = new AnswerLife();
    const answered = await answer({ ...ctx, answerLife: life });
    const kept = answered.status === 200 && (await keptAnswer(answered.body, serialize));
    if (kept) {
      build({ life, answer: kept });
      return sendKept(reply, kept);
    }
    return sendAnswered(reply, answered, ctx.language);
  } finally {
    build();
  }
}
