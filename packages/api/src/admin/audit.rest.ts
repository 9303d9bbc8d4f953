import { auditLogPage, auditLogQuery, clientLogInput } from "@ledgerline/contracts";
import { z } from "zod";
import { restRoute } from "../platform/rest/route";

export const auditRoutes = [
  restRoute({
    method: "GET",
    url: "/audit/logs",
    operationId: "listAuditLogs",
    tag: "Administration",
    summary: "Filter, sort and page the audit log",
    access: "admin",
    query: auditLogQuery,
    response: auditLogPage,
    call: (caller, { query }) => caller.audit.list(query),
  }),
  restRoute({
    method: "POST",
    url: "/logs",
    operationId: "storeClientLog",
    tag: "Client logs",
    summary: "Store a log record from the browser",
    access: "public",
    body: clientLogInput,
    response: z.object({ stored: z.literal(true) }),
    call: (caller, { body }) => caller.logs.create(body),
  }),
];
