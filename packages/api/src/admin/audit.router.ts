import { auditLogPage, auditLogQuery } from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { auditLogPage as readAuditLogPage } from "./audit-log";
import { adminProcedure } from "../platform/trpc/trpc";

export const auditRouter = {
  list: adminProcedure
    .input(auditLogQuery)
    .output(auditLogPage)
    .query(({ ctx, input }) => readAuditLogPage(ctx, input)),
} satisfies TRPCRouterRecord;
