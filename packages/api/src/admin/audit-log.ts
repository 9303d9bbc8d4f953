import type { AuditLogPage, AuditLogQuery } from "@ledgerline/contracts";
import type { UserScope } from "../platform/scope";

export async function auditLogPage(scope: UserScope, query: AuditLogQuery): Promise<AuditLogPage> {
  const { rows, totalCount } = await scope.deps.repos.auditLogs.page({
    startDate: query.startDate ? new Date(query.startDate) : undefined,
    endDate: query.endDate ? new Date(query.endDate) : undefined,
    email: query.email || undefined,
    success: query.success,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    page: query.page,
    pageSize: query.pageSize,
  });
  return {
    logs: rows.map((row) => ({
      id: row.id,
      timestamp: row.timestamp.toISOString(),
      email: row.email,
      event: row.event,
      success: row.success,
      ipAddress: row.ipAddress,
      failureReason: row.failureReason,
      details: row.details,
    })),
    pagination: {
      currentPage: query.page,
      pageSize: query.pageSize,
      totalCount,
      totalPages: Math.ceil(totalCount / query.pageSize),
    },
  };
}
