import { m } from "@ledgerline/messages";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState, type MouseEvent } from "react";
import { AccountFilter } from "../../components/accounts/AccountFilter";
import { accountSearch } from "../../components/accounts/account-search";
import { accountsQuery, filteredAccount } from "../../components/accounts/accounts";
import { PageSkeleton, RouteErrorPanel, Skeleton } from "../../components/RouteStates";
import { buttonClass } from "../../components/ui/Button";
import { PageHeader } from "../../components/ui/PageHeader";
import { SelectField } from "../../components/ui/SelectField";
import { titled } from "../../lib/head";
import { notify } from "../../lib/notify";
import { errorMessage } from "../../lib/trpc";
import { HarvestSection } from "./taxes/-components/HarvestSection";
import { RealizedLots } from "./taxes/-components/RealizedLots";
import { TaxNotes } from "./taxes/-components/TaxNotes";
import { TermTotals } from "./taxes/-components/TermTotals";
import { form8949Url, realizedQuery, taxYearOf, yearChoices } from "./taxes/-components/tax-year";

/** `?year=` and `?account=` as whole numbers; taxYearOf keeps the year within the report's. */
function validateTaxSearch(search: Record<string, unknown>): { year?: number; account?: number } {
  const year = accountSearch(search.year);
  const account = accountSearch(search.account);
  return { ...(year && { year }), ...(account && { account }) };
}

export const Route = createFileRoute("/_app/taxes")({
  head: titled(m.nav_taxes()),
  validateSearch: validateTaxSearch,
  // No loader: the component's queries suspend into the pending layout. A loader is one more
  // chunk named in the route definitions every page loads (/ and /login are at their budget).
  pendingComponent: () => (
    <PageSkeleton title={m.nav_taxes()} subtitle={m.taxes_subtitle()}>
      <Skeleton className="h-16 max-w-xs" />
      <div className="grid gap-3 md:grid-cols-3">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
      <Skeleton className="h-64" />
    </PageSkeleton>
  ),
  errorComponent: () => <RouteErrorPanel title={m.nav_taxes()} message={m.taxes_failed_load()} />,
  component: TaxesPage,
});

function TaxesPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const accounts = useSuspenseQuery(accountsQuery()).data;
  const year = taxYearOf(search.year);
  const accountId = filteredAccount(accounts, search.account);
  const report = useSuspenseQuery(realizedQuery(year, accountId)).data;
  const choose = (next: { year?: number; account?: number }) =>
    void navigate({ search: { ...search, ...next }, replace: true });

  return (
    <div className="space-y-8">
      <PageHeader
        title={m.nav_taxes()}
        subtitle={m.taxes_subtitle()}
        actions={<Form8949Link year={year} hasSales={report.years.includes(year)} />}
      />
      <div className="flex flex-wrap items-end gap-4">
        <SelectField
          className="w-40"
          label={m.taxes_year()}
          value={String(year)}
          options={yearChoices(report.years, year).map((choice) => ({
            value: String(choice),
            label: String(choice),
          }))}
          onChange={(chosen) => choose({ year: Number(chosen) })}
        />
        <AccountFilter
          accounts={accounts}
          value={accountId}
          onChange={(account) => choose({ account })}
        />
      </div>
      <TaxNotes report={report} />
      {report.rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border bg-surface px-6 py-10 text-center text-muted">
          {accountId === undefined
            ? m.taxes_no_sales({ year: String(year) })
            : m.taxes_no_sales_account({ year: String(year) })}
        </p>
      ) : (
        <>
          <TermTotals report={report} />
          <RealizedLots
            rows={report.rows}
            accounts={accountId === undefined && accounts.length > 1 ? accounts : undefined}
          />
        </>
      )}
      <HarvestSection accounts={accounts} />
    </div>
  );
}

/** A real link to the CSV; a click fetches it with the session's token (a link cannot send it). */
function Form8949Link({ year, hasSales }: { year: number; hasSales: boolean }) {
  const [busy, setBusy] = useState(false);
  const url = form8949Url(year);
  async function download(event: MouseEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      // Loaded on the click: the page's first script does not carry it.
      const { downloadCsv } = await import("../../lib/download-csv");
      const filename = await downloadCsv(url, {
        name: m.taxes_export_name(),
        fallback: `form-8949-${year}.csv`,
      });
      notify.success(m.taxes_downloaded({ file: filename }));
    } catch (error) {
      notify.error(errorMessage(error, m.taxes_download_failed()));
    } finally {
      setBusy(false);
    }
  }
  return (
    <a
      href={url}
      onClick={(event) => void download(event)}
      aria-disabled={busy || undefined}
      className={buttonClass(hasSales ? "primary" : "secondary")}
    >
      {m.taxes_download()}
    </a>
  );
}
