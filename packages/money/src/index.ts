export * from "./decimal";
export * from "./stored";
export * from "./position";
