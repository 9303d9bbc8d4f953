import { auditLogPage, auditLogQuery, clientLogInput } from "@ledgerline/contracts";
import { z } from "zod";
import { defineRoutes } from "../route";

export const auditRoutes = defineRoutes([
  {
    method: "GET",
    url: "/audit/logs",
    tag: "Administration",
    summary: "Filter, sort and page the audit log",
    access: "admin",
    query: auditLogQuery,
    response: auditLogPage,
    call: (caller, { query }) => caller.audit.list(query),
  },
  {
    method: "POST",
    url: "/logs",
    tag: "Client logs",
    summary: "Store a log record from the browser",
    access: "public",
    body: clientLogInput,
    response: z.object({ stored: z.literal(true) }),
    call: (caller, { body }) => caller.logs.create(body as z.input<typeof clientLogInput>),
  },
]);
