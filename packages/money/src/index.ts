export * from "./decimal";
export * from "./stored";
export * from "./position";
export * from "./returns";
export * from "./figures";
export * from "./rate";
export * from "./invested";
