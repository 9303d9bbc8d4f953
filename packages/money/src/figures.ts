import { percent, subtract, sum, type Decimal } from "./decimal";

/** What a holding (or a group of them) is worth against what it cost. */
export interface ValueFigures {
  currentValue: Decimal;
  costBasis: Decimal;
  gainLoss: Decimal;
  /** Null when there is no cost basis to compare with. */
  gainLossPercent: number | null;
}

/** gain/loss = current value - cost basis; gain/loss % = gain/loss / cost basis x 100. */
export function valueFigures(currentValue: Decimal, costBasis: Decimal): ValueFigures {
  const gainLoss = subtract(currentValue, costBasis);
  return { currentValue, costBasis, gainLoss, gainLossPercent: percent(gainLoss, costBasis) };
}

/** The figures of several parts together (positions of a section, sections of a portfolio). */
export function totalFigures(parts: readonly Pick<ValueFigures, "currentValue" | "costBasis">[]) {
  return valueFigures(
    sum(parts.map((part) => part.currentValue)),
    sum(parts.map((part) => part.costBasis)),
  );
}
