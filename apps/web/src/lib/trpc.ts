import type { AppRouter } from "@ledgerline/api";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { queryClient } from "./query-client";
import { trpcClient } from "./trpc-client";

export { queryClient } from "./query-client";
export { trpcClient } from "./trpc-client";
export { errorMessage, httpStatusOf } from "./errors";

/** Query and mutation options for TanStack Query, usable in loaders and components alike. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
