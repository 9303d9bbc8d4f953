import { and, asc, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { AuditSortColumn } from "@ledgerline/contracts";
import type { Db } from "../client";
import { auditLogs, type AuditLogRow } from "../schema";

export interface NewAuditLog {
  timestamp: Date;
  userId: number | null;
  email: string | null;
  event: string;
  success: boolean;
  ipAddress: string | null;
  failureReason: string | null;
  details?: string | null;
}

export interface AuditLogFilter {
  startDate?: Date;
  endDate?: Date;
  /** Matches any part of the address, case-insensitively. */
  email?: string;
  success?: boolean;
}

export interface AuditLogPageRequest extends AuditLogFilter {
  sortBy: AuditSortColumn;
  sortOrder: "asc" | "desc";
  page: number;
  pageSize: number;
}

const sortColumns = {
  timestamp: auditLogs.timestamp,
  email: auditLogs.email,
  event: auditLogs.event,
  success: auditLogs.success,
  ipAddress: auditLogs.ipAddress,
} as const;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function whereOf(filter: AuditLogFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.startDate) conditions.push(gte(auditLogs.timestamp, filter.startDate));
  if (filter.endDate) conditions.push(lte(auditLogs.timestamp, filter.endDate));
  if (filter.email) {
    conditions.push(
      sql`${auditLogs.email} LIKE ${`%${escapeLike(filter.email.toLowerCase())}%`} ESCAPE '\\'`,
    );
  }
  if (filter.success !== undefined) conditions.push(eq(auditLogs.success, filter.success));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export function auditLogsRepository(db: Db) {
  return {
    async insert(entry: NewAuditLog): Promise<void> {
      db.insert(auditLogs).values(entry).run();
    },

    async page(request: AuditLogPageRequest): Promise<{ rows: AuditLogRow[]; totalCount: number }> {
      const where = whereOf(request);
      const direction = request.sortOrder === "asc" ? asc : desc;
      const rows = db
        .select()
        .from(auditLogs)
        .where(where)
        .orderBy(direction(sortColumns[request.sortBy]), direction(auditLogs.id))
        .limit(request.pageSize)
        .offset((request.page - 1) * request.pageSize)
        .all();
      const total = db
        .select({ n: sql<number>`count(*)` })
        .from(auditLogs)
        .where(where)
        .get();
      return { rows, totalCount: total?.n ?? 0 };
    },
  };
}

export type AuditLogsRepository = ReturnType<typeof auditLogsRepository>;
