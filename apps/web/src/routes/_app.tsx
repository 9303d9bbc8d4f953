import { QueryClientProvider } from "@tanstack/react-query";
import { createFileRoute, Outlet, useRouter, useRouterState } from "@tanstack/react-router";
import { setFormatLocale } from "@ledgerline/money/format/locale";
import { Fragment, lazy, Suspense, useEffect } from "react";
import { requireSignedIn } from "../lib/guards";
import { queryClient } from "../lib/query-client";
import { useSession } from "../lib/use-session";

import { followAccountLanguage } from "../lib/account-language";
import { firstPaint } from "../lib/first-paint";

// After the first page has painted (../lib/first-paint).
const NotificationBell = lazy(() =>
  firstPaint.then(() => import("../components/layout/NotificationBell")),
);
const GlobalSearch = lazy(() => firstPaint.then(() => import("../components/layout/GlobalSearch")));
const OfflineReading = lazy(() =>
  firstPaint.then(() => import("../components/offline/OfflineReading")),
);

/**
 * The signed-in screens: one guard for all of them, and one query cache. The cache and the tRPC
 * options proxy are loaded here, on the first signed-in page, before any loader below runs (the
 * cache joins the router context: loaders read `context.queryClient`), so the public pages never
 * load the query library. The navbar's notification bell and ticker search are rendered from
 * here too, for the same reason.
 */
export const Route = createFileRoute("/_app")({
  beforeLoad: async ({ matches }) => {
    requireSignedIn(matches);
    const { queryClient, restoreIfOffline } = await import("../lib/trpc");
    await restoreIfOffline();
    return { queryClient };
  },
  // On a first load this layout is itself still loading (its guard's import, its component's
  // chunk) when the router's pending delay runs out, so the router shows this layout's loading
  // state, and keeps it until the whole page is ready. It is the page's own. (Not split into a
  // chunk, see vite.config.ts: it would wait behind the generic one.)
  pendingComponent: OpenedPagePending,
  component: SignedInLayout,
});

function SignedInLayout() {
  // Figures and dates are written in the user's locale (issue 36), set before any screen below
  // renders; a change in settings remakes the screens (the key), so every figure, cached in a
  // memo or drawn in a chart, is written again in the new one.
  const accountLocale = useSession()?.user.locale;
  const locale = accountLocale ?? "en-US";
  setFormatLocale(locale);
  // Words come from the build of the account's language (decision 0065): another reloads.
  useEffect(() => followAccountLanguage(accountLocale), [accountLocale]);
  return (
    <QueryClientProvider client={queryClient}>
      <Fragment key={locale}>
        <Suspense fallback={null}>
          <OfflineReading />
        </Suspense>
        <Outlet />
        <Suspense fallback={null}>
          <GlobalSearch />
          <NotificationBell />
        </Suspense>
      </Fragment>
    </QueryClientProvider>
  );
}

/**
 * The loading layout of the page being opened, else the router's generic one. Until that
 * layout's code arrives, the navigation bar alone.
 */
function OpenedPagePending() {
  const router = useRouter();
  const pageId = useRouterState({ select: (state) => state.matches.at(-1)!.routeId });
  const Pending =
    router.routesById[pageId].options.pendingComponent ?? router.options.defaultPendingComponent;
  return <Suspense fallback={null}>{Pending && <Pending />}</Suspense>;
}
