import { accountRouter } from "./routers/account";
import { alertsRouter } from "./routers/alerts";
import { adminMarketRouter } from "./routers/admin-market";
import { apiKeysRouter } from "./routers/api-keys";
import { auditRouter } from "./routers/audit";
import { authRouter } from "./routers/auth";
import { corporateActionsRouter, incomeRouter } from "./routers/corporate-actions";
import { cryptoRouter } from "./routers/crypto";
import { cryptoPortfolioRouter } from "./routers/crypto-portfolio";
import { cryptoWatchlistRouter } from "./routers/crypto-watchlist";
import { importRouter } from "./routers/import";
import { liveRouter } from "./routers/live";
import { logsRouter } from "./routers/logs";
import { marketRouter } from "./routers/market";
import { mfaRouter } from "./routers/mfa";
import { notificationsRouter } from "./routers/notifications";
import { overviewRouter } from "./routers/overview";
import { portfolioSummaryRouter } from "./routers/portfolio-summary";
import { transactionsRouter } from "./routers/transactions";
import { portfolioRouter } from "./routers/portfolio";
import { usersRouter } from "./routers/users";
import { watchlistRouter } from "./routers/watchlist";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  apiKeys: apiKeysRouter,
  mfa: mfaRouter,
  users: usersRouter,
  audit: auditRouter,
  logs: logsRouter,
  market: marketRouter,
  live: liveRouter,
  crypto: cryptoRouter,
  cryptoWatchlist: cryptoWatchlistRouter,
  cryptoPortfolio: cryptoPortfolioRouter,
  adminMarket: adminMarketRouter,
  transactions: transactionsRouter,
  portfolioSummary: portfolioSummaryRouter,
  overview: overviewRouter,
  watchlist: watchlistRouter,
  portfolio: portfolioRouter,
  alerts: alertsRouter,
  notifications: notificationsRouter,
  import: importRouter,
  corporateActions: corporateActionsRouter,
  income: incomeRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
