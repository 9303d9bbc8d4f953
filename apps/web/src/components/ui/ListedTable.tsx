import { getCoreRowModel, useReactTable, type TableOptions } from "@tanstack/react-table";
import { DataTable } from "./DataTable";

/**
 * A DataTable of rows kept in the order they come (the accounts' own order, lots largest loss or
 * oldest sale first): nothing to sort. `columns` should keep its identity between renders
 * (useMemo), as TanStack Table asks.
 */
export function ListedTable<T>({
  rows,
  columns,
  caption,
  empty,
  cardsBelow,
}: {
  rows: T[];
  columns: TableOptions<T>["columns"];
  caption: string;
  empty: string;
  cardsBelow: string;
}) {
  const table = useReactTable({
    data: rows,
    columns,
    enableSorting: false,
    getCoreRowModel: getCoreRowModel(),
  });
  return <DataTable table={table} caption={caption} empty={empty} cardsBelow={cardsBelow} />;
}
