import { formatRatio, formatSignedCurrency } from "../../../../lib/format";
import { Trend } from "./GainLoss";

/** A signed amount of the returns, coloured and marked by its direction. */
export function Amount({ value }: { value: string }) {
  return <Trend value={value}>{formatSignedCurrency(value)}</Trend>;
}

/** A return as a percent; N/A when there is none (nothing held, or no rate solves it). */
export function Ratio({ value }: { value: string | null }) {
  return value === null ? (
    <span className="text-muted">N/A</span>
  ) : (
    <Trend value={value}>{formatRatio(value)}</Trend>
  );
}

/**
 * Whether a period is under a year (issue 37): there a yearly rate reads as an error (-35% 'over'
 * five months), so such periods show every return cumulative, each labelled so.
 */
export function isUnderAYear(startDate: string, endDate: string): boolean {
  const days =
    (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000;
  return days < 365;
}
