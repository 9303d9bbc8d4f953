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

/** Records that `user` (the account it was for) did `event`, with what more there is to say. */
export function auditSuccess(
  scope: RequestScope,
  event: AuditEvent,
  user: { id: number; email: string },
  details?: string | null,
): Promise<void> {
  return recordAudit(scope, { event, success: true, email: user.email, userId: user.id, details });
}

/** Records a refused `event`: for which email (and account, when known), and why. */
export function auditFailure(
  scope: RequestScope,
  event: AuditEvent,
  email: string,
  failureReason: string,
  userId?: number,
): Promise<void> {
  return recordAudit(scope, { event, success: false, email, userId, failureReason });
}
