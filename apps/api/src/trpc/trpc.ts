import { messages } from "@ledgerline/contracts";
import { isMarketDataError, marketErrorHttpStatus, type MarketDataError } from "@ledgerline/market";
import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { recordAudit } from "../services/audit";
import type { Context } from "./context";
import { toPublicError } from "./errors";

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

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure;

/** A signed-in user; `ctx.user` and the session are present. */
export const userProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) {
    throw new TRPCError({ code: "UNAUTHORIZED", message: messages.notSignedIn });
  }
  return next({
    ctx: { ...ctx, user: ctx.user, session: ctx.session, sessionTokenHash: ctx.session.tokenHash },
  });
});

/** A signed-in admin; a refused attempt is written to the audit log. */
export const adminProcedure = userProcedure.use(async ({ ctx, next, path }) => {
  if (!ctx.user.isAdmin) {
    await recordAudit(ctx, {
      event: "ACCESS_DENIED",
      success: false,
      email: ctx.user.email,
      userId: ctx.user.id,
      failureReason: "Admin access required",
      details: path,
    });
    throw new TRPCError({ code: "FORBIDDEN", message: messages.notAllowed });
  }
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
