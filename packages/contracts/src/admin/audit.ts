import { z } from "zod";
import { auditSortColumns } from "../shared/enums";
import { AUDIT_DEFAULT_PAGE_SIZE, AUDIT_MAX_PAGE_SIZE } from "../shared/limits";
import { singleLineText } from "../shared/text";
import {
  caseInsensitiveEnum,
  dateParam,
  sortOrderParam,
  startNotAfterEnd,
} from "../shared/query-params";

/** Query strings arrive as text over REST, so booleans and numbers are coerced. */
const booleanParam = z.union([z.boolean(), z.stringbool()], {
  error: "success must be true or false",
});

export const auditLogQuery = z
  .object({
    startDate: dateParam("startDate", "start"),
    endDate: dateParam("endDate", "end"),
    email: singleLineText("email").max(254).optional(),
    success: booleanParam.optional(),
    sortBy: caseInsensitiveEnum(
      auditSortColumns,
      `sortBy must be one of ${auditSortColumns.join(", ")}`,
    ).default("timestamp"),
    sortOrder: sortOrderParam.default("desc"),
    page: z.coerce
      .number({ error: "page must be a whole number" })
      .int("page must be a whole number")
      .min(1, "page must be at least 1")
      .max(1_000_000, "page is too large")
      .default(1),
    pageSize: z.coerce
      .number({ error: "pageSize must be a whole number" })
      .int("pageSize must be a whole number")
      .min(1, "pageSize must be at least 1")
      .max(AUDIT_MAX_PAGE_SIZE, `pageSize must be at most ${AUDIT_MAX_PAGE_SIZE}`)
      .default(AUDIT_DEFAULT_PAGE_SIZE),
  })
  .refine(startNotAfterEnd, {
    message: "startDate must not be after endDate",
    path: ["endDate"],
  });
export type AuditLogQuery = z.output<typeof auditLogQuery>;

export const auditLogEntry = z.object({
  id: z.number().int(),
  timestamp: z.iso.datetime({ offset: true }),
  email: z.string().nullable(),
  event: z.string(),
  success: z.boolean(),
  ipAddress: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** What the event acted on, e.g. the account an admin deleted. */
  details: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

export const pagination = z.object({
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof pagination>;

export const auditLogPage = z.object({
  logs: z.array(auditLogEntry),
  pagination,
});
export type AuditLogPage = z.infer<typeof auditLogPage>;
