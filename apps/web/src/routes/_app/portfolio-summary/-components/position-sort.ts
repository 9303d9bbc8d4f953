import { m } from "@ledgerline/messages";
import { compare } from "@ledgerline/money";
import type { ShownPosition } from "./shown-position";

/** The holdings columns a person can sort by, in the table's order (labels: catalog messages). */
export const positionColumns = [
  { key: "symbol", label: m.summary_col_symbol, kind: "text" },
  { key: "quantity", label: m.summary_col_quantity, kind: "decimal" },
  { key: "averagePurchasePrice", label: m.summary_col_avg_cost, kind: "decimal" },
  { key: "currentPrice", label: m.summary_col_current_price, kind: "decimal" },
  { key: "todayChange", label: m.summary_col_today, kind: "decimal" },
  { key: "todayChangePercent", label: m.summary_col_today_percent, kind: "number" },
  { key: "currentValue", label: m.summary_col_current_value, kind: "decimal" },
  { key: "allocationPercent", label: m.summary_col_weight, kind: "number" },
  { key: "gainLoss", label: m.summary_col_gain_loss, kind: "decimal" },
  { key: "gainLossPercent", label: m.summary_col_gain_loss_percent, kind: "number" },
] as const satisfies readonly {
  key: keyof ShownPosition;
  label: () => string;
  kind: "text" | "decimal" | "number";
}[];

export type PositionSortKey = (typeof positionColumns)[number]["key"];
export interface PositionSort {
  key: PositionSortKey;
  desc: boolean;
}

const kindOf = (key: PositionSortKey) => positionColumns.find((column) => column.key === key)!.kind;

/** A first press sorts names A to Z, and figures largest first: what one looks for. */
export const firstDirection = (key: PositionSortKey): PositionSort => ({
  key,
  desc: kindOf(key) !== "text",
});

/** The next sort after pressing a column: the other direction of the same, or that column's first. */
export const nextSort = (current: PositionSort | null, key: PositionSortKey): PositionSort =>
  current?.key === key ? { key, desc: !current.desc } : firstDirection(key);

/**
 * The positions in the chosen order, figures compared exactly (decimal text, never floats); a
 * missing figure (a last known price has no change today) goes last either way. Ties keep the
 * server's order, so a price tick never shuffles equal rows.
 */
export function sortPositions<P extends ShownPosition>(
  positions: readonly P[],
  sort: PositionSort | null,
): readonly P[] {
  if (!sort) return positions;
  const kind = kindOf(sort.key);
  const direction = sort.desc ? -1 : 1;
  return positions
    .map((position, index) => ({ position, index }))
    .sort((a, b) => {
      const x = a.position[sort.key];
      const y = b.position[sort.key];
      if (x === null || y === null) {
        return x === y ? a.index - b.index : x === null ? 1 : -1;
      }
      const order =
        kind === "text"
          ? String(x).localeCompare(String(y))
          : kind === "decimal"
            ? compare(String(x), String(y))
            : Number(x) - Number(y);
      return order * direction || a.index - b.index;
    })
    .map(({ position }) => position);
}
