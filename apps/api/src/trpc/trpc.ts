import { idempotencyInput, messages } from "@ledgerline/contracts";
import type { UserRow } from "@ledgerline/db";
import { isMarketDataError, marketErrorHttpStatus, type MarketDataError } from "@ledgerline/market";
import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { recordAudit } from "../services/audit";
import { requestFingerprint, type StoredAnswer } from "../services/idempotency";
import type { Context } from "./context";
import { errorFromPublic, toPublicError, type PublicError } from "./errors";

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const publicError = toPublicError(error);
    return {
      ...shape,
      message: publicError.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        issues: publicError.issues ?? null,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Whether any text in a value holds U+0000, which PostgreSQL cannot store in text columns. */
function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).some(([key, item]) => key.includes("\u0000") || holdsNul(item));
  }
  return false;
}

/**
 * Every procedure refuses input holding a NUL character, on both doors and both databases alike
 * (SQLite would store it, PostgreSQL refuses it): no text a person types contains one.
 */
const procedure = t.procedure.use(async ({ getRawInput, next }) => {
  if (holdsNul(await getRawInput())) {
    throw new TRPCError({ code: "BAD_REQUEST", message: messages.textHasNulCharacter });
  }
  return next();
});

/** Anyone, signed in or not. */
export const publicProcedure = procedure;

/** A signed-in user; `ctx.user` and the session are present. */
export const userProcedure = procedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw notSignedIn();
  return next({
    ctx: { ...ctx, user: ctx.user, session: ctx.session, sessionTokenHash: ctx.session.tokenHash },
  });
});

export const notSignedIn = () =>
  new TRPCError({ code: "UNAUTHORIZED", message: messages.notSignedIn });

/**
 * Refuses a signed-in user who is not an admin, writing the attempt (`attempted`: the procedure
 * or REST path) to the audit log. Both doors check admin access here.
 */
export async function requireAdmin(ctx: Context, user: UserRow, attempted: string) {
  if (user.isAdmin) return;
  await recordAudit(ctx, {
    event: "ACCESS_DENIED",
    success: false,
    email: user.email,
    userId: user.id,
    failureReason: "Admin access required",
    details: attempted,
  });
  throw new TRPCError({ code: "FORBIDDEN", message: messages.notAllowed });
}

/** A signed-in admin; a refused attempt is written to the audit log. */
export const adminProcedure = userProcedure.use(async ({ ctx, next, path }) => {
  await requireAdmin(ctx, ctx.user, path);
  return next();
});

const statusCodes: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  404: "NOT_FOUND",
  429: "TOO_MANY_REQUESTS",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
};

/** A market failure keeps the spec's text ("Failed to fetch stock data") and an honest status. */
export function marketError(error: MarketDataError): TRPCError {
  const code = statusCodes[marketErrorHttpStatus(error.kind)] ?? "SERVICE_UNAVAILABLE";
  return new TRPCError({ code, message: error.message, cause: error });
}

/** A signed-in user reading market data; provider failures become the spec's messages. */
export const marketProcedure = userProcedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok && isMarketDataError(result.error.cause)) throw marketError(result.error.cause);
  return result;
});

/**
 * Exactly once over tRPC: a signed-in user's mutation may carry `idempotencyKey` in its input.
 * The first call with a key runs; the same key with the same input answers what the first call
 * answered (data or error) without running again; another input is a 422 (services/idempotency).
 */
const idempotentMutation = t.middleware(async ({ ctx, input, path, type, getRawInput, next }) => {
  const key = (input as { idempotencyKey?: string } | undefined)?.idempotencyKey;
  if (!key || type !== "mutation" || !ctx.user) return next();
  const { idempotencyKey: _key, ...rest } = ((await getRawInput()) ?? {}) as Record<
    string,
    unknown
  >;
  const outcome = await ctx.deps.idempotency.run(
    {
      userId: ctx.user.id,
      key,
      fingerprint: requestFingerprint({ door: "trpc", path, input: rest }),
    },
    () => next({ ctx: { idempotencyKey: key } }),
    (result): StoredAnswer => {
      if (result.ok) return { status: 200, body: result.data };
      const error = toPublicError(result.error);
      return { status: getHTTPStatusCodeFromError(result.error), body: error };
    },
  );
  if (!outcome.replayed) return outcome.value;
  if (outcome.answer.status >= 400) throw errorFromPublic(outcome.answer.body as PublicError);
  return replayedResult(outcome.answer.body, ctx);
});

/**
 * The result a procedure's last middleware gives, for an answer replayed from storage. tRPC has
 * no public way for a middleware to answer instead of calling `next()`, so this builds the same
 * object its resolver step builds (`{ marker, ok, data, ctx }`).
 */
function replayedResult<T>(data: unknown, ctx: T) {
  return { marker: "middlewareMarker", ok: true, data, ctx } as unknown as Awaited<
    ReturnType<Parameters<Parameters<typeof t.middleware>[0]>[0]["next"]>
  >;
}

/** A signed-in user's write; takes an optional `idempotencyKey`. */
export const userMutation = userProcedure.input(idempotencyInput).use(idempotentMutation);
/** A signed-in admin's write; takes an optional `idempotencyKey`. */
export const adminMutation = adminProcedure.input(idempotencyInput).use(idempotentMutation);
/** A signed-in user's write that reads market data; takes an optional `idempotencyKey`. */
export const marketMutation = marketProcedure.input(idempotencyInput).use(idempotentMutation);
