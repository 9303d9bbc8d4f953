import type { IncomeEntry } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { AccountFilter } from "../../components/accounts/AccountFilter";
import { accountOnlySearch } from "../../components/accounts/account-search";
import {
  accountNames,
  accountsQuery,
  useAccounts,
  filteredAccount,
} from "../../components/accounts/accounts";
import { PageSkeleton, RouteErrorPanel, Skeleton } from "../../components/RouteStates";
import { Button, buttonClass } from "../../components/ui/Button";
import { PageHeader } from "../../components/ui/PageHeader";
import { titled } from "../../lib/head";
import { trpc } from "../../lib/trpc";
import { IncomeDialog, type IncomeDialogTarget } from "./income/-components/IncomeDialog";
import { DeleteIncomeDialog } from "./income/-components/DeleteIncomeDialog";
import { IncomeHistory } from "./income/-components/IncomeHistory";
import { IncomeForecast } from "./income/-components/IncomeForecast";
import { UpcomingDividends } from "./income/-components/UpcomingDividends";

/**
 * The user's dividend income entries, of one account or of all, read by the route's loader and
 * shown by the page.
 */
const incomeQuery = (accountId: number | undefined) =>
  trpc.income.list.queryOptions(accountId === undefined ? undefined : { accountId });

export const Route = createFileRoute("/_app/income")({
  head: titled(m.income_page_title()),
  // `?account=<id>`: one investment account's dividends (as on the summary); none for all.
  validateSearch: (search) => accountOnlySearch(search.account),
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    if (deps.account === undefined) {
      void queryClient.prefetchQuery(accountsQuery());
      await queryClient.ensureQueryData(incomeQuery(undefined));
      return;
    }
    // Whether `?account=` is one of the user's accounts decides what is read (an address naming
    // an account that is gone shows every account's dividends, as the page does).
    const accounts = await queryClient.ensureQueryData(accountsQuery());
    await queryClient.ensureQueryData(incomeQuery(filteredAccount(accounts, deps.account)));
  },
  pendingComponent: () => (
    <PageSkeleton title={m.income_page_title()} subtitle={m.income_subtitle()}>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
      <Skeleton className="h-64" />
    </PageSkeleton>
  ),
  errorComponent: () => (
    <RouteErrorPanel title={m.income_page_title()} message={m.income_failed_load()} />
  ),
  component: IncomePage,
});

function IncomePage() {
  const { account: chosen } = Route.useSearch();
  const navigate = Route.useNavigate();
  const accounts = useAccounts();
  const several = accounts.length > 1;
  const accountId = filteredAccount(accounts, chosen);
  const income = useSuspenseQuery(incomeQuery(accountId));
  const names = useMemo(() => (several ? accountNames(accounts) : undefined), [several, accounts]);
  const [dialog, setDialog] = useState<IncomeDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<IncomeEntry | null>(null);
  const add = () => setDialog({ mode: "add" });

  return (
    <div className="space-y-8">
      <PageHeader
        title={m.income_page_title()}
        subtitle={m.income_subtitle()}
        actions={
          <>
            <Button onClick={add}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              {m.income_add()}
            </Button>
            <Link to="/portfolio-summary" className={buttonClass("secondary")}>
              {m.income_portfolio_summary()}
            </Link>
          </>
        }
      />

      <AccountFilter
        accounts={accounts}
        value={accountId}
        onChange={(account) => void navigate({ search: accountOnlySearch(account), replace: true })}
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <UpcomingDividends accountId={accountId} />
        <IncomeForecast accountId={accountId} />
      </div>
      <IncomeHistory
        income={income.data}
        accountId={accountId}
        accountNames={names}
        onAdd={add}
        onEdit={(entry) => setDialog({ mode: "edit", entry })}
        onDelete={setDeleting}
      />

      <IncomeDialog
        target={dialog}
        accounts={accounts}
        initialAccount={accountId}
        onClose={() => setDialog(null)}
      />
      <DeleteIncomeDialog entry={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
