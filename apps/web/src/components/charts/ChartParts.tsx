import { timeRanges } from "@ledgerline/contracts/browser";
import type { TimeRange } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import type { ReactNode } from "react";
import { cx } from "../ui/cx";

/** What a price history chart draws: the closes and opens, or the volume. */
export type HistoryData = "price" | "volume";
const historyData = ["price", "volume"] as const;
const historyDataText = (data: HistoryData) =>
  data === "price" ? m.asset_price() : m.asset_volume();

/** The ranges as their tabs read: 1W and 1Y are 1S and 1A in Spanish, 1J in German. */
const timeRangeText = (range: TimeRange) =>
  range === "1W" ? m.asset_range_1w() : range === "1Y" ? m.summary_range_1y() : range;

/** A stock's or a coin's history controls: its time range, and price or volume. */
export function HistoryToggles({
  range,
  onRange,
  data,
  onData,
}: {
  range: TimeRange;
  onRange: (range: TimeRange) => void;
  data: HistoryData;
  onData: (data: HistoryData) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <ChartToggle
        label={m.asset_time_range()}
        options={timeRanges}
        value={range}
        onChange={onRange}
        text={timeRangeText}
      />
      <ChartToggle
        label={m.asset_chart_data()}
        options={historyData}
        value={data}
        onChange={onData}
        text={historyDataText}
      />
    </div>
  );
}

/** A row of toggle buttons (time range, price or volume), one pressed. */
export function ChartToggle<T extends string>({
  label,
  options,
  value,
  onChange,
  text = (option) => option,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  text?: (option: T) => string;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-md border border-border">
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === value}
          onClick={() => onChange(option)}
          className={cx(
            "px-3 py-1.5 text-sm font-medium first:rounded-l-md last:rounded-r-md",
            option === value
              ? "bg-primary text-primary-contrast"
              : "text-muted hover:bg-surface-muted hover:text-text",
          )}
        >
          {text(option)}
        </button>
      ))}
    </div>
  );
}

export const TOOLTIP_WIDTH = 200;
const GAP = 12;
/** Room above a point for the tallest tooltip (a title and three rows). */
const TOOLTIP_ROOM = 100;

export type TooltipPlace = { left: number; top: number; transform?: string };

/**
 * Where a tooltip goes: beside the crosshair, on the side with room; on a chart too narrow for
 * either side (a phone), above the point or below it, so the finger on it does not hide it.
 */
export function tooltipPlace(point: { x: number; y: number }, element: HTMLElement): TooltipPlace {
  const widest = element.clientWidth - TOOLTIP_WIDTH;
  const top = Math.max(point.y - 70, 0);
  if (point.x + GAP <= widest) return { left: point.x + GAP, top };
  if (point.x - GAP - TOOLTIP_WIDTH >= 0) return { left: point.x - GAP - TOOLTIP_WIDTH, top };
  const left = Math.max(0, Math.min(point.x - TOOLTIP_WIDTH / 2, widest));
  return point.y >= TOOLTIP_ROOM
    ? { left, top: point.y - GAP, transform: "translateY(-100%)" }
    : { left, top: point.y + GAP };
}

/** The crosshair's day and values, beside it. */
export function ChartTooltip({
  place,
  title,
  rows,
}: {
  place: TooltipPlace;
  title: string;
  rows: readonly [label: string, value: string][];
}) {
  return (
    <div
      aria-hidden="true"
      data-testid="chart-tooltip"
      className="pointer-events-none absolute z-10 rounded-md border border-border bg-surface px-3 py-2 text-xs shadow-lg"
      style={{ ...place, width: TOOLTIP_WIDTH }}
    >
      <p className="font-semibold">{title}</p>
      {rows.map(([label, value]) => (
        <p key={label} className="num flex justify-between gap-4">
          <span className="text-muted">{label}</span>
          <span>{value}</span>
        </p>
      ))}
    </div>
  );
}

/** A message in the chart's place, the chart's height, when there is nothing to draw. */
export function ChartMessage({ children, className }: { children: ReactNode; className: string }) {
  return (
    <p
      className={cx(
        "flex items-center justify-center rounded-lg border border-dashed border-border px-6 text-center text-sm text-muted",
        className,
      )}
    >
      {children}
    </p>
  );
}

/** The attribution the library's licence asks for, in place of its logo. */
export function ChartAttribution() {
  return (
    <p className="mt-2 text-right text-xs text-muted">
      {m.chart_by()}{" "}
      <a
        href="https://www.tradingview.com/"
        target="_blank"
        rel="noopener noreferrer"
        className="underline hover:text-text"
      >
        TradingView Lightweight Charts™
      </a>
      , © 2025 TradingView, Inc.
    </p>
  );
}
