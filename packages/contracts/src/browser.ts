/**
 * What the browser may import at run time: constants, messages and the lists behind enums, none
 * of it built with zod (the web app imports its types from the package root, which costs
 * nothing at run time).
 */
export * from "./limits";
export * from "./enums";
export * from "./messages";
export * from "./sign-in-messages";
export * from "./market-constants";
export * from "./crypto-constants";
export * from "./portfolio-constants";
export * from "./portfolio-messages";
export * from "./decimal-check";
export * from "./amount-messages";
export * from "./company-labels";
export * from "./transaction-columns";
export * from "./idempotency-constants";
export * from "./api-key-constants";
export * from "./mfa-constants";
export * from "./passkey-constants";
export * from "./alert-constants";
export * from "./income-constants";
export * from "./date-range";
export * from "./import-constants";
export * from "./investment-account-constants";
export * from "./cash-constants";
export * from "./cash-screen-messages";
export * from "./tax-constants";
export * from "./classification-constants";
export * from "./target-constants";
export * from "./summary-totals";
export * from "./job-constants";
export * from "./offline-messages";
export * from "./sso-constants";
export * from "./sso-paths";
export * from "./currency-constants";
export * from "./locale-constants";
