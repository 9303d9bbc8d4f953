import type { PortfolioSummary } from "@ledgerline/contracts";
import { useLiveQuotes } from "../assets/live-quotes";

/**
 * Prices the portfolio summary's holdings live while the calling screen is mounted: each tick
 * reprices the summary's cached copy (see repriceSummary), so its positions and totals move with
 * the market between the server's refreshes.
 */
export function useLiveSummary(summary: PortfolioSummary | undefined) {
  useLiveQuotes({
    stocks: summary?.stocks.positions.map((position) => position.symbol) ?? [],
    crypto: summary?.crypto.positions.map((position) => position.symbol) ?? [],
  });
}
