// The signed-in pages' loading layouts (lib/page-loading.ts): each is its page's own frame, with
// grey blocks where the data will be, so the page takes its place without a shift.
export { CryptoSearchLoading } from "./CryptoSearchLoading";
export { SearchAreaLoading } from "./SearchAreaLoading";
export { StockDashboardLoading } from "./StockDashboardLoading";
export { LandingLoading } from "./LandingLoading";
export { AccountLoading, CorporateActionsLoading, ImportLoading } from "./FormPagesLoading";
