import { accountRoutes } from "./auth/accounts.rest";
import { investmentAccountRoutes } from "./accounts/investment-accounts.rest";
import { alertRoutes } from "./live/alerts.rest";
import { apiKeyRoutes } from "./auth/api-keys.rest";
import { auditRoutes } from "./admin/audit.rest";
import { corporateActionRoutes } from "./accounting/corporate-actions.rest";
import { cryptoPortfolioRoutes } from "./trading/crypto-portfolio.rest";
import { cryptoWatchlistRoutes } from "./watchlists/crypto-watchlist.rest";
import { importRoutes } from "./import/import.rest";
import { marketRoutes } from "./market/market.rest";
import { mfaRoutes } from "./auth/mfa.rest";
import { portfolioRoutes } from "./trading/portfolio.rest";
import { portfolioPerformanceRoutes } from "./accounting/portfolio-performance.rest";
import { streamRoutes } from "./live/stream.rest";
import { transactionRoutes } from "./trading/transactions.rest";
import { watchlistRoutes } from "./watchlists/watchlist.rest";

export const restRoutes = [
  ...accountRoutes,
  ...investmentAccountRoutes,
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
