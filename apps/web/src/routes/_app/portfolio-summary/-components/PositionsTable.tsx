import type { SummarySection } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { ArrowDown, ArrowUp, ArrowUpDown, TriangleAlert } from "lucide-react";
import { memo, useState, type ComponentType } from "react";
import { LiveFigure } from "../../../../components/assets/LiveFigure";
import { SelectField } from "../../../../components/ui/SelectField";
import { cx } from "../../../../components/ui/cx";
import { formatDateTime, formatQuantity, formatShare } from "../../../../lib/format";
import { useMediaQuery } from "../../../../lib/use-media-query";
import { GainLossAmount, GainLossPercent } from "./GainLoss";
import { MoneyText } from "../../../../components/money/Money";
import {
  firstDirection,
  nextSort,
  positionColumns,
  sortPositions,
  type PositionSort,
  type PositionSortKey,
} from "./position-sort";
import { sameShownFigures, type ShownPosition } from "./shown-position";

type SymbolLink = ComponentType<{ symbol: string }>;
interface RowProps {
  position: ShownPosition;
  SymbolLink: SymbolLink;
  /** The holding's account, and its symbol's total over the accounts (several accounts only). */
  note?: string;
}

// A tick reprices every position (each one's share of the whole moves), but a row is drawn again
// only when a figure it shows changed.
const sameRow = (before: RowProps, after: RowProps) =>
  before.SymbolLink === after.SymbolLink &&
  before.note === after.note &&
  sameShownFigures(before.position, after.position);

/** Tailwind's `lg` breakpoint: from there the ten columns fit. */
const tableWidth = "(min-width: 64rem)";

/**
 * A holdings table with the spec's columns, what people glance at daily beside them (today's
 * change, average cost, weight), and a footer total ('Portfolio Total:' / 'Crypto Total:'); below
 * the lg breakpoint, cards instead. Only the one the viewport shows is rendered (each tick would
 * otherwise redraw both), chosen on the first render, so nothing is swapped after paint. Any
 * column sorts; the order is kept here, so it holds while live prices redraw the rows.
 */
