import { QueryClient } from "@tanstack/react-query";
import { warmFormats } from "./format";
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

/**
 * Runs `run` as a task of its own once the next frame is painted: after a page has shown its
 * loading state, while its data is on the way.
 */
function afterNextPaint(run: () => void) {
  requestAnimationFrame(() => setTimeout(run, 0));
}

// A signed-in page's first query is sent as the page renders its loading state: the wait for the
// answer, once that state is painted, is the moment to build the formats its figures will need.
// (An idle callback comes too late: on a phone the answer is often handled before one runs.)
const stopWaitingForFirstQuery = queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== "added") return;
  stopWaitingForFirstQuery();
  afterNextPaint(warmFormats);
});
