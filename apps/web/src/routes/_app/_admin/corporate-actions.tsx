import { m } from "@ledgerline/messages";
import type { CorporateAction, CorporateActionsResyncAnswer } from "@ledgerline/contracts";
import { marketMessages, STOCK_SYMBOL_PATTERN } from "@ledgerline/contracts/browser";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { RefreshCw } from "lucide-react";
import { useState, type FormEvent } from "react";
import { RouteError, Skeleton } from "../../../components/RouteStates";
import { Alert } from "../../../components/ui/Alert";
import { Button } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { Field } from "../../../components/ui/Field";
import { PageHeader } from "../../../components/ui/PageHeader";
import { ScrollRegion } from "../../../components/ui/ScrollRegion";
import { formatCalendarDate, formatCurrency, formatNumber } from "../../../lib/format";
import { formatSplit } from "../../../lib/split-words";
import { titled } from "../../../lib/head";
import {
  CorporateActionsLoading,
  corporateActionsSubtitle,
} from "../../../components/loading/FormPagesLoading";
import { errorMessage, trpc } from "../../../lib/trpc";

export const Route = createFileRoute("/_app/_admin/corporate-actions")({
  staticData: { nonAdminTo: "/access-denied" },
  head: titled(m.nav_corporate_actions()),
  pendingComponent: CorporateActionsLoading,
  component: CorporateActionsPage,
  errorComponent: RouteError,
});

const plural = (count: number, one: () => string, many: (input: { count: string }) => string) =>
  count === 1 ? one() : many({ count: formatNumber(count) });

function describeResync(answer: CorporateActionsResyncAnswer): string {
  return m.admin_ca_resync_done({
    symbol: answer.symbol,
    actions: plural(answer.actions, m.admin_ca_count_action, m.admin_ca_count_actions),
    users: plural(answer.users, m.admin_ca_count_user, m.admin_ca_count_users),
    splits: plural(answer.splitsWritten, m.admin_ca_count_split, m.admin_ca_count_splits),
    dividends: plural(answer.incomeAdded, m.admin_ca_count_dividend, m.admin_ca_count_dividends),
  });
}

function describeAction(action: CorporateAction): string {
  if (action.type === "split") {
    return action.splitFrom && action.splitTo
      ? formatSplit(action.splitFrom, action.splitTo)
      : m.admin_ca_split();
  }
  return m.admin_ca_per_share({ amount: formatCurrency(action.cashAmount) });
}

function CorporateActionsPage() {
  const [symbol, setSymbol] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  // The list is read after the re-sync, so it shows what the provider answered just now.
  const resync = useMutation(
    trpc.corporateActions.resync.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.corporateActions.list.pathFilter()),
    }),
  );
  const synced = resync.data?.symbol;
  const actions = useQuery({
    ...trpc.corporateActions.list.queryOptions({ symbol: synced ?? "" }),
    enabled: synced !== undefined,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const wanted = symbol.trim().toUpperCase();
    if (!STOCK_SYMBOL_PATTERN.test(wanted)) {
      setProblem(marketMessages.invalidStockSymbol);
      return;
    }
    setProblem(null);
    resync.mutate({ symbol: wanted });
  }

  return (
    <div className="space-y-6">
      <PageHeader title={m.nav_corporate_actions()} subtitle={corporateActionsSubtitle} />
      <Card className="space-y-4">
        <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-3">
          <Field
            label={m.admin_ca_symbol()}
            value={symbol}
            onChange={(event) => {
              setSymbol(event.target.value);
              setProblem(null);
            }}
            error={problem}
            autoCapitalize="characters"
            autoComplete="off"
            className="w-48"
          />
          <Button type="submit" busy={resync.isPending} className="sm:mt-6">
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            {m.admin_ca_resync()}
          </Button>
        </form>
        {resync.error && (
          <Alert tone="error">{errorMessage(resync.error, m.admin_ca_resync_failed())}</Alert>
        )}
        {resync.data && <Alert tone="success">{describeResync(resync.data)}</Alert>}
      </Card>

      {synced && actions.isPending && <Skeleton className="h-48" />}
      {synced && actions.error && (
        <Alert tone="error">{errorMessage(actions.error, m.admin_ca_list_failed())}</Alert>
      )}
      {synced && actions.data && (
        <section aria-labelledby="found-actions" className="space-y-3">
          <h2 id="found-actions" className="text-xl font-semibold">
            {m.admin_ca_found_heading({ symbol: synced })}
          </h2>
          {actions.data.length === 0 ? (
            <p className="rounded-xl border border-border bg-surface p-6 text-muted">
              {m.admin_ca_none({ symbol: synced })}
            </p>
          ) : (
            <ScrollRegion
              label={m.admin_ca_caption({ symbol: synced })}
              className="rounded-xl border border-border bg-surface"
            >
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{m.admin_ca_caption({ symbol: synced })}</caption>
                <thead className="border-b border-border text-muted">
                  <tr>
                    {[
                      m.admin_ca_col_type(),
                      m.admin_ca_col_ex_date(),
                      m.admin_ca_col_pay_date(),
                      m.admin_ca_col_terms(),
                    ].map((heading) => (
                      <th key={heading} scope="col" className="px-4 py-3 font-medium">
                        {heading}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {actions.data.map((action) => (
                    <tr
                      key={`${action.type}-${action.exDate}`}
                      className="border-b border-border last:border-0"
                    >
                      <td className="px-4 py-3">
                        {action.type === "split" ? m.admin_ca_split() : m.admin_ca_dividend()}
                      </td>
                      <td className="num px-4 py-3 whitespace-nowrap">
                        {formatCalendarDate(action.exDate)}
                      </td>
                      <td className="num px-4 py-3 whitespace-nowrap">
                        {action.payDate ? formatCalendarDate(action.payDate) : ""}
                      </td>
                      <td className="num px-4 py-3 whitespace-nowrap">{describeAction(action)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </section>
      )}
    </div>
  );
}
