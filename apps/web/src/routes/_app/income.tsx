import type { IncomeEntry } from "@ledgerline/contracts";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { AccountFilter } from "../../components/accounts/AccountFilter";
import { accountSearch } from "../../components/accounts/account-search";
import {
  accountNames,
  accountsQuery,
  useAccounts,
  filteredAccount,
} from "../../components/accounts/accounts";
import { PageSkeleton, RouteErrorPanel, Skeleton } from "../../components/RouteStates";
import { Button, buttonClass } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { PageHeader } from "../../components/ui/PageHeader";
import { formatCurrency } from "../../lib/format";
import { titled } from "../../lib/head";
import { RequestKeys } from "../../lib/idempotency-key";
import { notify } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import { IncomeDialog, type IncomeDialogTarget } from "./income/-components/IncomeDialog";
import { describeEntry, IncomeEntries, YearTotals } from "./income/-components/IncomeEntries";
import { IncomeForecast } from "./income/-components/IncomeForecast";
import { UpcomingDividends } from "./income/-components/UpcomingDividends";

const subtitle =
  "Dividends paid on the stocks you held at each ex-date. Correct an entry to your broker's figure, or add one by hand.";

/**
 * The user's dividend income entries, of one account or of all, read by the route's loader and
 * shown by the page.
 */
const incomeQuery = (accountId: number | undefined) =>
  trpc.income.list.queryOptions(accountId === undefined ? undefined : { accountId });

/** `?account=<id>`: one investment account's dividends (as on the summary); none for all. */
function validateIncomeSearch(search: Record<string, unknown>): { account?: number } {
  const account = accountSearch(search.account);
  return account === undefined ? {} : { account };
}

export const Route = createFileRoute("/_app/income")({
  head: titled("Dividend Income"),
  validateSearch: validateIncomeSearch,
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
    <PageSkeleton title="Dividend Income" subtitle={subtitle}>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
      <Skeleton className="h-64" />
    </PageSkeleton>
  ),
  errorComponent: () => (
    <RouteErrorPanel title="Dividend Income" message="Failed to load your dividend income" />
  ),
  component: IncomePage,
});

function IncomePage() {
  const queryClient = useQueryClient();
  const { account: chosen } = Route.useSearch();
  const navigate = Route.useNavigate();
  const accounts = useAccounts();
  const several = accounts.length > 1;
  const accountId = filteredAccount(accounts, chosen);
  const income = useSuspenseQuery(incomeQuery(accountId));
  const names = useMemo(() => (several ? accountNames(accounts) : undefined), [several, accounts]);
  const [dialog, setDialog] = useState<IncomeDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<IncomeEntry | null>(null);
  const [deleteKeys] = useState(() => new RequestKeys());
  const remove = useMutation(
    trpc.income.delete.mutationOptions({
      onSuccess: async () => {
        if (deleting) notify.success(`Deleted the ${describeEntry(deleting)}`);
        setDeleting(null);
        await queryClient.invalidateQueries(trpc.income.list.pathFilter());
      },
      onError: (failure) => {
        setDeleting(null);
        notify.error(errorMessage(failure, "The dividend could not be deleted"));
      },
    }),
  );
  const add = () => setDialog({ mode: "add" });
  const { entries } = income.data;

  return (
    <div className="space-y-8">
      <PageHeader
        title="Dividend Income"
        subtitle={subtitle}
        actions={
          <>
            <Button onClick={add}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              Add dividend
            </Button>
            <Link to="/portfolio-summary" className={buttonClass("secondary")}>
              Portfolio Summary
            </Link>
          </>
        }
      />

      {several && (
        <AccountFilter
          accounts={accounts}
          value={accountId}
          onChange={(account) =>
            void navigate({ search: account === undefined ? {} : { account }, replace: true })
          }
        />
      )}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <UpcomingDividends accountId={accountId} />
        <IncomeForecast accountId={accountId} />
      </div>
      {entries.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border bg-surface px-6 py-10 text-center">
          <p className="text-muted">
            {accountId === undefined
              ? "No dividend income yet."
              : "No dividend income in this account yet."}{" "}
            A dividend is recorded here on its pay date for the shares you held at its ex-date.
          </p>
          <Button variant="secondary" className="mt-4" onClick={add}>
            Add a dividend by hand
          </Button>
        </div>
      ) : (
        <>
          <section aria-labelledby="income-years" className="space-y-3">
            <h2 id="income-years" className="text-xl font-semibold">
              Totals per year
            </h2>
            <YearTotals income={income.data} />
          </section>
          <section aria-labelledby="income-entries" className="space-y-3">
            <h2 id="income-entries" className="text-xl font-semibold">
              Dividends
            </h2>
            <IncomeEntries
              entries={entries}
              accountNames={accountId === undefined ? names : undefined}
              onEdit={(entry) => setDialog({ mode: "edit", entry })}
              onDelete={setDeleting}
            />
          </section>
        </>
      )}

      <IncomeDialog
        target={dialog}
        accounts={accounts}
        initialAccount={accountId}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete dividend"
        message={
          deleting
            ? `Delete the ${describeEntry(deleting)} (${formatCurrency(deleting.total)})? It is not written again by a later sync.`
            : ""
        }
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => {
          if (!deleting || remove.isPending) return;
          const request = { id: deleting.id };
          remove.mutate({ ...request, idempotencyKey: deleteKeys.keyFor(request) });
        }}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
