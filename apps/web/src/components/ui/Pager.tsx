import { AUDIT_PAGER_MAX_PAGES } from "@ledgerline/contracts/browser";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { cx } from "./cx";

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
    <nav aria-label="Pagination" className="flex flex-wrap items-center gap-1">
      <button
        type="button"
        className={button}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label="Previous page"
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
      </button>
      {pageWindow(page, totalPages).map((number) => (
        <button
          key={number}
          type="button"
          aria-current={number === page ? "page" : undefined}
          aria-label={`Page ${number}`}
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
        aria-label="Next page"
      >
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </button>
    </nav>
  );
}
