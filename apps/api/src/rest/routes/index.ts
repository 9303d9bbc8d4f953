import { accountRoutes } from "./accounts";
import { auditRoutes } from "./audit";
import { cryptoPortfolioRoutes } from "./crypto-portfolio";
import { cryptoWatchlistRoutes } from "./crypto-watchlist";
import { marketRoutes } from "./market";
import { portfolioRoutes } from "./portfolio";
import { transactionRoutes } from "./transactions";
import { watchlistRoutes } from "./watchlist";

export const restRoutes = [
  ...accountRoutes,
  ...auditRoutes,
  ...marketRoutes,
  ...watchlistRoutes,
  ...portfolioRoutes,
  ...cryptoWatchlistRoutes,
  ...cryptoPortfolioRoutes,
  ...transactionRoutes,
];
