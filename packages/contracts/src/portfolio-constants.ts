/** The portfolio screens' constants (spec sections 5 and 9), without zod, for the browser. */

export const NOTES_MAX_LENGTH = 500;

export const portfolioHistoryRanges = ["1M", "3M", "6M", "1Y", "ALL"] as const;
export type PortfolioHistoryRange = (typeof portfolioHistoryRanges)[number];
export const DEFAULT_PORTFOLIO_HISTORY_RANGE: PortfolioHistoryRange = "3M";
