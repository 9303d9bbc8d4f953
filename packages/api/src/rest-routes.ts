import { accountRoutes } from "./auth/accounts.rest";
import { investmentAccountRoutes } from "./accounts/investment-accounts.rest";
import { transferRoutes } from "./accounts/transfers.rest";
import { alertRoutes } from "./live/alerts.rest";
import { driftAlertRoutes } from "./insights/drift-alerts.rest";
import { apiKeyRoutes } from "./auth/api-keys.rest";
import { auditRoutes } from "./admin/audit.rest";
import { jobRoutes } from "./admin/jobs.rest";
import { cashRoutes } from "./cash/cash.rest";
import { classificationRoutes } from "./insights/classifications.rest";
import { allocationRoutes } from "./insights/allocation.rest";
import { riskRoutes } from "./insights/risk.rest";
import { monthlyReturnsRoutes } from "./insights/monthly-returns.rest";
import { targetsRoutes } from "./insights/targets.rest";
import { corporateActionRoutes } from "./accounting/corporate-actions.rest";
import { incomeForecastRoutes } from "./accounting/income-forecast.rest";
import { cryptoPortfolioRoutes } from "./trading/crypto-portfolio.rest";
import { cryptoWatchlistRoutes } from "./watchlists/crypto-watchlist.rest";
import { importRoutes } from "./import/import.rest";
import { marketRoutes } from "./market/market.rest";
import { mfaRoutes } from "./auth/mfa.rest";
import { passkeyRoutes } from "./passkeys/passkeys.rest";
import { portfolioRoutes } from "./trading/portfolio.rest";
import { portfolioPerformanceRoutes } from "./accounting/portfolio-performance.rest";
import { streamRoutes } from "./live/stream.rest";
import { taxRoutes } from "./tax/tax.rest";
import { transactionRoutes } from "./trading/transactions.rest";
import { watchlistRoutes } from "./watchlists/watchlist.rest";
import { ssoRoutes } from "./sso/sso.rest";
import { displayCurrencyRoutes } from "./currency/display-currency.rest";
import { localeRoutes } from "./locale/locale.rest";

export const restRoutes = [
  ...accountRoutes,
  ...displayCurrencyRoutes,
  ...localeRoutes,
  ...investmentAccountRoutes,
  ...cashRoutes,
  ...transferRoutes,
  ...apiKeyRoutes,
  ...mfaRoutes,
  ...passkeyRoutes,
  ...auditRoutes,
  ...jobRoutes,
  ...marketRoutes,
  ...streamRoutes,
  ...watchlistRoutes,
  ...portfolioRoutes,
  ...portfolioPerformanceRoutes,
  ...cryptoWatchlistRoutes,
  ...cryptoPortfolioRoutes,
  ...transactionRoutes,
  ...alertRoutes,
  ...driftAlertRoutes,
  ...importRoutes,
  ...corporateActionRoutes,
  ...incomeForecastRoutes,
  ...taxRoutes,
  ...classificationRoutes,
  ...allocationRoutes,
  ...riskRoutes,
  ...monthlyReturnsRoutes,
  ...targetsRoutes,
  ...ssoRoutes,
];
