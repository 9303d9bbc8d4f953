import type { AppRouter } from "@ledgerline/api";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { queryClient } from "./query-client";
import { sessionStore } from "./session";
import { trpcClient } from "./trpc-client";

export { queryClient } from "./query-client";
export { errorMessage, httpStatusOf } from "./errors";

/** Query and mutation options for TanStack Query, usable in loaders and components alike. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/**
 * A list a screen keeps fresh by reading it every `intervalMs`. It counts as fresh for one
 * interval, so what a route's loader has just read is shown, not read again as the page mounts;
 * and a failed read is not retried, since the next read is the retry (a retry timer would outlive
 * the screen). Loaders and screens use the same options, so the two cannot drift apart.
 */
export function polled<Options extends object>(options: Options, intervalMs: number) {
  return { ...options, staleTime: intervalMs, refetchInterval: intervalMs, retry: false as const };
}

/**
 * A page opened offline shows what this user's pages last loaded on this device: the kept reads
 * are restored before any loader runs (a page with nothing kept fails to load, with its retry,
 * rather than wait). Online, nothing of this loads before the first paint (lib/offline). (The
 * build's prerender has no browser: no navigator, or one without onLine.)
 */
export async function restoreIfOffline(): Promise<void> {
  const userId = sessionStore.get()?.user.id;
  if (typeof navigator === "undefined" || navigator.onLine !== false || userId === undefined)
    return;
  const { restoreFigures } = await import("./offline/figures-cache");
  await restoreFigures(queryClient, userId).catch(() => undefined);
}
