import { AUDIT_DEFAULT_PAGE_SIZE, auditSortColumns, messages } from "@ledgerline/contracts/browser";
import type { AuditLogEntry, AuditSortColumn } from "@ledgerline/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useEffect, useState, type FormEvent } from "react";
import { Alert } from "../../../components/ui/Alert";
import { Badge } from "../../../components/ui/Badge";
import { Button } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { DataTable } from "../../../components/ui/DataTable";
import { Field, inputClass } from "../../../components/ui/Field";
import { PageHeader } from "../../../components/ui/PageHeader";
import { Pager } from "../../../components/ui/Pager";
import { Spinner } from "../../../components/ui/Spinner";
import { isoToLocalInput, localInputToIso } from "../../../lib/datetime-local";
import { formatDateTime, orNA } from "../../../lib/format";
import { errorMessage, httpStatusOf, trpc } from "../../../lib/trpc";
import { titled } from "../../../lib/head";

/** Filters, sort and page live in the URL, so a view of the log can be shared and reloaded. */
interface AuditSearch {
  startDate?: string;
  endDate?: string;
  email?: string;
  success?: boolean;
  sortBy?: AuditSortColumn;
  sortOrder?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}

type ResolvedSearch = Required<Pick<AuditSearch, "sortBy" | "sortOrder" | "page" | "pageSize">> &
  AuditSearch;

function withDefaults(search: AuditSearch): ResolvedSearch {
  return {
    ...search,
    sortBy: search.sortBy ?? "timestamp",
    sortOrder: search.sortOrder ?? "desc",
    page: search.page ?? 1,
    pageSize: search.pageSize ?? AUDIT_DEFAULT_PAGE_SIZE,
  };
}

const PAGE_SIZES = [10, 25, 50, 100];

const positiveInt = (value: unknown, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};
const isoOrUndefined = (value: unknown) =>
  typeof value === "string" && !Number.isNaN(Date.parse(value)) ? value : undefined;

export const Route = createFileRoute("/_app/_admin/audit-logs")({
  // The spec sends non-admins who open the audit log home, not to /access-denied.
  staticData: { nonAdminTo: "/" },
  head: titled("Audit Logs"),
  validateSearch: (search: Record<string, unknown>): AuditSearch => ({
    startDate: isoOrUndefined(search.startDate),
    endDate: isoOrUndefined(search.endDate),
    email:
      typeof search.email === "string" && search.email.trim() ? search.email.trim() : undefined,
    success:
      search.success === true || search.success === "true"
        ? true
        : search.success === false || search.success === "false"
          ? false
          : undefined,
    sortBy: auditSortColumns.includes(search.sortBy as AuditSortColumn)
      ? (search.sortBy as AuditSortColumn)
      : undefined,
    sortOrder:
      search.sortOrder === "asc" || search.sortOrder === "desc" ? search.sortOrder : undefined,
    page: search.page === undefined ? undefined : positiveInt(search.page, 1),
    pageSize: PAGE_SIZES.includes(Number(search.pageSize)) ? Number(search.pageSize) : undefined,
  }),
  component: AuditLogsPage,
});

const column = createColumnHelper<AuditLogEntry>();
const columns = [
  column.accessor("timestamp", {
    header: "Timestamp",
    cell: (info) => (
      <span className="num whitespace-nowrap">{formatDateTime(info.getValue())}</span>
    ),
  }),
  column.accessor("email", { header: "Email", cell: (info) => orNA(info.getValue()) }),
  column.accessor("event", {
    header: "Event",
    cell: (info) => (
      <div>
        <span className="font-medium">{info.getValue()}</span>
        {info.row.original.details && (
          <p className="text-xs text-muted">{info.row.original.details}</p>
        )}
      </div>
    ),
  }),
  column.accessor("success", {
    header: "Success",
    cell: (info) =>
      info.getValue() ? <Badge tone="gain">Success</Badge> : <Badge tone="loss">Failure</Badge>,
  }),
  column.accessor("ipAddress", {
    header: "IP Address",
    cell: (info) => <span className="num">{orNA(info.getValue())}</span>,
  }),
  column.accessor("failureReason", {
    header: "Failure Reason",
    enableSorting: false,
    cell: (info) => orNA(info.getValue()),
  }),
];

