export * from "./limits";
export * from "./enums";
export * from "./messages";
export * from "./auth";
export * from "./account";
export * from "./users";
export * from "./audit";
export * from "./logs";
