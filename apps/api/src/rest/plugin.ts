import { idempotencyKey, idempotencyMessages } from "@ledgerline/contracts";
import { TRPCError } from "@trpc/server";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requestFingerprint, type StoredAnswer } from "../services/idempotency";
import { createContext, type Context } from "../trpc/context";
import { toPublicError } from "../trpc/errors";
import { createCaller } from "../trpc/router";
import type { RestRoute } from "./route";

/** A 4xx as the REST door answers it; a fault is thrown on to the app's error handler. */
function restError(error: unknown): StoredAnswer {
  if (!(error instanceof TRPCError)) throw error;
  const publicError = toPublicError(error);
  if (publicError.code === "INTERNAL_SERVER_ERROR") throw error.cause ?? error;
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

/**
 * Registers the documented REST paths. Each builds the same context as the tRPC door and calls
 * the procedure through a server-side caller, so both doors share validation, access and logic.
 * A signed-in write with an `Idempotency-Key` runs once per key; a repeat gets the stored answer
 * with its original status (services/idempotency).
 */
export function restPlugin(routes: RestRoute[]) {
  return async function registerRestRoutes(app: FastifyInstance) {
    for (const route of routes) {
      app.route({
        method: route.method,
        url: route.url,
        handler: async (req, reply) => {
          const request = {
            params: (req.params ?? {}) as Record<string, string>,
            query: (req.query ?? {}) as Record<string, unknown>,
            body: req.body ?? {},
          };
          async function answer(ctx: Context): Promise<StoredAnswer> {
            try {
              return { status: 200, body: await route.call(createCaller(ctx), request) };
            } catch (error) {
              return restError(error);
            }
          }

          let key: string | undefined;
          try {
            key = idempotencyKeyOf(req);
          } catch (error) {
            const refused = restError(error);
            return reply.code(refused.status).send(refused.body);
          }
          const ctx = await createContext({ req, idempotencyKey: key ?? null });
          if (!key || !ctx.user) {
            const answered = await answer(ctx);
            return reply.code(answered.status).send(answered.body);
          }

          const fingerprint = requestFingerprint({
            door: "rest",
            route: route.url,
            ...request,
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
          return reply.code(answered.status).send(answered.body);
        },
      });
    }
  };
}
