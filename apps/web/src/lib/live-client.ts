import type { AppRouter } from "@ledgerline/api";
import { createTRPCClient, httpSubscriptionLink, splitLink, httpBatchLink } from "@trpc/client";
import { EventSource } from "eventsource";
import { sessionStore } from "./session";

/**
 * The client of live prices: tRPC subscriptions over server-sent events. Loaded on demand by
 * the quote hooks (never by the landing or login page), so its weight is paid by the screens
 * that show prices. The EventSource polyfill is there for one reason: a browser's own
 * EventSource cannot send the bearer token, and a token in the URL would end up in logs.
 */
const url = "/api/trpc";
const authorization = (): Record<string, string> => {
  const session = sessionStore.get();
  return session ? { authorization: `Bearer ${session.token}` } : {};
};

export const liveClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === "subscription",
      true: httpSubscriptionLink({
        url,
        EventSource,
        eventSourceOptions: () => ({
          fetch: (input: string | URL, init: RequestInit) =>
            fetch(input, {
              ...init,
              headers: { ...(init.headers as Record<string, string>), ...authorization() },
            }),
        }),
      }),
      false: httpBatchLink({ url, headers: authorization }),
    }),
  ],
});
