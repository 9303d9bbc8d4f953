import { DEFAULT_TIME_RANGE, timeRanges } from "@ledgerline/contracts/browser";
import type { TimeRange } from "@ledgerline/contracts";
import { percent, subtract } from "@ledgerline/money";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { cx } from "../../../../components/ui/cx";
import { Spinner } from "../../../../components/ui/Spinner";
import { formatCalendarDate, formatCurrency, formatPercent } from "../../../../lib/format";
import { trpc } from "../../../../lib/trpc";
import { PriceChart, type ChartData } from "./PriceChart";

function Toggle<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; text: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex rounded-md border border-border p-0.5"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={cx(
            "rounded px-3 py-1 text-sm font-medium",
            option.value === value
              ? "bg-primary text-primary-contrast"
              : "text-muted hover:bg-surface-muted hover:text-text",
          )}
        >
          {option.text}
        </button>
      ))}
    </div>
  );
}

const rangeOptions = timeRanges.map((range) => ({ value: range, text: range }));
const dataOptions = [
  { value: "price" as const, text: "Price" },
  { value: "volume" as const, text: "Volume" },
];

/**
 * 'Historical Data for {symbol}': daily bars over 1W, 1M (default), 3M, 6M or 1Y, as price (closing
 * and opening) or volume. The previous range stays on screen while the next one loads.
 */
export function PriceHistory({ symbol }: { symbol: string }) {
  const [range, setRange] = useState<TimeRange>(DEFAULT_TIME_RANGE);
  const [data, setData] = useState<ChartData>("price");
  const history = useQuery({
    ...trpc.crypto.history.queryOptions({ symbol, range }),
    placeholderData: keepPreviousData,
  });
  const bars = history.data ?? [];
  const first = bars[0];
  const last = bars.at(-1);
  const change =
    first && last ? (percent(subtract(last.c, first.c), first.c, 2) ?? undefined) : undefined;

  return (
    <section
      aria-labelledby="crypto-history-heading"
      className="rounded-xl border border-border bg-surface p-5 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="crypto-history-heading" className="text-lg font-semibold">
          Historical Data for {symbol}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Toggle label="Time range" options={rangeOptions} value={range} onChange={setRange} />
          <Toggle label="Chart data" options={dataOptions} value={data} onChange={setData} />
        </div>
      </div>
      {first && last && (
        <p className="mb-3 text-sm text-muted">
          {symbol} closed at{" "}
          <span className="num font-medium text-text">{formatCurrency(last.c)}</span> on{" "}
          {formatCalendarDate(last.date)}, against {formatCurrency(first.c)} on{" "}
          {formatCalendarDate(first.date)}
          {change !== undefined && <> ({formatPercent(change)})</>}.
        </p>
      )}
      <div className="relative" aria-busy={history.isFetching}>
        {history.isError && !history.data ? (
          <p className="flex h-72 items-center justify-center text-sm text-muted sm:h-96">
            Price history is unavailable right now.
          </p>
        ) : (
          <PriceChart bars={bars} data={data} />
        )}
        {history.isFetching && (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center text-primary">
            <Spinner size="md" label={`Loading ${range} history`} />
          </div>
        )}
      </div>
    </section>
  );
}
