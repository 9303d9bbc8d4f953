import type { ReactNode } from "react";
import { cx } from "./cx";

/** A column's heading with how it sits. */
type DescribedColumn = {
  label: ReactNode;
  /** Right-aligned, over numbers. */
  numeric?: boolean;
  /** Kept on one line. */
  nowrap?: boolean;
  /** Any further class of this heading (a width, a padding of its own). */
  className?: string;
};

/** A column's heading: its text, or the text with how it sits. */
export type ColumnHead = ReactNode | DescribedColumn;

function isDescribed(head: ColumnHead): head is DescribedColumn {
  return typeof head === "object" && head !== null && "label" in head;
}

/**
 * The heading row of a small hand-written table (the figures tables of the portfolio, income and
 * accounts pages): a `th scope="col"` per column, numbers right-aligned, and a `gap` on the right
 * of every column but the last, so the last figure lines up with the card's edge. `cell` is every
 * heading's padding and weight; `className` and `rowClassName` style the `thead` and its row.
 * The default is the portfolio cards' look (muted, left-aligned, medium weight).
 */
export function ColumnHeads({
  columns,
  cell = "py-1 font-medium",
  gap = "pr-3",
  className,
  rowClassName = "text-left text-muted",
}: {
  columns: ColumnHead[];
  cell?: string;
  gap?: string;
  className?: string;
  rowClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName || undefined}>
        {columns.map((head, index) => {
          const column = isDescribed(head) ? head : { label: head };
          return (
            <th
              key={index}
              scope="col"
              className={
                cx(
                  cell,
                  index < columns.length - 1 && gap,
                  column.numeric && "text-right",
                  column.nowrap && "whitespace-nowrap",
                  column.className,
                ) || undefined
              }
            >
              {column.label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
