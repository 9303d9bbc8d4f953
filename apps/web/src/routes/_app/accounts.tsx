import type { InvestmentAccount } from "@ledgerline/contracts";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import {
  costBasisMethodLabels,
  reconcileScreenMessages,
  transferScreenMessages,
} from "@ledgerline/contracts/browser";
import { ArrowLeftRight, Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { accountsQuery, accountTypeLabels } from "../../components/accounts/accounts";
import { PageSkeleton, RouteErrorPanel, Skeleton } from "../../components/RouteStates";
import { Badge } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { DataTable } from "../../components/ui/DataTable";
import { PageHeader } from "../../components/ui/PageHeader";
import { titled } from "../../lib/head";
import { notify } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import { CashBalance } from "../../components/cash/CashBalance";
import { AccountCash } from "./accounts/-components/AccountCash";
import { AccountDialog, type AccountDialogTarget } from "./accounts/-components/AccountDialog";
import { DeleteAccountDialog } from "./accounts/-components/DeleteAccountDialog";
import { ReconcilePanel } from "./accounts/-components/ReconcilePanel";
import { TransferDialog } from "./accounts/-components/TransferDialog";

const subtitle =
  "The brokerage, retirement and exchange accounts you trade in. Trades that name no account go into the default one.";

export const Route = createFileRoute("/_app/accounts")({
  head: titled("Accounts"),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(accountsQuery()),
  pendingComponent: () => (
    <PageSkeleton title="Accounts" subtitle={subtitle}>
      <Skeleton className="h-64" />
    </PageSkeleton>
  ),
  errorComponent: () => <RouteErrorPanel title="Accounts" message="Failed to load your accounts" />,
  component: AccountsPage,
});

const column = createColumnHelper<InvestmentAccount>();

/** Below this width the six columns cannot share the screen: one card per account. */
const CARDS_BELOW = "48rem";

function AccountsPage() {
  const queryClient = useQueryClient();
  const accounts = useSuspenseQuery(accountsQuery());
  const [dialog, setDialog] = useState<AccountDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<InvestmentAccount | null>(null);
  const [transferring, setTransferring] = useState(false);
  const [reconciling, setReconciling] = useState<InvestmentAccount | null>(null);
  const makeDefault = useMutation(
    trpc.investmentAccounts.update.mutationOptions({
      onSuccess: async (account) => {
        notify.success(`${account.name} is now the default account`);
        await queryClient.invalidateQueries(trpc.investmentAccounts.list.pathFilter());
      },
      onError: (failure) =>
        notify.error(errorMessage(failure, "The default account could not be changed")),
    }),
  );

  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: "Name",
        cell: ({ row }) => (
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium [overflow-wrap:anywhere]">{row.original.name}</span>
            {row.original.isDefault && <Badge tone="info">Default</Badge>}
          </span>
        ),
      }),
      column.accessor("type", {
        header: "Type",
        cell: (info) => accountTypeLabels[info.getValue()],
      }),
      column.accessor("costBasisMethod", {
        header: "Cost basis",
        cell: (info) => costBasisMethodLabels[info.getValue()],
      }),
      column.accessor("institution", {
        header: "Institution",
        cell: (info) => (
          <span className="[overflow-wrap:anywhere]">
            {info.getValue() ?? <span className="text-muted">None</span>}
          </span>
        ),
      }),
      column.accessor("cashBalance", {
        header: "Cash balance",
        meta: { numeric: true },
        cell: ({ row }) =>
          row.original.cashTracked ? (
            <CashBalance value={row.original.cashBalance} />
          ) : (
            <span className="text-muted">Not tracked</span>
          ),
      }),
      column.display({
        id: "actions",
        header: "Actions",
        meta: { pinned: true },
        cell: ({ row }) => (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setDialog({ mode: "edit", account: row.original })}
              aria-label={`Edit ${row.original.name}`}
            >
              Edit
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setReconciling(row.original)}
              aria-label={reconcileScreenMessages.openFor(row.original.name)}
            >
              {reconcileScreenMessages.open}
            </Button>
            {!row.original.isDefault && (
              <Button
                size="sm"
                variant="secondary"
                busy={makeDefault.isPending && makeDefault.variables.id === row.original.id}
                onClick={() => makeDefault.mutate({ id: row.original.id, isDefault: true })}
                aria-label={`Make default account: ${row.original.name}`}
              >
                Make default
              </Button>
            )}
            <Button
              size="sm"
              variant="danger"
              onClick={() => setDeleting(row.original)}
              aria-label={`Delete ${row.original.name}`}
            >
              Delete
            </Button>
          </div>
        ),
      }),
    ],
    [makeDefault],
  );

  const table = useReactTable({
    data: accounts.data,
    columns,
    // Listed in the accounts' own order (display order, then creation): a handful needs no sorting.
    enableSorting: false,
    getCoreRowModel: getCoreRowModel(),
  });

  return (
    <div>
      <PageHeader
        title="Accounts"
        subtitle={subtitle}
        actions={
          <div className="flex flex-wrap gap-2">
            {accounts.data.length > 1 && (
              <Button variant="secondary" onClick={() => setTransferring(true)}>
                <ArrowLeftRight aria-hidden="true" className="h-4 w-4" />
                {transferScreenMessages.open}
              </Button>
            )}
            <Button onClick={() => setDialog({ mode: "add" })}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              Add account
            </Button>
          </div>
        }
      />
      <DataTable
        table={table}
        caption="Your investment accounts"
        empty="No accounts yet."
        cardsBelow={CARDS_BELOW}
      />
      {reconciling && (
        <div className="mt-8">
          <ReconcilePanel
            key={reconciling.id}
            account={reconciling}
            onClose={() => setReconciling(null)}
          />
        </div>
      )}
      {accounts.data.some((account) => account.cashTracked) && (
        <div className="mt-8 space-y-6">
          {accounts.data
            .filter((account) => account.cashTracked)
            .map((account) => (
              <AccountCash key={account.id} account={account} />
            ))}
        </div>
      )}
      <AccountDialog target={dialog} onClose={() => setDialog(null)} />
      <TransferDialog
        open={transferring}
        accounts={accounts.data}
        onClose={() => setTransferring(false)}
      />
      <DeleteAccountDialog
        account={deleting}
        accounts={accounts.data}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
