/**
 * What the browser may import at run time: constants, messages and the lists behind enums, none
 * of it built with zod (the web app imports its types from the package root, which costs
 * nothing at run time).
 */
export * from "./shared/limits";
export * from "./shared/enums";
export * from "./shared/messages";
export * from "./auth/sign-in-messages";
export * from "./market/market-constants";
export * from "./market/crypto-constants";
export * from "./trading/portfolio-constants";
export * from "./trading/portfolio-messages";
export * from "./shared/decimal-check";
export * from "./shared/amount-messages";
export * from "./market/company-labels";
export * from "./trading/transaction-columns";
export * from "./trading/idempotency-constants";
export * from "./auth/api-key-constants";
export * from "./auth/mfa-constants";
export * from "./passkeys/passkey-constants";
export * from "./live/alert-constants";
export * from "./accounting/income-constants";
export * from "./shared/date-range";
export * from "./import/import-constants";
export * from "./accounts/investment-account-constants";
export * from "./cash/cash-constants";
export * from "./cash/cash-screen-messages";
export * from "./tax/tax-constants";
export * from "./insights/classification-constants";
export * from "./insights/target-constants";
export * from "./accounting/summary-totals";
export * from "./admin/job-constants";
export * from "./shared/offline-messages";
export * from "./sso/sso-constants";
export * from "./sso/sso-paths";
export * from "./currency/currency-constants";
export * from "./locale/locale-constants";
