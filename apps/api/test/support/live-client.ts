import type { PriceTick } from "@ledgerline/market";
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from "@trpc/client";
import { EventSource } from "eventsource";
import type { AppRouter } from "../../src/trpc/router";

/** A browser-like tRPC client of a listening app: batched queries, subscriptions over SSE. */
function client(base: string, bearer: string | undefined) {
  const url = `${base}/api/trpc`;
  const authorization: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === "subscription",
        true: httpSubscriptionLink({
          url,
          EventSource,
          eventSourceOptions: () => ({
            fetch: (input: string | URL, init: RequestInit) =>
              fetch(input, { ...init, headers: { ...(init.headers as object), ...authorization } }),
          }),
        }),
        false: httpBatchLink({ url, headers: () => authorization }),
      }),
    ],
  });
}

/** Subscribes to live quotes as a bearer (or a visitor), collecting ticks and errors. */
export function subscribeLive(
  base: string,
  bearer: string | undefined,
  input: { stocks?: string[]; crypto?: string[] },
) {
  const ticks: PriceTick[] = [];
  const errors: unknown[] = [];
  const subscription = client(base, bearer).live.quotes.subscribe(input, {
    onData: (tracked) => ticks.push(tracked.data),
    onError: (error) => errors.push(error),
  });
  return { ticks, errors, stop: () => subscription.unsubscribe() };
}

export async function until(condition: () => boolean, timeoutMs = 8000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