function Filters({ search }: { search: ResolvedSearch }) {
  const navigate = useNavigate({ from: Route.fullPath });
  const [draft, setDraft] = useState({
    startDate: isoToLocalInput(search.startDate),
    endDate: isoToLocalInput(search.endDate),
    email: search.email ?? "",
    success: search.success === undefined ? "" : String(search.success),
  });

  function apply(event: FormEvent) {
    event.preventDefault();
    void navigate({
      search: (previous) => ({
        ...previous,
        startDate: localInputToIso(draft.startDate),
        endDate: localInputToIso(draft.endDate),
        email: draft.email.trim() || undefined,
        success: draft.success === "" ? undefined : draft.success === "true",
        page: 1,
      }),
    });
  }

  function clear() {
    setDraft({ startDate: "", endDate: "", email: "", success: "" });
    void navigate({
      search: (previous) => ({
        sortBy: previous.sortBy,
        sortOrder: previous.sortOrder,
        page: 1,
        pageSize: previous.pageSize,
      }),
    });
  }

  return (
    <Card className="mb-6">
      <form
        onSubmit={apply}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_10rem_auto] lg:items-end"
      >
        <Field
          label="Start Date"
          type="datetime-local"
          value={draft.startDate}
          onChange={(event) => setDraft({ ...draft, startDate: event.target.value })}
        />
        <Field
          label="End Date"
          type="datetime-local"
          value={draft.endDate}
          onChange={(event) => setDraft({ ...draft, endDate: event.target.value })}
        />
        <Field
          label="Email"
          type="search"
          placeholder="Any part of the address"
          value={draft.email}
          onChange={(event) => setDraft({ ...draft, email: event.target.value })}
        />
        <div className="space-y-1">
          <label htmlFor="audit-success" className="block text-sm font-medium">
            Outcome
          </label>
          <select
            id="audit-success"
            className={inputClass}
            value={draft.success}
            onChange={(event) => setDraft({ ...draft, success: event.target.value })}
          >
            <option value="">All</option>
            <option value="true">Success</option>
            <option value="false">Failure</option>
          </select>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={clear}>
            Clear Filters
          </Button>
          <Button type="submit">Apply Filters</Button>
        </div>
      </form>
    </Card>
  );
}

function AuditLogsPage() {
  const search = withDefaults(Route.useSearch());
  const navigate = useNavigate({ from: Route.fullPath });
  const query = useQuery({
    ...trpc.audit.list.queryOptions({
      startDate: search.startDate,
      endDate: search.endDate,
      email: search.email,
      success: search.success,
      sortBy: search.sortBy,
      sortOrder: search.sortOrder,
      page: search.page,
      pageSize: search.pageSize,
    }),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    // A 403 (say, the admin right was withdrawn meanwhile) sends the user home, as the spec says.
    if (httpStatusOf(query.error) === 403) void navigate({ to: "/" });
  }, [query.error, navigate]);

  const table = useReactTable({
    data: query.data?.logs ?? [],
    columns,
    manualSorting: true,
    manualPagination: true,
    state: { sorting: [{ id: search.sortBy, desc: search.sortOrder === "desc" }] },
    onSortingChange: (updater) => {
      const next =
        typeof updater === "function"
          ? updater([{ id: search.sortBy, desc: search.sortOrder === "desc" }])
          : updater;
      const requested = next[0]?.id as AuditSortColumn | undefined;
      const sortBy = requested ?? search.sortBy;
      const sortOrder =
        sortBy === search.sortBy ? (search.sortOrder === "asc" ? "desc" : "asc") : "asc";
      void navigate({ search: (previous) => ({ ...previous, sortBy, sortOrder, page: 1 }) });
    },
    getCoreRowModel: getCoreRowModel(),
  });

  const pagination = query.data?.pagination;
  const first =
    pagination && pagination.totalCount > 0
      ? (pagination.currentPage - 1) * pagination.pageSize + 1
      : 0;
  const last = pagination
    ? Math.min(pagination.currentPage * pagination.pageSize, pagination.totalCount)
    : 0;

  return (
    <div>
      <PageHeader
        title="Audit Logs"
        subtitle="Sign-ins, account changes and administrator actions."
      />
      <Filters
        key={JSON.stringify([search.startDate, search.endDate, search.email, search.success])}
        search={search}
      />
      {query.isError ? (
        <Alert tone="error">{errorMessage(query.error, messages.failedToFetchAuditLogs)}</Alert>
      ) : query.isPending ? (
        <div className="flex justify-center py-16 text-primary">
          <Spinner size="lg" label="Loading audit logs" />
        </div>
      ) : (
        <>
          <DataTable
            table={table}
            caption="Audit log entries"
            empty="No audit log entries match these filters."
          />
          <div className="mt-4 flex flex-wrap items-center justify-between gap-4 text-sm text-muted">
            <p className="num" aria-live="polite">
              {pagination && pagination.totalCount > 0
                ? `Showing ${first}–${last} of ${pagination.totalCount}`
                : "No entries"}
              {query.isFetching && (
                <span className="ml-2 inline-flex align-middle text-primary">
                  <Spinner size="sm" label="Updating" />
                </span>
              )}
            </p>
            <div className="flex items-center gap-3">
              <label className="flex items-center gap-2 whitespace-nowrap">
                Per page
                <select
                  className={`${inputClass} w-auto`}
                  value={search.pageSize}
                  onChange={(event) =>
                    void navigate({
                      search: (previous) => ({
                        ...previous,
                        pageSize: Number(event.target.value),
                        page: 1,
                      }),
                    })
                  }
                >
                  {PAGE_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </select>
              </label>
              {pagination && pagination.totalPages > 1 && (
                <Pager
                  page={search.page}
                  totalPages={pagination.totalPages}
                  onPage={(page) =>
                    void navigate({ search: (previous) => ({ ...previous, page }) })
                  }
                />
              )}
            </div>
          </div>
        </>
      )}
    </div>
  );
}
