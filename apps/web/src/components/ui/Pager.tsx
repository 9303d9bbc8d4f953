import { m } from "@ledgerline/messages";
import { AUDIT_PAGER_MAX_PAGES } from "@ledgerline/contracts/browser";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { cx } from "./cx";
import { inputClass } from "./Field";
import { Spinner } from "./Spinner";

/** Up to five page numbers around the current page, with previous and next. */
export function pageWindow(current: number, total: number, size = AUDIT_PAGER_MAX_PAGES): number[] {
  if (total <= 0) return [];
  const start = Math.max(1, Math.min(current - Math.floor(size / 2), total - size + 1));
  const end = Math.min(total, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

export function Pager({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const button =
    "inline-flex h-9 min-w-9 items-center justify-center rounded-md border border-border px-2 text-sm disabled:opacity-40";
  return (
    <nav aria-label={m.ui_pagination()} className="flex flex-wrap items-center gap-1">
      <button
        type="button"
        className={button}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={m.ui_previous_page()}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
      </button>
      {pageWindow(page, totalPages).map((number) => (
        <button
          key={number}
          type="button"
          aria-current={number === page ? "page" : undefined}
          aria-label={m.ui_page_number({ number })}
          className={cx(
            button,
            number === page
              ? "border-primary bg-primary text-primary-contrast"
              : "bg-surface hover:bg-surface-muted",
          )}
          onClick={() => onPage(number)}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        className={button}
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        aria-label={m.ui_next_page()}
      >
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </button>
    </nav>
  );
}

/**
 * Under a paged list: how many rows are shown (with a small spinner while the next page loads),
 * the page-size choice and the pager.
 */
export function PagedFooter({
  summary,
  fetching,
  pageSize,
  pageSizes,
  page,
  totalPages,
  onChange,
}: {
  summary: ReactNode;
  fetching: boolean;
  pageSize: number;
  pageSizes: readonly number[];
  page: number;
  totalPages: number;
  onChange: (next: { page: number; pageSize?: number }) => void;
}) {
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-4 text-sm text-muted">
      <p className="num" aria-live="polite">
        {summary}
        {fetching && (
          <span className="ml-2 inline-flex align-middle text-primary">
            <Spinner size="sm" label={m.ui_updating()} />
          </span>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 whitespace-nowrap">
          {m.ui_per_page()}
          <select
            className={`${inputClass} w-auto`}
            value={pageSize}
            onChange={(event) => onChange({ page: 1, pageSize: Number(event.target.value) })}
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        {totalPages > 1 && (
          <Pager page={page} totalPages={totalPages} onPage={(next) => onChange({ page: next })} />
        )}
      </div>
    </div>
  );
}
