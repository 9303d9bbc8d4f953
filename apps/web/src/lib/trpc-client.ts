import type { AppRouter } from "@ledgerline/api";
import { createTRPCClient, httpBatchLink, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { sendClientLog } from "./client-log";
import { lastServerContact } from "./server-contact";
import { sessionStore } from "./session";

/**
 * Every failed call is logged to the server (spec: url, method, status, statusText), and a 401
 * anywhere but the login form ends the session.
 */
export const failureLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) =>
      next(op).subscribe({
        next(value) {
          lastServerContact.at = Date.now();
          observer.next(value);
        },
        error(error) {
          const status = error.data?.httpStatus ?? 0;
          if (op.path !== "logs.create") {
            sendClientLog({
              level: status >= 500 || status === 0 ? "error" : "warn",
              message: `API call failed: ${op.path}`,
              context: {
                url: `/api/trpc/${op.path}`,
                method: op.type === "query" ? "GET" : "POST",
                status,
                statusText: error.data?.code ?? error.message,
              },
              error: { message: error.message },
            });
          }
          if (status === 401 && op.path !== "auth.login") sessionStore.signOut("unauthorized");
          observer.error(error);
        },
        complete() {
          observer.complete();
        },
      }),
    );

/** The signed-in user's token, on every call. */
export function sessionHeaders(): Record<string, string> {
  const session = sessionStore.get();
  return session ? { authorization: `Bearer ${session.token}` } : {};
}

/** The tRPC client behind the query and mutation options (lib/trpc); nothing else calls it. */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    failureLink,
    httpBatchLink({
      url: "/api/trpc",
      maxURLLength: 2000,
      headers: sessionHeaders,
    }),
  ],
});
