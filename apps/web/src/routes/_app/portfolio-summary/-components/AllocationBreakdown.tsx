import type { AllocationDimension, AllocationSlice } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { MoneyText } from "../../../../components/money/Money";
import { multiply } from "@ledgerline/money";
import { useQuery } from "@tanstack/react-query";
import { QueryCardBody } from "../../../../components/CardBody";
import { Pencil } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { ClassificationTarget } from "../../../../components/assets/ClassificationDialog";
import { Card } from "../../../../components/ui/Card";
import { SelectField, type SelectOption } from "../../../../components/ui/SelectField";
import { formatShare } from "../../../../lib/format";
import { trpc } from "../../../../lib/trpc";
import { ColumnHeads } from "../../../../components/ui/ColumnHeads";
import { ScrollRegion } from "../../../../components/ui/ScrollRegion";
import { TotalFoot } from "../../../../components/ui/TotalFoot";
import { dimensionLabels, sliceLabel } from "./slice-labels";

// The 'Edit classification' dialog: its own chunk, loaded when a holding's pencil is pressed.
const ClassificationDialog = lazy(
  () => import("../../../../components/assets/ClassificationDialog"),
);

/** A holding's slice ("STOCK:AAPL", by holding) names what to classify; other slices none. */
function holdingOf(key: string): ClassificationTarget | null {
  const [assetType, symbol] = key.split(":");
  return (assetType === "STOCK" || assetType === "CRYPTO") && symbol ? { assetType, symbol } : null;
}

const dimensions = (): SelectOption<AllocationDimension>[] =>
  (["sector", "industry", "country", "assetClass", "account", "symbol"] as const).map((value) => ({
    value,
    label: dimensionLabels[value](),
  }));

/**
 * Distinct hues that read on the light and the dark surface alike (each at least 3:1 against
 * both); past the eighth slice the colours repeat, and the table names every slice anyway.
 */
const palette = [
  "#3b82f6",
  "#f59e0b",
  "#10b981",
  "#ef4444",
  "#8b5cf6",
  "#06b6d4",
  "#ec4899",
  "#84cc16",
];
const colourOf = (index: number) => palette[index % palette.length]!;

/** The server's six-decimal ratio in percent: exact, as a CSS width and as text. */
const widthOf = (weight: string) => `${multiply(weight, "100")}%`;
const shareOf = (weight: string) => formatShare(multiply(weight, "100"));

/**
 * What the portfolio is made of (issue 33): one stacked bar to read at a glance, and a table
 * with each slice's value and share. The bar is decoration; the table says it all in text.
 */
export default function AllocationBreakdown({ accountId }: { accountId: number | undefined }) {
  const [by, setBy] = useState<AllocationDimension>("sector");
  const query = useQuery(trpc.insights.allocation.queryOptions({ by, accountId }));
  return (
    <Card>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="allocation-breakdown-heading" className="text-lg font-semibold">
          {m.summary_breakdown_title()}
        </h2>
        <SelectField
          label={m.summary_group_by()}
          value={by}
          options={dimensions()}
          onChange={setBy}
        />
      </div>
      <QueryCardBody
        query={query}
        failure={m.summary_breakdown_failed()}
        skeleton="mt-4 h-40"
        isEmpty={(answer) => answer.slices.length === 0}
        empty={m.summary_nothing_held_yet()}
      >
        {(answer) => <Slices by={by} slices={answer.slices} total={answer.total} />}
      </QueryCardBody>
    </Card>
  );
}

/** A slice's row: its colour and label, value, and share with a bar on wider screens. */
function SliceRow({
  by,
  slice,
  colour,
  onEdit,
}: {
  by: AllocationDimension;
  slice: AllocationSlice;
  colour: string;
  onEdit: (target: ClassificationTarget) => void;
}) {
  const holding = holdingOf(slice.key);
  return (
    <tr className="border-t border-border">
      {/* A long German compound breaks at its soft hyphen rather than push the shares out. */}
      <th scope="row" className="py-1.5 pr-3 text-left font-normal hyphens-auto">
        <span className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block size-3 shrink-0 rounded-sm"
            style={{ backgroundColor: colour }}
          />
          {sliceLabel(by, slice)}
          {holding && (
            <button
              type="button"
              className="rounded p-1 text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
              aria-label={m.summary_edit_classification_of({ symbol: holding.symbol })}
              title={m.summary_edit_classification()}
              onClick={() => onEdit(holding)}
            >
              <Pencil aria-hidden="true" className="size-3.5" />
            </button>
          )}
        </span>
      </th>
      <td className="num py-1.5 pr-3 text-right">
        <MoneyText usd={slice.value} />
      </td>
      <td className="py-1.5">
        <span className="flex items-center justify-end gap-2">
          <span
            aria-hidden="true"
            className="hidden h-2 flex-1 overflow-hidden rounded-full bg-surface-muted sm:block"
          >
            <span
              className="block h-full rounded-full"
              style={{ width: widthOf(slice.weight), backgroundColor: colour }}
            />
          </span>
          <span className="num w-16 text-right">{shareOf(slice.weight)}</span>
        </span>
      </td>
    </tr>
  );
}

function Slices({
  by,
  slices,
  total,
}: {
  by: AllocationDimension;
  slices: readonly AllocationSlice[];
  total: string;
}) {
  const [editing, setEditing] = useState<ClassificationTarget | null>(null);
  return (
    <>
      {editing && (
        <Suspense fallback={null}>
          <ClassificationDialog target={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      <div
        aria-hidden="true"
        className="mt-4 flex h-4 w-full overflow-hidden rounded-full bg-surface-muted"
        data-testid="allocation-bar"
      >
        {slices.map((slice, index) => (
          <div
            key={slice.key}
            style={{ width: widthOf(slice.weight), backgroundColor: colourOf(index) }}
          />
        ))}
      </div>
      <ScrollRegion labelledBy="allocation-breakdown-heading" className="mt-4">
        <table className="w-full text-sm" aria-labelledby="allocation-breakdown-heading">
          <ColumnHeads
            columns={[
              m.summary_col_slice(),
              { label: m.summary_legend_value(), numeric: true },
              { label: m.summary_col_share(), numeric: true, className: "w-2/5" },
            ]}
          />
          <tbody>
            {slices.map((slice, index) => (
              <SliceRow
                key={slice.key}
                by={by}
                slice={slice}
                colour={colourOf(index)}
                onEdit={setEditing}
              />
            ))}
          </tbody>
          <TotalFoot>
            <td className="num py-1.5 pr-3 text-right">
              <MoneyText usd={total} />
            </td>
            <td className="num py-1.5 text-right">{shareOf("1")}</td>
          </TotalFoot>
        </table>
      </ScrollRegion>
    </>
  );
}
