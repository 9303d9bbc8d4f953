import { accountRoutes } from "./accounts";
import { alertRoutes } from "./alerts";
import { apiKeyRoutes } from "./api-keys";
import { auditRoutes } from "./audit";
import { corporateActionRoutes } from "./corporate-actions";
import { cryptoPortfolioRoutes } from "./crypto-portfolio";
import { cryptoWatchlistRoutes } from "./crypto-watchlist";
import { importRoutes } from "./import";
import { marketRoutes } from "./market";
import { mfaRoutes } from "./mfa";
import { portfolioRoutes } from "./portfolio";
import { portfolioPerformanceRoutes } from "./portfolio-performance";
import { streamRoutes } from "./stream";
import { transactionRoutes } from "./transactions";
import { watchlistRoutes } from "./watchlist";

export const restRoutes = [
  ...accountRoutes,
  ...apiKeyRoutes,
  ...mfaRoutes,
  ...auditRoutes,
  ...marketRoutes,
  ...streamRoutes,
  ...watchlistRoutes,
  ...portfolioRoutes,
  ...portfolioPerformanceRoutes,
  ...cryptoWatchlistRoutes,
  ...cryptoPortfolioRoutes,
  ...transactionRoutes,
  ...alertRoutes,
  ...importRoutes,
  ...corporateActionRoutes,
];
