import { QueryClientProvider } from "@tanstack/react-query";
import { createFileRoute, Outlet } from "@tanstack/react-router";
import { queryClient } from "../lib/query-client";

/**
 * The signed-in screens, under one query cache. A pathless layout, so the public pages never
 * load the query library.
 */
export const Route = createFileRoute("/_app")({
  component: () => (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  ),
});
