import { m } from "@ledgerline/messages";
import type { AuditLogEntry, AuditSortColumn } from "@ledgerline/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createFileRoute, redirect, useNavigate } from "@tanstack/react-router";
import {
  createColumnHelper,
  getCoreRowModel,
  useReactTable,
  type SortingState,
  type Updater,
} from "@tanstack/react-table";
import { useEffect } from "react";
import { PageSkeleton, RouteErrorPanel, Skeleton } from "../../../components/RouteStates";
import { Alert } from "../../../components/ui/Alert";
import { Badge } from "../../../components/ui/Badge";
import { DataTable } from "../../../components/ui/DataTable";
import { Field } from "../../../components/ui/Field";
import { FilterForm, type FilterValues } from "../../../components/ui/FilterForm";
import { PageHeader } from "../../../components/ui/PageHeader";
import { PagedFooter } from "../../../components/ui/Pager";
import { anyOption, boundSelect, type SelectOption } from "../../../components/ui/SelectField";
import { Spinner } from "../../../components/ui/Spinner";
import { isoToLocalInput, localInputToIso } from "../../../lib/datetime-local";
import { textInput } from "../../../lib/form";
import { formatDateTime, orNA } from "../../../lib/format";
import { errorMessage, httpStatusOf } from "../../../lib/errors";
import { trpc } from "../../../lib/trpc";
import { titled } from "../../../lib/head";
import {
  PAGE_SIZES,
  validateAuditSearch,
  withDefaults,
  type ResolvedSearch,
} from "./-components/audit-log-search";
import { subtitle, title } from "./-components/audit-log-text";

export const Route = createFileRoute("/_app/_admin/audit-logs")({
  // The spec sends non-admins who open the audit log home, not to /access-denied.
  staticData: { nonAdminTo: "/" },
  head: titled(title),
  validateSearch: validateAuditSearch,
  loaderDeps: ({ search }) => withDefaults(search),
  // The first visit waits for its page of entries; a new filter, sort or page keeps the entries
  // on screen while the next ones load (the component's query holds the previous data).
  loader: async ({ context: { queryClient }, deps, cause }) => {
    const loading = queryClient.ensureQueryData(auditLogQuery(deps));
    if (cause === "stay") return;
    try {
      await loading;
    } catch (error) {
      // A 403 (the admin right withdrawn meanwhile) sends the user home, as the spec says.
      if (httpStatusOf(error) === 403) throw redirect({ to: "/" });
      throw error;
    }
  },
  pendingComponent: () => (
    <PageSkeleton title={title} subtitle={subtitle}>
      <Skeleton className="h-40" />
      <Skeleton className="h-96" />
    </PageSkeleton>
  ),
  errorComponent: ({ error }) => (
    <RouteErrorPanel title={title} message={errorMessage(error, m.admin_audit_load_failed())} />
  ),
  component: AuditLogsPage,
});

/** The page of the log a search shows, read by the route's loader and by the page. */
function auditLogQuery(search: ResolvedSearch) {
  return trpc.audit.list.queryOptions({
    startDate: search.startDate,
    endDate: search.endDate,
    email: search.email,
    success: search.success,
    sortBy: search.sortBy,
    sortOrder: search.sortOrder,
    page: search.page,
    pageSize: search.pageSize,
  });
}

/** The log's event codes in words; a code this list does not know yet is spelled out. */
const eventWords: Record<string, () => string> = {
  LOGIN: m.admin_event_login,
  LOGOUT: m.admin_event_logout,
  REGISTER: m.admin_event_register,
  PASSWORD_CHANGE: m.admin_event_password_change,
  PASSWORD_RESET_REQUEST: m.admin_event_password_reset_request,
  PASSWORD_RESET: m.admin_event_password_reset,
  EMAIL_CHANGE: m.admin_event_email_change,
  ACCOUNT_DELETE: m.admin_event_account_delete,
  ADMIN_PASSWORD_RESET: m.admin_event_admin_password_reset,
  ADMIN_USER_DELETE: m.admin_event_admin_user_delete,
  ACCESS_DENIED: m.admin_event_access_denied,
  SECRET_READ: m.admin_event_secret_read,
};

