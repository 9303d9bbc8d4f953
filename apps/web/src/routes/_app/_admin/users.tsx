import { m } from "@ledgerline/messages";
import type { UserListRow } from "@ledgerline/contracts";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { PageSkeleton, RouteErrorPanel, Skeleton } from "../../../components/RouteStates";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog";
import { DataTable } from "../../../components/ui/DataTable";
import { PageHeader } from "../../../components/ui/PageHeader";
import { notify } from "../../../lib/notify";
import { errorMessage, trpc } from "../../../lib/trpc";
import { titled } from "../../../lib/head";
import { ResetPasswordModal } from "./-components/ResetPasswordModal";
import { SsoSettingsCard } from "./-components/SsoSettingsCard";
import { userColumns } from "./-components/user-columns";

/** The registered users, read by the route's loader and shown by the page. */
const usersQuery = () => trpc.users.list.queryOptions();

export const Route = createFileRoute("/_app/_admin/users")({
  staticData: { nonAdminTo: "/access-denied" },
  head: titled(m.admin_users_title()),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(usersQuery()),
  pendingComponent: () => (
    <PageSkeleton title={m.admin_users_title()} subtitle={m.admin_users_subtitle()}>
      <Skeleton className="h-96" />
    </PageSkeleton>
  ),
  errorComponent: () => (
    <RouteErrorPanel title={m.admin_users_title()} message={m.admin_users_load_failed()} />
  ),
  component: UsersPage,
});

/** Below this width the eight columns cannot share the screen: one card per user. */
const CARDS_BELOW = "48rem";

/** Deleting a user, after the admin confirms, with its notice either way. */
function DeleteUserDialog({ user, onClose }: { user: UserListRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.users.delete.mutationOptions({
      onSuccess: async (result) => {
        notify.success(result.message);
        onClose();
        await queryClient.invalidateQueries(trpc.users.list.pathFilter());
      },
      onError: (failure) => {
        onClose();
        notify.error(errorMessage(failure, m.admin_users_delete_failed()));
      },
    }),
  );
  return (
    <ConfirmDialog
      open={user !== null}
      title={m.admin_delete_user()}
      message={
        <>
          <p>{m.admin_users_confirm_delete()}</p>
          {user && (
            <p className="mt-2 font-medium text-text">
              {user.name} ({user.email})
            </p>
          )}
        </>
      }
      confirmLabel={m.ui_delete()}
      tone="danger"
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => user && remove.mutate({ id: user.id })}
    />
  );
}

function UsersPage() {
  const users = useSuspenseQuery(usersQuery());
  const [sorting, setSorting] = useState<SortingState>([{ id: "name", desc: false }]);
  const [resetting, setResetting] = useState<UserListRow | null>(null);
  const [deleting, setDeleting] = useState<UserListRow | null>(null);
  const columns = useMemo(() => userColumns(setResetting, setDeleting), []);
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
      <PageHeader
        title={m.admin_users_title()}
        subtitle={m.admin_users_count({ count: users.data.length })}
      />
      <SsoSettingsCard />
      <DataTable
        table={table}
        caption={m.admin_users_subtitle()}
        empty={m.admin_users_empty()}
        cardsBelow={CARDS_BELOW}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
