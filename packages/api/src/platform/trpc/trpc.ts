import {
  apiKeyMessages,
  apiKeyScopeRefused,
  idempotencyInput,
  messages,
  mfaMessages,
} from "@ledgerline/contracts";
import { isDatabaseUnavailable, type ApiKeyRow, type UserRow } from "@ledgerline/db";
import { isMarketDataError, marketErrorHttpStatus, type MarketDataError } from "@ledgerline/market";
import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { CachedAnswer } from "../answer-cache";
import { recordAudit } from "../../admin/audit";
import { requestFingerprint, type StoredAnswer } from "../../trading/idempotency";
import type { Context } from "./context";
import type { AnswerLanguage } from "../../locale/answer-language";
import { errorIn, messageResultIn } from "../../locale/catalog";
import { errorFromPublic, toPublicError, trpcErrorOf, type PublicError } from "./errors";

/**
 * What an API key must be allowed to call a procedure: `read` any key, `trade` a key with the
 * trade scope, `never` no key at all (only a signed-in session). A procedure that says nothing
 * takes the default: a query or subscription is `read`, a mutation `never`, so a new write stays closed to keys
 * until its own declaration opens it.
 */
export interface ProcedureMeta {
  apiKey?: "read" | "trade" | "never";
  /** A hot read whose answer the doors may keep (services/answer-cache.ts), and what it shows. */
  cachedAnswer?: CachedAnswer;
  /**
   * An answer that may be a long list (an import preview of 200,000 rows): the tRPC door writes
   * its JSON in slices (services/sliced-json.ts) rather than in one turn of the event loop.
   */
  longAnswer?: true;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // The formatter below sends no stack, so none is asked for: reading an error's stack formats
    // it, 30-50 ms for an import's 400 where the stack maps through source maps (issue 29).
    isDev: false,
    errorFormatter({ shape, error, ctx }) {
      const publicError = errorIn(toPublicError(error), ctx?.language ?? "en");
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

/**
 * Whether any text in a value holds U+0000, which PostgreSQL cannot store in text columns. Walked
 * with a list, not recursion: the doors refuse deep JSON first (plugins/json-body.ts), and a
 * value from anywhere else cannot overflow the stack here either.
 */
function holdsNul(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (value.includes("\u0000")) return true;
    } else if (Array.isArray(value)) {
      for (const item of value as unknown[]) pending.push(item);
    } else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes("\u0000")) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * Every procedure refuses input holding a NUL character, on both doors and both databases alike
 * (SQLite would store it, PostgreSQL refuses it): no text a person types contains one. A failure
 * of the market-data provider, in any procedure that asked it (a read, a trade, an admin's
 * re-sync), is answered with the spec's market message and an honest status (marketError).
 * A `{ message }` answer (a password changed, a reset link sent) is said in the request's
 * language (decision 0070).
 */
const procedure = t.procedure.use(async ({ ctx, getRawInput, next }) => {
  if (holdsNul(await getRawInput())) {
    throw new TRPCError({ code: "BAD_REQUEST", message: messages.textHasNulCharacter });
  }
  const result = await next();
  if (result.ok) {
    if (ctx.language === "en") return result;
    return { ...result, data: messageResultIn(result.data, ctx.language) };
  }
  // A lost database connection is a 503 to retry, not a 500.
  if (isDatabaseUnavailable(result.error)) throw trpcErrorOf(result.error);
  if (isMarketDataError(result.error.cause)) throw marketError(result.error.cause);
  return result;
});

/** Anyone, signed in or not. */
export const publicProcedure = procedure;

export const notSignedIn = () =>
  new TRPCError({ code: "UNAUTHORIZED", message: messages.notSignedIn });

/**
 * Refuses a request made with an API key whose scope the procedure's `apiKey` declaration does
 * not allow (a 403 saying why), writing the attempt to the audit log.
 */
async function requireKeyScope(
  ctx: Context,
  user: UserRow,
  apiKey: ApiKeyRow,
  needed: NonNullable<ProcedureMeta["apiKey"]>,
  attempted: string,
) {
  if (needed === "read" || (needed === "trade" && apiKey.scope === "trade")) return;
  const message = needed === "never" ? apiKeyMessages.notForKeys : apiKeyScopeRefused(apiKey.scope);
  await recordAudit(ctx, {
    event: "ACCESS_DENIED",
    success: false,
    email: user.email,
    userId: user.id,
    failureReason: needed === "never" ? "Not allowed with an API key" : "API key scope",
    details: `${attempted} with API key ${apiKey.id} (${apiKey.scope})`,
  });
  throw new TRPCError({ code: "FORBIDDEN", message });
}

/**
 * A signed-in user, by session or API key; `ctx.user` is present. A key is held to the
 * procedure's `apiKey` declaration here, for both doors.
 */
export const userProcedure = procedure.use(async ({ ctx, meta, type, path, next }) => {
  if (!ctx.user || (!ctx.session && !ctx.apiKey)) throw notSignedIn();
  if (ctx.apiKey) {
    const needed = meta?.apiKey ?? (type === "mutation" ? "never" : "read");
    await requireKeyScope(ctx, ctx.user, ctx.apiKey, needed, path);
  }
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** A signed-in browser session, never an API key: the account's own settings, keys and sign-out. */
export const sessionProcedure = userProcedure.meta({ apiKey: "never" }).use(({ ctx, next }) => {
  if (!ctx.session) throw notSignedIn();
  return next({
    ctx: { ...ctx, session: ctx.session, sessionTokenHash: ctx.session.tokenHash },
  });
});

/**
 * Refuses a signed-in user who is not an admin, writing the attempt (`attempted`: the procedure
 * or REST path) to the audit log. Both doors check admin access here.
 */
export async function requireAdmin(ctx: Context, user: UserRow, attempted: string) {
  // An admin's API key acts with user rights only: admin keys do not exist.
  if (user.isAdmin && !ctx.apiKey) {
    if (!ctx.deps.config.adminMfaRequired || (await ctx.deps.repos.mfa.isEnabled(user.id))) return;
    await recordAudit(ctx, {
      event: "ACCESS_DENIED",
      success: false,
      email: user.email,
      userId: user.id,
      failureReason: "Two-factor sign-in required",
      details: attempted,
    });
    throw new TRPCError({ code: "FORBIDDEN", message: mfaMessages.adminMfaRequired });
  }
  await recordAudit(ctx, {
    event: "ACCESS_DENIED",
    success: false,
    email: user.email,
    userId: user.id,
    failureReason: ctx.apiKey ? "Not allowed with an API key" : "Admin access required",
    details: ctx.apiKey
      ? `${attempted} with API key ${ctx.apiKey.id} (${ctx.apiKey.scope})`
      : attempted,
  });
  throw new TRPCError({
    code: "FORBIDDEN",
    message: ctx.apiKey ? apiKeyMessages.notForKeys : messages.notAllowed,
  });
}

/** A signed-in admin in a session; a refused attempt is written to the audit log. */
export const adminProcedure = userProcedure
  .meta({ apiKey: "never" })
  .use(async ({ ctx, next, path }) => {
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

/**
 * A signed-in user reading market data. Provider failures become the spec's messages in every
 * procedure (the base procedure above); the name says which procedures call the provider.
 */
export const marketProcedure = userProcedure;

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
/**
 * A signed-in user's write whose answer holds a stored English text (an import job's failure):
 * `answerIn` puts it into the request's language outside the idempotency, so a repeat keeps the
 * English and is said in the repeat's own language (decision 0070).
 */
export function userMutationAnswering<T>(answerIn: (data: T, language: AnswerLanguage) => T) {
  return userProcedure
    .use(async ({ ctx, next }) => {
      const result = await next();
      if (!result.ok || ctx.language === "en") return result;
      return { ...result, data: answerIn(result.data as T, ctx.language) };
    })
    .input(idempotencyInput)
    .use(idempotentMutation);
}
/**
 * A signed-in user's write to their own records that an API key with the `trade` scope may also
 * make (a `read` key may not); takes an optional `idempotencyKey`.
 */
export const tradeKeyMutation = userMutation.meta({ apiKey: "trade" });
/** A write to the account's own settings, in a session; takes an optional `idempotencyKey`. */
export const sessionMutation = sessionProcedure.input(idempotencyInput).use(idempotentMutation);
/** A signed-in admin's write; takes an optional `idempotencyKey`. */
export const adminMutation = adminProcedure.input(idempotencyInput).use(idempotentMutation);
/** A signed-in user's write that reads market data; takes an optional `idempotencyKey`. */
export const marketMutation = marketProcedure.input(idempotencyInput).use(idempotentMutation);
