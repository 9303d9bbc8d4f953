import type { InvestmentAccount } from "@ledgerline/contracts";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { m } from "@ledgerline/messages";
import { ArrowLeftRight, Plus } from "lucide-react";
import { useState } from "react";
import { accountsQuery } from "../../components/accounts/accounts";
import { PageSkeleton, RouteErrorPanel, Skeleton } from "../../components/RouteStates";
import { Button } from "../../components/ui/Button";
import { PageHeader } from "../../components/ui/PageHeader";
import { titled } from "../../lib/head";
import { AccountCash } from "./accounts/-components/AccountCash";
import { AccountDialog, type AccountDialogTarget } from "./accounts/-components/AccountDialog";
import { AccountsTable } from "./accounts/-components/AccountsTable";
import { DeleteAccountDialog } from "./accounts/-components/DeleteAccountDialog";
import { ReconcilePanel } from "./accounts/-components/ReconcilePanel";
import { TransferDialog } from "./accounts/-components/TransferDialog";
import { transferText } from "./accounts/-components/screen-texts";

export const Route = createFileRoute("/_app/accounts")({
  head: titled(m.nav_accounts()),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(accountsQuery()),
  pendingComponent: () => (
    <PageSkeleton title={m.nav_accounts()} subtitle={m.accounts_subtitle()}>
      <Skeleton className="h-64" />
    </PageSkeleton>
  ),
  errorComponent: () => (
    <RouteErrorPanel title={m.nav_accounts()} message={m.accounts_failed_load()} />
  ),
  component: AccountsPage,
});

function AccountsPage() {
  const accounts = useSuspenseQuery(accountsQuery());
  const [dialog, setDialog] = useState<AccountDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<InvestmentAccount | null>(null);
  const [transferring, setTransferring] = useState(false);
  const [reconciling, setReconciling] = useState<InvestmentAccount | null>(null);

  return (
    <div>
      <PageHeader
        title={m.nav_accounts()}
        subtitle={m.accounts_subtitle()}
        actions={
          <div className="flex flex-wrap gap-2">
            {accounts.data.length > 1 && (
              <Button variant="secondary" onClick={() => setTransferring(true)}>
                <ArrowLeftRight aria-hidden="true" className="h-4 w-4" />
                {transferText.open}
              </Button>
            )}
            <Button onClick={() => setDialog({ mode: "add" })}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              {m.accounts_add()}
            </Button>
          </div>
        }
      />
      <AccountsTable
        accounts={accounts.data}
        onEdit={setDialog}
        onReconcile={setReconciling}
        onDelete={setDeleting}
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
