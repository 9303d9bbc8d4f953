import { createRouter, lazyRouteComponent, type RouterHistory } from "@tanstack/react-router";
import { routeTree } from "./routeTree.gen";

/** The app's router; the build's prerender passes a memory history, the browser none. */
export function createAppRouter(history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    ...(history ? { history } : {}),
    defaultPreload: "intent",
    defaultPreloadStaleTime: 0,
    // Loaded when first needed: the public pages' first visit does not carry them.
    defaultPendingComponent: lazyRouteComponent(
      () => import("./components/RouteStates"),
      "RoutePending",
    ),
    // A page whose data takes longer than a blink shows its loading layout, and keeps it long
    // enough to be read rather than flash.
    defaultPendingMs: 150,
    defaultPendingMinMs: 300,
    defaultErrorComponent: lazyRouteComponent(
      () => import("./components/RouteStates"),
      "RouteError",
    ),
    defaultNotFoundComponent: () => (
      <div className="py-24 text-center">
        <h1 className="text-2xl font-bold">Page not found</h1>
        <p className="mt-2 text-muted">There is no page at this address.</p>
      </div>
    ),
  });
  // The spec: navigation scrolls smoothly to the top.
  router.subscribe("onResolved", ({ fromLocation, toLocation }) => {
    if (
      typeof window !== "undefined" &&
      fromLocation &&
      fromLocation.pathname !== toLocation.pathname
    )
      window.scrollTo({ top: 0, behavior: "smooth" });
  });
  return router;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
