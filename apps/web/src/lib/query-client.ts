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
  },
});

// Whatever ends a session, no cached data of that user outlives it.
sessionStore.onSignOut(() => queryClient.clear());
