import { multiply, percent, subtract, sum, type Decimal } from "./decimal";

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

/** A holding's change today and that change against its value before it, in percent. */
export interface TodayFigures {
  todayChange: Decimal | null;
  todayChangePercent: number | null;
}

/**
 * todayChange = quantity x the change per unit today; todayChangePercent = todayChange / (value
 * now - todayChange) x 100. Both null when the change per unit is unknown (a last known price).
 */
export function todayFigures(
  quantity: Decimal,
  price: Decimal,
  changePerUnit: Decimal | null,
): TodayFigures {
  if (changePerUnit === null) return { todayChange: null, todayChangePercent: null };
  const todayChange = multiply(quantity, changePerUnit);
  const before = subtract(multiply(quantity, price), todayChange);
  return { todayChange, todayChangePercent: percent(todayChange, before) };
}

/** A holding's figures at a price: its value against its cost, and its change today. */
export function holdingFigures(
  quantity: Decimal,
  price: Decimal,
  costBasis: Decimal,
  changePerUnit: Decimal | null,
): ValueFigures & TodayFigures {
  return {
    ...valueFigures(multiply(quantity, price), costBasis),
    ...todayFigures(quantity, price, changePerUnit),
  };
}
