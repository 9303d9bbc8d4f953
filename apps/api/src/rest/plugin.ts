import { TRPCError } from "@trpc/server";
import type { FastifyInstance } from "fastify";
import { createContext } from "../trpc/context";
import { toPublicError } from "../trpc/errors";
import { createCaller } from "../trpc/router";
import type { RestRoute } from "./route";

/**
 * Registers the documented REST paths. Each builds the same context as the tRPC door and calls
 * the procedure through a server-side caller, so both doors share validation, access and logic.
 */
export function restPlugin(routes: RestRoute[]) {
  return async function registerRestRoutes(app: FastifyInstance) {
    for (const route of routes) {
      app.route({
        method: route.method,
        url: route.url,
        handler: async (req, reply) => {
          const caller = createCaller(await createContext({ req }));
          try {
            const result = await route.call(caller, {
              params: (req.params ?? {}) as Record<string, string>,
              query: (req.query ?? {}) as Record<string, unknown>,
              body: req.body ?? {},
            });
            return reply.send(result);
          } catch (error) {
            if (!(error instanceof TRPCError)) throw error;
            const publicError = toPublicError(error);
            if (publicError.code === "INTERNAL_SERVER_ERROR") throw error.cause ?? error;
            return reply.code(publicError.status).send({
              message: publicError.message,
              code: publicError.code,
              ...(publicError.issues ? { issues: publicError.issues } : {}),
            });
          }
        },
      });
    }
  };
}
