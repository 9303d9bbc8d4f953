export * from "./decimal";
export * from "./stored";
export * from "./position";
export * from "./returns";
export * from "./figures";
export * from "./rate";
export * from "./invested";
export * from "./shares";
// The BigInt units behind the decimals, for code that keeps its own units (the tax lot engine).
export { divideHalfEven, formatFixed, parseFixed, tenTo, type FixedPoint } from "./fixed-point";
export * from "./risk";
export * from "./monthly-returns";
export * from "./fx";
