// The signed-in pages' loading layouts (lib/page-loading.ts), each loaded on its own: each is its
// page's own frame, with grey blocks where the data will be, so the page takes its place without
// a shift. Each page imports its layout's module too (for the parts they share), so a first load
// has it among the page's preloaded code.
export const layouts = {
  AccountLoading: () => import("./FormPagesLoading"),
  CorporateActionsLoading: () => import("./FormPagesLoading"),
  CryptoSearchLoading: () => import("./CryptoSearchLoading"),
  ImportLoading: () => import("./FormPagesLoading"),
  LandingLoading: () => import("./LandingLoading"),
  SearchAreaLoading: () => import("./SearchAreaLoading"),
  StockDashboardLoading: () => import("./StockDashboardLoading"),
};
