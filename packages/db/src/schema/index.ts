export * from "./users";
export * from "./sessions";
export * from "./password-reset-tokens";
export * from "./audit-logs";
export * from "./mail-outbox";
export * from "./client-logs";
export * from "./market-data";