export function PositionsTable({
  caption,
  section,
  totalLabel,
  SymbolLink,
  notes,
}: {
  caption: string;
  section: SummarySection;
  totalLabel: string;
  SymbolLink: SymbolLink;
  /** A line under a holding's symbol, by position id: its account, for a user with several. */
  notes?: ReadonlyMap<number, string>;
}) {
  const wide = useMediaQuery(tableWidth);
  const [sort, setSort] = useState<PositionSort | null>(null);
  const positions = sortPositions(section.positions, sort);
  if (!wide) {
    return (
      <PositionCards
        section={section}
        positions={positions}
        sort={sort}
        onSort={setSort}
        totalLabel={totalLabel}
        SymbolLink={SymbolLink}
        notes={notes}
      />
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-surface">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-muted text-xs uppercase tracking-wide text-muted">
          <tr>
            {positionColumns.map((column, i) => (
              <SortHeader
                key={column.key}
                label={column.label()}
                sorted={sort?.key === column.key ? (sort.desc ? "desc" : "asc") : false}
                numeric={i > 0}
                last={i === positionColumns.length - 1}
                onSort={() => setSort(nextSort(sort, column.key))}
              />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {positions.map((position) => (
            <PositionRow
              key={position.id}
              position={position}
              SymbolLink={SymbolLink}
              note={notes?.get(position.id)}
            />
          ))}
        </tbody>
        <tfoot className="border-t-2 border-border bg-surface-muted/60 font-semibold">
          <tr>
            <th scope="row" colSpan={6} className={cell}>
              {totalLabel}
            </th>
            <td className={cx(cell, "num")}>
              <MoneyText usd={section.totals.currentValue} />
            </td>
            <td className={cx(cell, "num")}>{formatShare(section.allocationPercent)}</td>
            <td className={cell}>
              <GainLossAmount value={section.totals.gainLoss} />
            </td>
            <td className={cell}>
              <GainLossPercent value={section.totals.gainLossPercent} />
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** A column's header: a button that sorts by it, its state in aria-sort and an arrow. */
function SortHeader({
  label,
  sorted,
  numeric,
  last,
  onSort,
}: {
  label: string;
  sorted: "asc" | "desc" | false;
  numeric: boolean;
  last: boolean;
  onSort: () => void;
}) {
  const Arrow = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
      className="font-semibold whitespace-nowrap"
    >
      <button
        type="button"
        onClick={onSort}
        className={cx(
          "flex w-full items-center gap-1 py-3 uppercase hover:bg-border/40 hover:text-text focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary",
          numeric ? "justify-end px-2" : "px-3",
          last && "pr-3",
        )}
      >
        {label}
        <Arrow aria-hidden="true" className={cx("h-3.5 w-3.5", !sorted && "opacity-40")} />
      </button>
    </th>
  );
}

/** Today's change: signed and coloured, or N/A for a last known price, which tells none. */
function TodayAmount({ value }: { value: string | null }) {
  return value === null ? (
    <span className="text-muted">{m.portfolio_not_available()}</span>
  ) : (
    <GainLossAmount value={value} />
  );
}

/** Ten columns fit 1280 px with room to spare: 8 px between them, 12 px at the table's edges. */
const cell = "px-2 py-3 text-right last:pr-3";

const PositionRow = memo(function PositionRow({ position, SymbolLink, note }: RowProps) {
  return (
    <tr className="hover:bg-surface-muted/60">
      <th scope="row" className="px-3 py-3 text-left font-normal">
        <SymbolLink symbol={position.symbol} />
        {position.name && (
          <span className="block max-w-40 truncate text-xs text-muted">{position.name}</span>
        )}
        {note && <span className="block text-xs whitespace-pre-line text-muted">{note}</span>}
      </th>
      <td className={cx(cell, "num")}>{formatQuantity(position.quantity)}</td>
      <td className={cx(cell, "num")}>
        <MoneyText usd={position.averagePurchasePrice} />
      </td>
      <td className={cx(cell, "num whitespace-nowrap")}>
        {position.priceSource === "last_known" && <LastKnownMark asOf={position.priceAsOf} />}
        <LiveFigure value={position.currentPrice}>
          <MoneyText usd={position.currentPrice} />
        </LiveFigure>
      </td>
      <td className={cell}>
        <TodayAmount value={position.todayChange} />
      </td>
      <td className={cell}>
        <GainLossPercent value={position.todayChangePercent} />
      </td>
      <td className={cx(cell, "num")}>
        <MoneyText usd={position.currentValue} />
      </td>
      <td className={cx(cell, "num")}>{formatShare(position.allocationPercent)}</td>
      <td className={cell}>
        <GainLossAmount value={position.gainLoss} />
      </td>
      <td className={cell}>
        <GainLossPercent value={position.gainLossPercent} />
      </td>
    </tr>
  );
}, sameRow);

function LastKnownMark({ asOf }: { asOf: string | null }) {
  return (
    <span
      className="mr-1 inline-flex align-text-bottom text-warn"
      title={m.summary_last_known_price({ time: formatDateTime(asOf) })}
    >
      <TriangleAlert aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">
        {m.summary_last_known_price_mark({ time: formatDateTime(asOf) })}
      </span>
    </span>
  );
}

/** Below the table's width, one card per holding, and the sort as a column and a direction. */
function PositionCards({
  section,
  positions,
  sort,
  onSort,
  totalLabel,
  SymbolLink,
  notes,
}: {
  section: SummarySection;
  positions: readonly ShownPosition[];
  sort: PositionSort | null;
  onSort: (sort: PositionSort | null) => void;
  totalLabel: string;
  SymbolLink: SymbolLink;
  notes?: ReadonlyMap<number, string>;
}) {
  return (
    <div>
      <div className="mb-3 flex items-end gap-2">
        <SelectField<PositionSortKey | "">
          className="flex-1"
          label={m.summary_sort_by()}
          value={sort?.key ?? ""}
          options={[
            { value: "", label: m.summary_sort_as_listed() },
            ...positionColumns.map((column) => ({ value: column.key, label: column.label() })),
          ]}
          onChange={(key) => onSort(key === "" ? null : firstDirection(key))}
        />
        {sort && (
          <button
            type="button"
            onClick={() => onSort({ ...sort, desc: !sort.desc })}
            className="inline-flex h-10 items-center gap-1 rounded-md border border-border bg-surface px-3 text-sm"
          >
            {sort.desc ? (
              <ArrowDown aria-hidden="true" className="h-4 w-4" />
            ) : (
              <ArrowUp aria-hidden="true" className="h-4 w-4" />
            )}
            {sort.desc ? m.summary_sort_descending() : m.summary_sort_ascending()}
          </button>
        )}
      </div>
      <div className="rounded-xl border border-border bg-surface text-sm">
        <ul className="divide-y divide-border">
          {positions.map((position) => (
            <PositionCard
              key={position.id}
              position={position}
              SymbolLink={SymbolLink}
              note={notes?.get(position.id)}
            />
          ))}
        </ul>
        <div className="flex justify-between gap-3 border-t-2 border-border bg-surface-muted/60 px-4 py-3 font-semibold">
          <span>{totalLabel}</span>
          <div className="text-right">
            <span className="num block">
              <MoneyText usd={section.totals.currentValue} />
            </span>
            <span className="block text-xs">
              <GainLossAmount value={section.totals.gainLoss} />{" "}
              <GainLossPercent value={section.totals.gainLossPercent} />
            </span>
          </div>
        </div>
      </div>
    </div>
  );
}

const PositionCard = memo(function PositionCard({ position, SymbolLink, note }: RowProps) {
  return (
    <li className="px-4 py-3">
      <div className="flex justify-between gap-3">
        <div className="min-w-0">
          <SymbolLink symbol={position.symbol} />
          {position.name && (
            <span className="block truncate text-xs text-muted">{position.name}</span>
          )}
          {note && <span className="block text-xs whitespace-pre-line text-muted">{note}</span>}
          <span className="num mt-1 block text-xs text-muted">
            {formatQuantity(position.quantity)} ×{" "}
            {position.priceSource === "last_known" && <LastKnownMark asOf={position.priceAsOf} />}
            <LiveFigure value={position.currentPrice}>
              <MoneyText usd={position.currentPrice} />
            </LiveFigure>
          </span>
        </div>
        <div className="text-right">
          <span className="num block font-semibold">
            <MoneyText usd={position.currentValue} />
          </span>
          <span className="block text-xs">
            <GainLossAmount value={position.gainLoss} />
          </span>
          <span className="block text-xs">
            <GainLossPercent value={position.gainLossPercent} />
          </span>
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
        <div>
          <dt className="text-muted">{m.summary_col_today()}</dt>
          <dd className="flex flex-col">
            <TodayAmount value={position.todayChange} />
            {position.todayChangePercent !== null && (
              <GainLossPercent value={position.todayChangePercent} />
            )}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{m.summary_col_avg_cost()}</dt>
          <dd className="num">
            <MoneyText usd={position.averagePurchasePrice} />
          </dd>
        </div>
        <div className="text-right">
          <dt className="text-muted">{m.summary_col_weight()}</dt>
          <dd className="num">{formatShare(position.allocationPercent)}</dd>
        </div>
      </dl>
    </li>
  );
}, sameRow);
