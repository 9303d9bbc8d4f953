import { accountRouter } from "./routers/account";
import { adminMarketRouter } from "./routers/admin-market";
import { auditRouter } from "./routers/audit";
import { authRouter } from "./routers/auth";
import { cryptoRouter } from "./routers/crypto";
import { cryptoPortfolioRouter } from "./routers/crypto-portfolio";
import { cryptoWatchlistRouter } from "./routers/crypto-watchlist";
import { logsRouter } from "./routers/logs";
import { marketRouter } from "./routers/market";
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
  users: usersRouter,
  audit: auditRouter,
  logs: logsRouter,
  market: marketRouter,
  crypto: cryptoRouter,
  cryptoWatchlist: cryptoWatchlistRouter,
  cryptoPortfolio: cryptoPortfolioRouter,
  adminMarket: adminMarketRouter,
  transactions: transactionsRouter,
  portfolioSummary: portfolioSummaryRouter,
  overview: overviewRouter,
  watchlist: watchlistRouter,
  portfolio: portfolioRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
