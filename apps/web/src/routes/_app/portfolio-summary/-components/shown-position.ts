import type { SummaryPosition } from "@ledgerline/contracts";

/** The figures of a position that its holdings row shows. */
const shownFields = [
  "id",
  "symbol",
  "name",
  "quantity",
  "currentPrice",
  "priceSource",
  "priceAsOf",
  "currentValue",
  "gainLoss",
  "gainLossPercent",
] as const satisfies readonly (keyof SummaryPosition)[];

/** A position as its row sees it: a row reads nothing the comparison below leaves out. */
export type ShownPosition = Pick<SummaryPosition, (typeof shownFields)[number]>;

/** Whether a row would show the same: its share of the whole, say, is not on it. */
export const sameShownFigures = (before: ShownPosition, after: ShownPosition) =>
  shownFields.every((field) => before[field] === after[field]);
