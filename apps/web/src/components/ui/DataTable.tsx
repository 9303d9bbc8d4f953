import { m } from "@ledgerline/messages";
import type { RowData } from "@tanstack/react-table";
import { MoveRight } from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useMediaQuery } from "../../lib/use-media-query";
import { DataCards, type TableView } from "./DataCards";
import { HeaderCell, TableBody } from "./DataTableParts";

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generics must match the library's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Right-aligned with tabular figures. */
    numeric?: boolean;
    /** Stays in view at the right edge while the table scrolls sideways (row actions). */
    pinned?: boolean;
  }
}

/**
 * Whether the element's content runs past its right edge, kept up to date. First measured at the
 * start of the frame that paints the table (requested as the table is committed), and drawn in
 * that frame (flushSync), so its first paint has the hint (no layout shift). The page's render does
 * not lay the page out to measure it: that was a forced layout of the whole page in the render's
 * task, a third of the /users render's long task at a phone's CPU; the frame lays it out anyway.
 * (A ResizeObserver's first report comes too late for that paint: the hint pushed the table down.)
 */
function useMoreToTheRight() {
  const scroller = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const update = () =>
      setMore(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
    const frame = requestAnimationFrame(() => flushSync(update));
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener("scroll", update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      element.removeEventListener("scroll", update);
    };
  }, []);
  return { scroller, more };
}

/**
 * Renders a TanStack table: a sortable column's whole header is a button, with an arrow for the
 * sort state and aria-sort; numbers right-aligned (columns opt in with meta.numeric). On a narrow
 * screen the table scrolls sideways inside a focusable region that says so, with a fade at the
 * edge while there is more; a pinned column (row actions) stays in view.
 */
export function DataTable<T>({
  table,
  caption,
  empty,
  cardsBelow,
}: TableView<T> & {
  /**
   * A media query's width (e.g. "48rem") under which the rows are cards (a column per line)
   * rather than a table that scrolls sideways: for tables whose columns cannot share a phone.
   */
  cardsBelow?: string;
}) {
  const narrow = useMediaQuery(cardsBelow ? `(max-width: calc(${cardsBelow} - 1px))` : "not all");
  if (narrow) return <DataCards table={table} caption={caption} empty={empty} />;
  return <ScrollingTable table={table} caption={caption} empty={empty} />;
}

function ScrollingTable<T>({ table, caption, empty }: TableView<T>) {
  const { scroller, more } = useMoreToTheRight();
  // A pinned column's shadow already marks the edge; a fade would cover it.
  const hasPinned = table.getAllLeafColumns().some((column) => column.columnDef.meta?.pinned);
  return (
    <div>
      {more && (
        <p className="mb-2 flex items-center gap-1 text-xs text-muted">
          {m.ui_scroll_sideways()}
          <MoveRight aria-hidden="true" className="h-3.5 w-3.5" />
        </p>
      )}
      <div className="relative">
        <div
          ref={scroller}
          // Focusable, so the keyboard can scroll it too.
          tabIndex={0}
          role="region"
          aria-label={caption}
          className="overflow-x-auto rounded-xl border border-border bg-surface focus-visible:outline-2 focus-visible:outline-primary"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-surface-muted text-xs uppercase tracking-wide text-muted">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <HeaderCell key={header.id} header={header} />
                  ))}
                </tr>
              ))}
            </thead>
            <TableBody table={table} empty={empty} />
          </table>
        </div>
        {more && !hasPinned && (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-px right-px w-8 rounded-r-xl bg-gradient-to-l from-surface-muted to-transparent"
          />
        )}
      </div>
    </div>
  );
}
