import { lazyRouteComponent } from "@tanstack/react-router";

/**
 * The signed-in pages' own loading layouts, by route: each is its page's frame, with grey blocks
 * where the data will be, so the page takes its place without a shift. The router's default
 * loading layout (RoutePending) shows the page's own: named in a route's definition, each would
 * add ~60 B gzip to the chunk every page loads, the public ones too, with their 110 KB budget.
 * Each page imports its layout's module too (for the parts they share), so a first load has it
 * among the page's preloaded code.
 */
export const pageLayouts: Record<string, ReturnType<typeof lazyRouteComponent>> = {
  "/_app/account": lazyRouteComponent(() => import("./FormPagesLoading"), "AccountLoading"),
  "/_app/_admin/corporate-actions": lazyRouteComponent(
    () => import("./FormPagesLoading"),
    "CorporateActionsLoading",
  ),
  "/_app/crypto/": lazyRouteComponent(() => import("./CryptoSearchLoading"), "CryptoSearchLoading"),
  "/_app/import": lazyRouteComponent(() => import("./FormPagesLoading"), "ImportLoading"),
  "/_app/landing": lazyRouteComponent(() => import("./LandingLoading"), "LandingLoading"),
  "/_app/search-area": lazyRouteComponent(() => import("./SearchAreaLoading"), "SearchAreaLoading"),
  "/_app/stock-dashboard": lazyRouteComponent(
    () => import("./StockDashboardLoading"),
    "StockDashboardLoading",
  ),
};
