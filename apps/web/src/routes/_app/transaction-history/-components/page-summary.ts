import { m } from "@ledgerline/messages";
import { TRANSACTIONS_MAX_REACHABLE_ROWS } from "@ledgerline/contracts/browser";
import type { TransactionPagination } from "@ledgerline/contracts";
import { formatNumber } from "../../../../lib/format";

/**
 * The footer's line: which rows of how many are shown ("Showing 1–25 of 130"), and when the
 * count was capped on its last reachable page, how to reach the rest.
 */
export function pageSummary(pagination: TransactionPagination | undefined, page: number): string {
  if (!pagination || pagination.totalCount <= 0) return m.history_no_transactions();
  const first = (pagination.currentPage - 1) * pagination.pageSize + 1;
  const last = Math.min(pagination.currentPage * pagination.pageSize, pagination.totalCount);
  return (
    (pagination.totalCountCapped ? m.history_showing_more : m.history_showing)({
      first: formatNumber(first),
      last: formatNumber(last),
      total: formatNumber(pagination.totalCount),
    }) +
    (pagination.totalCountCapped &&
    pagination.totalCount >= TRANSACTIONS_MAX_REACHABLE_ROWS &&
    page >= pagination.totalPages
      ? m.history_narrow()
      : "")
  );
}
