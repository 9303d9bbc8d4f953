import { flexRender, type Header, type Table } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { cx } from "./cx";

/** A pinned column's cells stay at the right edge, with a shadow marking it. */
export const pinnedClass = (meta: { pinned?: boolean } | undefined, header?: boolean) =>
  meta?.pinned &&
  cx(
    "sticky right-0 shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.25)]",
    header ? "bg-surface-muted" : "bg-surface",
  );

/** A column's header: for a sortable column a button with the sort's arrow, and aria-sort. */
export function HeaderCell<T>({ header }: { header: Header<T, unknown> }) {
  const sorted = header.column.getIsSorted();
  const numeric = header.column.columnDef.meta?.numeric;
  return (
    <th
      scope="col"
      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
      className={cx(
        "font-semibold whitespace-nowrap",
        !header.column.getCanSort() && "px-3 py-3",
        numeric && "text-right",
        pinnedClass(header.column.columnDef.meta, true),
      )}
    >
      {header.column.getCanSort() ? (
        <button
          type="button"
          onClick={header.column.getToggleSortingHandler()}
          className={cx(
            "flex w-full items-center gap-1 px-3 py-3 uppercase hover:bg-border/40 hover:text-text focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary",
            numeric && "justify-end",
          )}
        >
          {flexRender(header.column.columnDef.header, header.getContext())}
          {sorted === "asc" ? (
            <ArrowUp aria-hidden="true" className="h-3.5 w-3.5" />
          ) : sorted === "desc" ? (
            <ArrowDown aria-hidden="true" className="h-3.5 w-3.5" />
          ) : (
            <ArrowUpDown aria-hidden="true" className="h-3.5 w-3.5 opacity-40" />
          )}
        </button>
      ) : (
        flexRender(header.column.columnDef.header, header.getContext())
      )}
    </th>
  );
}

/** The table's rows, or one cell across them all saying it is empty. */
export function TableBody<T>({ table, empty }: { table: Table<T>; empty: string }) {
  const rows = table.getRowModel().rows;
  return (
    <tbody className="divide-y divide-border">
      {rows.length === 0 ? (
        <tr>
          <td
            colSpan={table.getAllLeafColumns().length}
            className="px-4 py-8 text-center text-muted"
          >
            {empty}
          </td>
        </tr>
      ) : (
        rows.map((row) => (
          <tr key={row.id} className="hover:bg-surface-muted/60">
            {row.getVisibleCells().map((cell) => (
              <td
                key={cell.id}
                className={cx(
                  "px-3 py-3 align-top",
                  cell.column.columnDef.meta?.numeric && "num text-right",
                  pinnedClass(cell.column.columnDef.meta),
                )}
              >
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </td>
            ))}
          </tr>
        ))
      )}
    </tbody>
  );
}
