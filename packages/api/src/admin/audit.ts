import { dateOf } from "@ledgerline/clock";
import type { AuditEvent } from "@ledgerline/contracts";
import type { RequestScope } from "../platform/scope";

export interface AuditRecord {
  event: AuditEvent;
  success: boolean;
  email?: string | null;
  userId?: number | null;
  failureReason?: string | null;
  details?: string | null;
}

export async function recordAudit(scope: RequestScope, record: AuditRecord): Promise<void> {
  await scope.deps.repos.auditLogs.insert({
    timestamp: dateOf(scope.deps.clock),
    event: record.event,
    success: record.success,
    email: record.email ?? null,
    userId: record.userId ?? null,
    failureReason: record.failureReason ?? null,
    details: record.details ?? null,
    ipAddress: scope.ip,
  });
}
