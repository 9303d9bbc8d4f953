import { AUDIT_DEFAULT_PAGE_SIZE, auditSortColumns } from "@ledgerline/contracts/browser";
import type { AuditSortColumn } from "@ledgerline/contracts";

// The audit log's search as it lives in the URL: read by the route's definition (every page
// loads it), its loader and its page alike.

/** Filters, sort and page live in the URL, so a view of the log can be shared and reloaded. */
export interface AuditSearch {
  startDate?: string;
  endDate?: string;
  email?: string;
  success?: boolean;
  sortBy?: AuditSortColumn;
  sortOrder?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}

export type ResolvedSearch = Required<
  Pick<AuditSearch, "sortBy" | "sortOrder" | "page" | "pageSize">
> &
  AuditSearch;

export function withDefaults(search: AuditSearch): ResolvedSearch {
  return {
    ...search,
    sortBy: search.sortBy ?? "timestamp",
    sortOrder: search.sortOrder ?? "desc",
    page: search.page ?? 1,
    pageSize: search.pageSize ?? AUDIT_DEFAULT_PAGE_SIZE,
  };
}

export const PAGE_SIZES = [10, 25, 50, 100];

const positiveInt = (value: unknown, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};
const isoOrUndefined = (value: unknown) =>
  typeof value === "string" && !Number.isNaN(Date.parse(value)) ? value : undefined;

/** Whatever the address says, a valid search (unknown values are dropped, not errors). */
export function validateAuditSearch(search: Record<string, unknown>): AuditSearch {
  return {
    startDate: isoOrUndefined(search.startDate),
    endDate: isoOrUndefined(search.endDate),
    email:
      typeof search.email === "string" && search.email.trim() ? search.email.trim() : undefined,
    success:
      search.success === true || search.success === "true"
        ? true
        : search.success === false || search.success === "false"
          ? false
          : undefined,
    sortBy: auditSortColumns.includes(search.sortBy as AuditSortColumn)
      ? (search.sortBy as AuditSortColumn)
      : undefined,
    sortOrder:
      search.sortOrder === "asc" || search.sortOrder === "desc" ? search.sortOrder : undefined,
    page: search.page === undefined ? undefined : positiveInt(search.page, 1),
    pageSize: PAGE_SIZES.includes(Number(search.pageSize)) ? Number(search.pageSize) : undefined,
  };
}
