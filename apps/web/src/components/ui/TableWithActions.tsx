import { m } from "@ledgerline/messages";
import type { ReactNode } from "react";
import { ColumnHeads, type ColumnHead } from "./ColumnHeads";

/**
 * A hand-written table whose rows end in their buttons (API keys, price alerts, dividend
 * entries): a caption for screen readers, the headings, and a last column named only to them.
 * The caller writes the rows (`children`, the `tr`s of the body).
 */
export function TableWithActions({
  caption,
  columns,
  className,
  headClassName,
  cell,
  children,
}: {
  caption: string;
  columns: ColumnHead[];
  /** The scrolling frame's class. */
  className: string;
  headClassName: string;
  /** Every heading's padding and weight. */
  cell: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads
          className={headClassName}
          rowClassName=""
          cell={cell}
          gap=""
          columns={[...columns, <span className="sr-only">{m.admin_col_actions()}</span>]}
        />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
