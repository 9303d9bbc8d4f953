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
