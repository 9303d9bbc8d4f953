import {
  createMemoryHistory,
  RouterProvider,
  rootRouteId,
  type AnyRouteMatch,
} from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { loadSignedInNav } from "./components/layout/signed-in-nav";
import { sessionStore } from "./lib/session";
import { createAppRouter } from "./router";

/**
 * Renders a public page to HTML at build time, as a signed-out visitor sees it, so that its
 * content paints before any JavaScript has run (see scripts/prerender.mjs).
 */
export async function prerender(path: string): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}

/** What the shell prerender reads of a route (the router's own types leave these `any`). */
interface RouteInfo {
  id: string;
  fullPath: string;
  children?: unknown;
  options: {
    pendingComponent?: { preload?: () => Promise<void> };
    head?: (context: { params: Record<string, string> }) => { meta?: AnyRouteMatch["meta"] };
  };
}

/** The signed-in pages' path templates (`/research/$symbol`), admin pages last. */
export function signedInPages(): string[] {
  const router = createAppRouter(createMemoryHistory());
  return Object.values(router.routesById as unknown as Record<string, RouteInfo>)
    .filter((route) => route.id.startsWith("/_app/") && !route.children)
    .map((route) => route.fullPath.replace(/(.)\/$/, "$1"));
}

/**
 * A signed-in page as its first load shows it while its code, session and data arrive: the
 * navigation bar of a signed-in user and the page's own loading layout (the signed-in layout's
 * pending state), rendered at build time so the browser paints it from the HTML. `path` is the
 * page's address, a placeholder standing in for each parameter (scripts/prerender.mjs).
 */
export async function prerenderShell(path: string): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  const matches: AnyRouteMatch[] = router.matchRoutes(router.latestLocation);
  const routesById = router.routesById as unknown as Record<string, RouteInfo>;
  const leaf = routesById[String(matches.at(-1)!.routeId)]!;
  // Lazy parts render only once loaded: the page's loading layout (or the router's default).
  const Pending = leaf.options.pendingComponent ?? router.options.defaultPendingComponent;
  await (Pending as RouteInfo["options"]["pendingComponent"])?.preload?.();
  const shown: AnyRouteMatch[] = matches.map((match) => {
    const route = routesById[String(match.routeId)]!;
    const head = route.options.head?.({ params: match.params as Record<string, string> });
    return {
      ...match,
      meta: head?.meta,
      status: match.routeId === rootRouteId ? "success" : "pending",
    } as AnyRouteMatch;
  });
  router.stores.setMatches(shown);
  // A user whose name is not shown: the navigation bar tells a signed-in user from none, and an
  // admin, who alone opens the admin pages, from a user.
  const now = new Date().toISOString();
  await loadSignedInNav();
  sessionStore.signIn({
    token: "shell",
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    id: 0,
    email: "",
    name: "",
    isAdmin: leaf.id.startsWith("/_app/_admin/"),
    lastLoginDate: null,
    previousLoginDate: null,
    createdDate: now,
    numberOfLogins: 0,
    failedLogins: 0,
    locale: "en-US",
  });
  try {
    return renderToString(<RouterProvider router={router} />);
  } finally {
    sessionStore.signOut("logout");
  }
}
