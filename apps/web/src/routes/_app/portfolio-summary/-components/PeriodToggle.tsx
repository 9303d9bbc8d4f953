import { performanceRanges } from "@ledgerline/contracts/browser";
import type { PerformanceRange } from "@ledgerline/contracts";
import { ChartToggle } from "../../../../components/charts/ChartParts";
import { rangeLabels } from "./range-labels";

/** The tabs of a summary card's period (the returns', the risk's): 1M to All. */
export function PeriodToggle({
  label,
  value,
  onChange,
}: {
  label: string;
  value: PerformanceRange;
  onChange: (range: PerformanceRange) => void;
}) {
  return (
    <ChartToggle
      label={label}
      options={performanceRanges}
      value={value}
      onChange={onChange}
      text={(option) => rangeLabels[option]()}
    />
  );
}