function eventInWords(code: string): string {
  const known = eventWords[code];
  if (known) return known();
  const words = code.toLowerCase().replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const column = createColumnHelper<AuditLogEntry>();
const columns = [
  column.accessor("timestamp", {
    header: m.admin_col_timestamp(),
    cell: (info) => (
      <span className="num whitespace-nowrap">{formatDateTime(info.getValue())}</span>
    ),
  }),
  column.accessor("email", { header: m.admin_col_email(), cell: (info) => orNA(info.getValue()) }),
  column.accessor("event", {
    header: m.admin_col_event(),
    cell: (info) => (
      <div>
        <span className="font-medium" title={info.getValue()}>
          {eventInWords(info.getValue())}
        </span>
        {info.row.original.details && (
          <p className="text-xs text-muted">{info.row.original.details}</p>
        )}
      </div>
    ),
  }),
  column.accessor("success", {
    header: m.admin_col_success(),
    cell: (info) =>
      info.getValue() ? (
        <Badge tone="gain">{m.admin_success()}</Badge>
      ) : (
        <Badge tone="loss">{m.admin_failure()}</Badge>
      ),
  }),
  column.accessor("ipAddress", {
    header: m.admin_col_ip_address(),
    cell: (info) => <span className="num">{orNA(info.getValue())}</span>,
  }),
  column.accessor("failureReason", {
    header: m.admin_col_failure_reason(),
    enableSorting: false,
    cell: (info) => orNA(info.getValue()),
  }),
];

// The filter's text: empty is any outcome.
const outcomes: SelectOption<string>[] = [
  anyOption,
  { value: "true", label: m.admin_success() },
  { value: "false", label: m.admin_failure() },
];

function Filters({ search }: { search: ResolvedSearch }) {
  const navigate = useNavigate({ from: Route.fullPath });

  function apply(values: FilterValues) {
    void navigate({
      search: (previous) => ({
        ...previous,
        startDate: localInputToIso(values.startDate),
        endDate: localInputToIso(values.endDate),
        email: values.email?.trim() || undefined,
        success: values.success ? values.success === "true" : undefined,
        page: 1,
      }),
    });
  }

  function clear() {
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
    <FilterForm
      initial={{
        startDate: isoToLocalInput(search.startDate),
        endDate: isoToLocalInput(search.endDate),
        email: search.email ?? "",
        success: search.success === undefined ? "" : String(search.success),
      }}
      onApply={apply}
      onClear={clear}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_10rem_auto] lg:items-end"
      actionsClassName="sm:col-span-2 lg:col-span-1"
    >
      {(form) => (
        <>
          <form.Field name="email">
            {(field) => (
              <Field
                label={m.admin_col_email()}
                type="search"
                placeholder={m.admin_email_placeholder()}
                {...textInput(field)}
              />
            )}
          </form.Field>
          <form.Field name="success">{boundSelect(m.admin_outcome(), outcomes)}</form.Field>
        </>
      )}
    </FilterForm>
  );
}

/** A header click's sort: another column ascending, the same column turned round. */
function nextSort(search: ResolvedSearch, updater: Updater<SortingState>) {
  const next =
    typeof updater === "function"
      ? updater([{ id: search.sortBy, desc: search.sortOrder === "desc" }])
      : updater;
  const requested = next[0]?.id as AuditSortColumn | undefined;
  const sortBy = requested ?? search.sortBy;
  const sortOrder: "asc" | "desc" =
    sortBy === search.sortBy ? (search.sortOrder === "asc" ? "desc" : "asc") : "asc";
  return { sortBy, sortOrder };
}

function AuditLogsPage() {
  const search = withDefaults(Route.useSearch());
  const navigate = useNavigate({ from: Route.fullPath });
  const query = useQuery({
    ...auditLogQuery(search),
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
      const sort = nextSort(search, updater);
      void navigate({ search: (previous) => ({ ...previous, ...sort, page: 1 }) });
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
      <PageHeader title={title} subtitle={subtitle} />
      <Filters
        key={JSON.stringify([search.startDate, search.endDate, search.email, search.success])}
        search={search}
      />
      {query.isError ? (
        <Alert tone="error">{errorMessage(query.error, m.admin_audit_load_failed())}</Alert>
      ) : query.isPending ? (
        <div className="flex justify-center py-16 text-primary">
          <Spinner size="lg" label={m.admin_loading_audit_logs()} />
        </div>
      ) : (
        <>
          <DataTable
            table={table}
            caption={m.admin_audit_caption()}
            empty={m.admin_audit_empty()}
            cardsBelow="48rem"
          />
          <PagedFooter
            summary={
              pagination && pagination.totalCount > 0
                ? m.admin_showing({ first, last, total: pagination.totalCount })
                : m.admin_no_entries()
            }
            fetching={query.isFetching}
            pageSize={search.pageSize}
            pageSizes={PAGE_SIZES}
            page={search.page}
            totalPages={pagination?.totalPages ?? 0}
            onChange={(next) => void navigate({ search: (previous) => ({ ...previous, ...next }) })}
          />
        </>
      )}
    </div>
  );
}
