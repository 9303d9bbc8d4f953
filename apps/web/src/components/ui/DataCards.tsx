import { m } from "@ledgerline/messages";
import { flexRender, type Table } from "@tanstack/react-table";
import { CardSort } from "./CardSort";
import { cx } from "./cx";

/** A TanStack table to show, what it is (its caption), and the line shown when it has no rows. */
export interface TableView<T> {
  table: Table<T>;
  caption: string;
  empty: string;
}

/**
 * A TanStack table's rows as cards, for a phone: the first column is each card's title, the
 * others a label and a value per line, the pinned one (row actions) at the foot with room for its
 * buttons. The table's sorting becomes a column choice and a direction button, as on the
 * transaction history's cards.
 */
export function DataCards<T>({ table, caption, empty }: TableView<T>) {
  const rows = table.getRowModel().rows;
  const sortable = table.getAllLeafColumns().filter((column) => column.getCanSort());
  const sorted = table.getState().sorting[0];
  const label = (id: string) => {
    const header = table.getFlatHeaders().find((candidate) => candidate.column.id === id);
    const text = header?.column.columnDef.header;
    return typeof text === "string" ? text : id;
  };
  return (
    <div>
      {sortable.length > 0 && (
        <CardSort
          value={sorted?.id ?? ""}
          options={[
            ...(sorted ? [] : [{ value: "", label: m.ui_as_listed() }]),
            ...sortable.map((column) => ({ value: column.id, label: label(column.id) })),
          ]}
          onChange={(id) => table.setSorting(id ? [{ id, desc: sorted?.desc ?? false }] : [])}
          direction={sorted && (sorted.desc ? "desc" : "asc")}
          onFlip={() => sorted && table.setSorting([{ id: sorted.id, desc: !sorted.desc }])}
        />
      )}
      {rows.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface px-4 py-8 text-center text-sm text-muted">
          {empty}
        </p>
      ) : (
        <ul
          aria-label={caption}
          className="divide-y divide-border rounded-xl border border-border bg-surface text-sm"
        >
          {rows.map((row) => {
            const [title, ...cells] = row.getVisibleCells();
            const fields = cells.filter((cell) => !cell.column.columnDef.meta?.pinned);
            const actions = cells.filter((cell) => cell.column.columnDef.meta?.pinned);
            return (
              <li key={row.id} className="space-y-2 px-4 py-3">
                {title && (
                  <p className="font-medium break-words">
                    {flexRender(title.column.columnDef.cell, title.getContext())}
                  </p>
                )}
                <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1">
                  {fields.map((cell) => (
                    <div key={cell.id} className="contents">
                      <dt className="text-muted">{label(cell.column.id)}</dt>
                      <dd
                        className={cx(
                          "min-w-0 break-words",
                          cell.column.columnDef.meta?.numeric && "num",
                        )}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </dd>
                    </div>
                  ))}
                </dl>
                {actions.map((cell) => (
                  <div key={cell.id}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </div>
                ))}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
