import type { AppRouter } from "@ledgerline/api";
import { createTRPCClient, httpLink } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { queryClient } from "./query-client";
import { failureLink, sessionHeaders } from "./trpc-client";

/**
 * Query options whose calls go alone, never batched with a screen's other reads: a quick read
 * asked beside slow ones (the history update beside the returns, which wait for the recompute it
 * reports) would otherwise be answered only with the slowest. So do the reads that wait for that
 * recompute (the history, returns, risk, monthly returns): the summary's figures, allocation and
 * targets beside them answer under the banner. The same query keys as `trpc`, so
 * its invalidations reach them. Its own module, loaded with the screens that use it, so the first
 * bundle carries no second link.
 */
export const unbatchedTrpc = createTRPCOptionsProxy<AppRouter>({
  client: createTRPCClient<AppRouter>({
    links: [failureLink, httpLink({ url: "/api/trpc", headers: sessionHeaders })],
  }),
  queryClient,
});
