import { QueryClient } from "@tanstack/react-query";
import { sessionStore } from "./session";

/** A 4xx will not change on retry; only server faults and network errors are retried. */
function isRetryable(error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
  return status === undefined || status >= 500;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
    },
    // A write is sent at once, and fails at once offline with a message (lib/errors): the query
    // library's default would hold it silently until the browser is online again.
    mutations: { networkMode: "always" },
  },
});

// Whatever ends a session, no cached data of that user outlives it: in memory, nor what was kept
// on the device for reading offline (lib/offline). (The build's prerender, which signs its layouts'
// user out, has no device storage to clear.)
sessionStore.onSignOut(() => {
  queryClient.clear();
  if (typeof indexedDB === "undefined") return;
  void import("./offline/figures-cache")
    .then((cache) => cache.forgetAllFigures())
    .catch(() => undefined);
});
