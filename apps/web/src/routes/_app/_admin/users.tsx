import { messages } from "@ledgerline/contracts/browser";
import type { UserListRow } from "@ledgerline/contracts";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import {
  createColumnHelper,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from "@tanstack/react-table";
import { useForm } from "@tanstack/react-form";
import { useMemo, useState } from "react";
import { PageSkeleton, RouteErrorPanel, Skeleton } from "../../../components/RouteStates";
import { Alert } from "../../../components/ui/Alert";
import { Badge } from "../../../components/ui/Badge";
import { Button } from "../../../components/ui/Button";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog";
import { DataTable } from "../../../components/ui/DataTable";
import { DialogFormButtons, Modal } from "../../../components/ui/Modal";
import { PageHeader } from "../../../components/ui/PageHeader";
import { PasswordField } from "../../../components/ui/PasswordField";
import { submitTo, textInput } from "../../../lib/form";
import { dateAndTime } from "../../../lib/format";
import { notify } from "../../../lib/notify";
import { errorMessage, trpc } from "../../../lib/trpc";
import { titled } from "../../../lib/head";

/** The registered users, read by the route's loader and shown by the page. */
const usersQuery = () => trpc.users.list.queryOptions();

export const Route = createFileRoute("/_app/_admin/users")({
  staticData: { nonAdminTo: "/access-denied" },
  head: titled("User Management"),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(usersQuery()),
  pendingComponent: () => (
    <PageSkeleton title="User Management" subtitle="Registered users">
      <Skeleton className="h-96" />
    </PageSkeleton>
  ),
  errorComponent: () => (
    <RouteErrorPanel title="User Management" message={messages.failedToLoadUsers} />
  ),
  component: UsersPage,
});

const column = createColumnHelper<UserListRow>();

/** Below this width the eight columns cannot share the screen: one card per user. */
const CARDS_BELOW = "48rem";

/** A date over its time: two short lines keep the table within a 1280 px screen. */
function Moment({ iso }: { iso: string | null | undefined }) {
  const parts = dateAndTime(iso);
  if (!parts) return <span className="num">N/A</span>;
  return (
    <span className="num block whitespace-nowrap">
      {parts[0]}
      <span className="block text-xs text-muted">{parts[1]}</span>
    </span>
  );
}

function ResetPasswordModal({ user, onClose }: { user: UserListRow | null; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const reset = useMutation(
    trpc.users.resetPassword.mutationOptions({
      onSuccess: (result) => {
        notify.success(result.message);
        form.reset();
        onClose();
      },
      onError: (failure) => setError(errorMessage(failure, messages.failedToResetPassword)),
    }),
  );

  const form = useForm({
    defaultValues: { password: "" },
    onSubmit: ({ value }) => {
      if (user) reset.mutate({ id: user.id, newPassword: value.password });
    },
  });

  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) {
          form.reset();
          setError(null);
          onClose();
        }
      }}
      title="Reset password"
      description={
        user
          ? `Set a new password for ${user.name} (${user.email}). They will be signed out everywhere.`
          : undefined
      }
    >
      <form onSubmit={submitTo(form)} className="space-y-4">
        <form.Field name="password">
          {(field) => (
            <PasswordField label="New password" autoComplete="new-password" {...textInput(field)} />
          )}
        </form.Field>
        {error && <Alert tone="error">{error}</Alert>}
        <DialogFormButtons busy={reset.isPending} submitLabel="Reset password" onCancel={onClose} />
      </form>
    </Modal>
  );
}

function UsersPage() {
  const queryClient = useQueryClient();
  const users = useSuspenseQuery(usersQuery());
  const [sorting, setSorting] = useState<SortingState>([{ id: "name", desc: false }]);
  const [resetting, setResetting] = useState<UserListRow | null>(null);
  const [deleting, setDeleting] = useState<UserListRow | null>(null);
  const remove = useMutation(
    trpc.users.delete.mutationOptions({
      onSuccess: async (result) => {
        notify.success(result.message);
        setDeleting(null);
        await queryClient.invalidateQueries(trpc.users.list.pathFilter());
      },
      onError: (failure) => {
        setDeleting(null);
        notify.error(errorMessage(failure, messages.failedToDeleteUser));
      },
    }),
  );

  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: "Name",
        cell: (info) => (
          <span className="block max-w-40 font-medium [overflow-wrap:anywhere]">
            {info.getValue()}
          </span>
        ),
      }),
      column.accessor("email", {
        header: "Email",
        // Long addresses break anywhere rather than widen the table past its box.
        cell: (info) => (
          <span className="block max-w-64 [overflow-wrap:anywhere]">{info.getValue()}</span>
        ),
      }),
      column.accessor("isAdmin", {
        header: "Role",
        cell: (info) => (info.getValue() ? <Badge tone="info">Admin</Badge> : <Badge>User</Badge>),
      }),
      column.accessor("createdDate", {
        header: "Created",
        cell: (info) => <Moment iso={info.getValue()} />,
      }),
      column.accessor("lastLoginDate", {
        header: "Last Login",
        cell: (info) => <Moment iso={info.getValue()} />,
        sortUndefined: "last",
      }),
      column.accessor("numberOfLogins", { header: "Logins", meta: { numeric: true } }),
      column.accessor("failedLogins", { header: "Failed Logins", meta: { numeric: true } }),
      column.display({
        id: "actions",
        header: "Actions",
        meta: { pinned: true },
        cell: ({ row }) =>
          row.original.isAdmin ? (
            <span className="block max-w-36 text-xs text-muted">Admins cannot be changed here</span>
          ) : (
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setResetting(row.original)}
                aria-label={`Reset password of ${row.original.email}`}
              >
                Reset Password
              </Button>
              <Button
                size="sm"
                variant="danger"
                onClick={() => setDeleting(row.original)}
                aria-label={`Delete ${row.original.email}`}
              >
                Delete
              </Button>
            </div>
          ),
      }),
    ],
    [],
  );

  const table = useReactTable({
    data: users.data,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });

  return (
    <div>
      <PageHeader title="User Management" subtitle={`${users.data.length} registered users`} />
      <DataTable
        table={table}
        caption="Registered users"
        empty="No users yet."
        cardsBelow={CARDS_BELOW}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete user"
        message={
          <>
            <p>{messages.confirmDeleteUser}</p>
            {deleting && (
              <p className="mt-2 font-medium text-text">
                {deleting.name} ({deleting.email})
              </p>
            )}
          </>
        }
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </div>
  );
}
