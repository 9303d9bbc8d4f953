import type { SummaryPosition } from "@ledgerline/contracts";

/** The figures of a position that its holdings row shows. */
const shownFields = [
  "id",
  "symbol",
  "name",
  "quantity",
  "averagePurchasePrice",
  "currentPrice",
  "priceSource",
  "priceAsOf",
  "currentValue",
  "gainLoss",
  "gainLossPercent",
  "todayChange",
  "todayChangePercent",
  "allocationPercent",
] as const satisfies readonly (keyof SummaryPosition)[];

/** A position as its row sees it: a row reads nothing the comparison below leaves out. */
export type ShownPosition = Pick<SummaryPosition, (typeof shownFields)[number]>;

/** Whether a row would show the same: its realized gain, say, is not on it. */
export const sameShownFigures = (before: ShownPosition, after: ShownPosition) =>
  shownFields.every((field) => before[field] === after[field]);
