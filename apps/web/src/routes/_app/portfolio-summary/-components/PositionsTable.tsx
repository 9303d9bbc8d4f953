import type { SummarySection } from "@ledgerline/contracts";
import { TriangleAlert } from "lucide-react";
import { memo, type ComponentType } from "react";
import { LiveFigure } from "../../../../components/assets/LiveFigure";
import { formatCurrency, formatDateTime, formatQuantity } from "../../../../lib/format";
import { useMediaQuery } from "../../../../lib/use-media-query";
import { GainLossAmount, GainLossPercent } from "./GainLoss";
import { sameShownFigures, type ShownPosition } from "./shown-position";

const headers = [
  "Symbol",
  "Quantity",
  "Current Price",
  "Current Value",
  "Gain/Loss",
  "Gain/Loss %",
] as const;

type SymbolLink = ComponentType<{ symbol: string }>;
interface RowProps {
  position: ShownPosition;
  SymbolLink: SymbolLink;
}

// A tick reprices every position (each one's share of the whole moves), but a row is drawn again
// only when a figure it shows changed.
const sameRow = (before: RowProps, after: RowProps) =>
  before.SymbolLink === after.SymbolLink && sameShownFigures(before.position, after.position);

/** Tailwind's `sm` breakpoint: from there the six columns fit. */
const tableWidth = "(min-width: 40rem)";

/**
 * A holdings table with the spec's columns and a footer total ('Portfolio Total:' / 'Crypto
 * Total:'); on a phone, cards instead. Only the one the viewport shows is rendered (each tick
 * would otherwise redraw both), chosen on the first render, so nothing is swapped after paint.
 */
export function PositionsTable({
  caption,
  section,
  totalLabel,
  SymbolLink,
}: {
  caption: string;
  section: SummarySection;
  totalLabel: string;
  SymbolLink: SymbolLink;
}) {
  const wide = useMediaQuery(tableWidth);
  if (!wide) {
    return <PositionCards section={section} totalLabel={totalLabel} SymbolLink={SymbolLink} />;
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-surface">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-muted text-xs uppercase tracking-wide text-muted">
          <tr>
            {headers.map((header, i) => (
              <th
                key={header}
                scope="col"
                className={`px-4 py-3 font-semibold whitespace-nowrap ${i > 0 ? "text-right" : ""}`}
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {section.positions.map((position) => (
            <PositionRow key={position.id} position={position} SymbolLink={SymbolLink} />
          ))}
        </tbody>
        <tfoot className="border-t-2 border-border bg-surface-muted/60 font-semibold">
          <tr>
            <th scope="row" colSpan={3} className="px-4 py-3 text-right">
              {totalLabel}
            </th>
            <td className="num px-4 py-3 text-right">
              {formatCurrency(section.totals.currentValue)}
            </td>
            <td className="px-4 py-3 text-right">
              <GainLossAmount value={section.totals.gainLoss} />
            </td>
            <td className="px-4 py-3 text-right">
              <GainLossPercent value={section.totals.gainLossPercent} />
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

const PositionRow = memo(function PositionRow({ position, SymbolLink }: RowProps) {
  return (
    <tr className="hover:bg-surface-muted/60">
      <th scope="row" className="px-4 py-3 text-left font-normal">
        <SymbolLink symbol={position.symbol} />
        {position.name && (
          <span className="block max-w-48 truncate text-xs text-muted">{position.name}</span>
        )}
      </th>
      <td className="num px-4 py-3 text-right">{formatQuantity(position.quantity)}</td>
      <td className="num px-4 py-3 text-right whitespace-nowrap">
        {position.priceSource === "last_known" && <LastKnownMark asOf={position.priceAsOf} />}
        <LiveFigure value={position.currentPrice}>
          {formatCurrency(position.currentPrice)}
        </LiveFigure>
      </td>
      <td className="num px-4 py-3 text-right">{formatCurrency(position.currentValue)}</td>
      <td className="px-4 py-3 text-right">
        <GainLossAmount value={position.gainLoss} />
      </td>
      <td className="px-4 py-3 text-right">
        <GainLossPercent value={position.gainLossPercent} />
      </td>
    </tr>
  );
}, sameRow);

function LastKnownMark({ asOf }: { asOf: string | null }) {
  return (
    <span
      className="mr-1 inline-flex align-text-bottom text-warn"
      title={`Last known price, as of ${formatDateTime(asOf)}`}
    >
      <TriangleAlert aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">Last known price, as of {formatDateTime(asOf)}:</span>
    </span>
  );
}

/** On a phone, one card per holding instead of six columns that would not fit. */
function PositionCards({
  section,
  totalLabel,
  SymbolLink,
}: {
  section: SummarySection;
  totalLabel: string;
  SymbolLink: SymbolLink;
}) {
  return (
    <div className="rounded-xl border border-border bg-surface text-sm">
      <ul className="divide-y divide-border">
        {section.positions.map((position) => (
          <PositionCard key={position.id} position={position} SymbolLink={SymbolLink} />
        ))}
      </ul>
      <div className="flex justify-between gap-3 border-t-2 border-border bg-surface-muted/60 px-4 py-3 font-semibold">
        <span>{totalLabel}</span>
        <div className="text-right">
          <span className="num block">{formatCurrency(section.totals.currentValue)}</span>
          <span className="block text-xs">
            <GainLossAmount value={section.totals.gainLoss} />{" "}
            <GainLossPercent value={section.totals.gainLossPercent} />
          </span>
        </div>
      </div>
    </div>
  );
}

const PositionCard = memo(function PositionCard({ position, SymbolLink }: RowProps) {
  return (
    <li className="flex justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <SymbolLink symbol={position.symbol} />
        {position.name && (
          <span className="block truncate text-xs text-muted">{position.name}</span>
        )}
        <span className="num mt-1 block text-xs text-muted">
          {formatQuantity(position.quantity)} ×{" "}
          {position.priceSource === "last_known" && <LastKnownMark asOf={position.priceAsOf} />}
          <LiveFigure value={position.currentPrice}>
            {formatCurrency(position.currentPrice)}
          </LiveFigure>
        </span>
      </div>
      <div className="text-right">
        <span className="num block font-semibold">{formatCurrency(position.currentValue)}</span>
        <span className="block text-xs">
          <GainLossAmount value={position.gainLoss} />
        </span>
        <span className="block text-xs">
          <GainLossPercent value={position.gainLossPercent} />
        </span>
      </div>
    </li>
  );
}, sameRow);
