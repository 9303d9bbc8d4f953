import { QueryClientProvider } from "@tanstack/react-query";
import { createFileRoute, Outlet } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { requireSignedIn } from "../lib/guards";
import { queryClient } from "../lib/query-client";

const NotificationBell = lazy(() => import("../components/layout/NotificationBell"));

/**
 * The signed-in screens: one guard for all of them, and one query cache. The cache and the tRPC
 * options proxy join the router context here, loaded on the first signed-in page, so loaders
 * below read `context.queryClient` / `context.trpc` and the public pages never load the query
 * library. The navbar's notification bell is rendered from here too, for the same reason.
 */
export const Route = createFileRoute("/_app")({
  beforeLoad: async ({ matches }) => {
    requireSignedIn(matches);
    const { queryClient, trpc } = await import("../lib/trpc");
    return { queryClient, trpc };
  },
  component: () => (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <Suspense fallback={null}>
        <NotificationBell />
      </Suspense>
    </QueryClientProvider>
  ),
});
