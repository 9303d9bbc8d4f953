import { m } from "@ledgerline/messages";
import { createRootRoute, Outlet, useRouterState } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { Footer } from "../components/layout/Footer";
import { Navbar } from "../components/layout/Navbar";
import { firstPaint, markFirstPagePainted } from "../lib/first-paint";
import { toasterState } from "../lib/toaster-state";
import { sessionStore } from "../lib/session";
import { useSession } from "../lib/use-session";

// Loaded on the first toast, so the public pages' first bundle does not carry the toast library.
const Toaster = lazy(() => import("../components/layout/Toaster"));

/**
 * The signed-in session's rules (expiry, inactivity), watched from when the first page is shown
 * until the session ends: their code loads after the first paint, so the public pages' first
 * bundle does not carry it, and they start as it arrives.
 */
function useSessionWatch(token: string | undefined, firstPageShown: boolean) {
  useEffect(() => {
    if (!token || !firstPageShown) return;
    let stop: (() => void) | undefined;
    let ended = false;
    void firstPaint
      .then(() => import("../auth/session-monitor"))
      .then((monitor) => {
        if (!ended) stop = monitor.watchSession();
      });
    return () => {
      ended = true;
      stop?.();
    };
  }, [token, firstPageShown]);
}

export const Route = createRootRoute({
  // Each page names itself in its own `head`; the deepest title wins.
  head: () => ({ meta: [{ title: "Ledgerline" }] }),
  component: RootLayout,
});

/**
 * The current page's title from the routes' `head` meta. React places a rendered <title> in the
 * document head. (The router's HeadContent does the same for every kind of head tag, at ~3 KB
 * gzip on every page; the title is the only head tag these pages set.)
 */
function DocumentTitle() {
  const title = useRouterState({
    select: (state) =>
      state.matches.flatMap((match) => match.meta ?? []).findLast((meta) => meta?.title)?.title,
  });
  return title ? <title>{title}</title> : null;
}

function RootLayout() {
  const session = useSession();
  // Until the first page has rendered the footer would sit at the bottom of an empty window and
  // jump away when the page arrives (a layout shift); it appears below the page instead.
  const firstPageShown = useRouterState({
    select: (state) => state.resolvedLocation !== undefined,
  });
  useSessionWatch(session?.token, firstPageShown);
  const toasterRequested = useSyncExternalStore(
    toasterState.subscribe,
    toasterState.isRequested,
    () => false,
  );

  useEffect(() => {
    if (firstPageShown) markFirstPagePainted();
  }, [firstPageShown]);

  useEffect(() => {
    if (sessionStore.get())
      void firstPaint
        .then(() => import("../auth/session-calls"))
        .then((module) => module.refreshSession());
  }, []);

  return (
    <div className="flex min-h-screen flex-col">
      <DocumentTitle />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      >
        {m.nav_skip_to_content()}
      </a>
      <Navbar />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      {firstPageShown && <Footer />}
      <Suspense fallback={null}>{toasterRequested && <Toaster />}</Suspense>
    </div>
  );
}
