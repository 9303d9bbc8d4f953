import { accountRouter } from "./auth/account.router";
import { investmentAccountsRouter } from "./accounts/investment-accounts.router";
import { transfersRouter } from "./accounts/transfers.router";
import { alertsRouter } from "./live/alerts.router";
import { adminMarketRouter } from "./market/admin-market.router";
import { apiKeysRouter } from "./auth/api-keys.router";
import { auditRouter } from "./admin/audit.router";
import { jobsRouter } from "./admin/jobs.router";
import { cashRouter } from "./cash/cash.router";
import { classificationsRouter } from "./insights/classifications.router";
import { insightsRouter } from "./insights/allocation.router";
import { targetsRouter } from "./insights/targets.router";
import { driftAlertsRouter } from "./insights/drift-alerts.router";
import { authRouter } from "./auth/auth.router";
import { corporateActionsRouter, incomeRouter } from "./accounting/corporate-actions.router";
import { cryptoRouter } from "./market/crypto.router";
import { cryptoPortfolioRouter } from "./trading/crypto-portfolio.router";
import { cryptoWatchlistRouter } from "./watchlists/crypto-watchlist.router";
import { importRouter } from "./import/import.router";
import { liveRouter } from "./live/live.router";
import { logsRouter } from "./platform/logs.router";
import { marketRouter } from "./market/market.router";
import { mfaRouter } from "./auth/mfa.router";
import { passkeysRouter } from "./passkeys/passkeys.router";
import { notificationsRouter } from "./live/notifications.router";
import { overviewRouter } from "./accounting/overview.router";
import { portfolioSummaryRouter } from "./accounting/portfolio-summary.router";
import { taxRouter } from "./tax/tax.router";
import { transactionsRouter } from "./trading/transactions.router";
import { portfolioRouter } from "./trading/portfolio.router";
import { usersRouter } from "./admin/users.router";
import { watchlistRouter } from "./watchlists/watchlist.router";
import { ssoRouter } from "./sso/sso.router";
import { displayCurrencyRouter } from "./currency/display-currency.router";
import { localeRouter } from "./locale/locale.router";
import { createCallerFactory, router } from "./platform/trpc/trpc";

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  investmentAccounts: investmentAccountsRouter,
  cash: cashRouter,
  transfers: transfersRouter,
  apiKeys: apiKeysRouter,
  mfa: mfaRouter,
  passkeys: passkeysRouter,
  users: usersRouter,
  audit: auditRouter,
  jobs: jobsRouter,
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
  driftAlerts: driftAlertsRouter,
  notifications: notificationsRouter,
  import: importRouter,
  corporateActions: corporateActionsRouter,
  income: incomeRouter,
  tax: taxRouter,
  classifications: classificationsRouter,
  insights: insightsRouter,
  targets: targetsRouter,
  sso: ssoRouter,
  displayCurrency: displayCurrencyRouter,
  locale: localeRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
