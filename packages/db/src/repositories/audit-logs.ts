import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { AuditSortColumn } from "@ledgerline/contracts";
import type { Database, Tables } from "../database";
import type { AuditLogRow } from "../schema";

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

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function whereOf(auditLogs: Tables["auditLogs"], filter: AuditLogFilter): SQL | undefined {
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

export function auditLogsRepository(database: Database) {
  const { db } = database;
  const { auditLogs } = database.tables;
  const sortColumns = {
    timestamp: auditLogs.timestamp,
    email: auditLogs.email,
    event: auditLogs.event,
    success: auditLogs.success,
    ipAddress: auditLogs.ipAddress,
  } as const;
  return {
    async insert(entry: NewAuditLog): Promise<void> {
      await database.changes(db.insert(auditLogs).values(entry));
    },

    async page(request: AuditLogPageRequest): Promise<{ rows: AuditLogRow[]; totalCount: number }> {
      const where = whereOf(auditLogs, request);
      const direction = request.sortOrder === "asc" ? asc : desc;
      const rows = await database.all(
        db
          .select()
          .from(auditLogs)
          .where(where)
          .orderBy(direction(sortColumns[request.sortBy]), direction(auditLogs.id))
          .limit(request.pageSize)
          .offset((request.page - 1) * request.pageSize),
      );
      const total = await database.first(db.select({ n: count() }).from(auditLogs).where(where));
      return { rows, totalCount: total?.n ?? 0 };
    },
  };
}

export type AuditLogsRepository = ReturnType<typeof auditLogsRepository>;
