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
import { formatCalendarDate, formatCurrency, formatNumber, formatSplit } from "../../../lib/format";
import { titled } from "../../../lib/head";
import {
  CorporateActionsLoading,
  corporateActionsSubtitle,
} from "../../../components/loading/FormPagesLoading";
import { errorMessage, trpc } from "../../../lib/trpc";

export const Route = createFileRoute("/_app/_admin/corporate-actions")({
  staticData: { nonAdminTo: "/access-denied" },
  head: titled("Corporate Actions"),
  pendingComponent: CorporateActionsLoading,
  component: CorporateActionsPage,
  errorComponent: RouteError,
});

const plural = (count: number, one: string, many: string) =>
  `${formatNumber(count)} ${count === 1 ? one : many}`;

function describeResync(answer: CorporateActionsResyncAnswer): string {
  return `${answer.symbol}: ${plural(answer.actions, "corporate action", "corporate actions")} found, applied to ${plural(answer.users, "user", "users")} who traded it: ${plural(answer.splitsWritten, "split", "splits")} written, ${plural(answer.incomeAdded, "dividend", "dividends")} added.`;
}

function describeAction(action: CorporateAction): string {
  if (action.type === "split") {
    return action.splitFrom && action.splitTo
      ? formatSplit(action.splitFrom, action.splitTo)
      : "Split";
  }
  return `${formatCurrency(action.cashAmount)} per share`;
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
      <PageHeader title="Corporate Actions" subtitle={corporateActionsSubtitle} />
      <Card className="space-y-4">
        <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-3">
          <Field
            label="Symbol"
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
            Re-sync corporate actions
          </Button>
        </form>
        {resync.error && (
          <Alert tone="error">
            {errorMessage(resync.error, "The corporate actions could not be re-synced")}
          </Alert>
        )}
        {resync.data && <Alert tone="success">{describeResync(resync.data)}</Alert>}
      </Card>

      {synced && actions.isPending && <Skeleton className="h-48" />}
      {synced && actions.error && (
        <Alert tone="error">
          {errorMessage(actions.error, "The corporate actions could not be listed")}
        </Alert>
      )}
      {synced && actions.data && (
        <section aria-labelledby="found-actions" className="space-y-3">
          <h2 id="found-actions" className="text-xl font-semibold">
            {synced}: splits and dividends, newest first
          </h2>
          {actions.data.length === 0 ? (
            <p className="rounded-xl border border-border bg-surface p-6 text-muted">
              The provider reports no splits or dividends for {synced}.
            </p>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-border bg-surface">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Corporate actions of {synced}</caption>
                <thead className="border-b border-border text-muted">
                  <tr>
                    {["Type", "Ex-date", "Pay date", "Terms"].map((heading) => (
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
                        {action.type === "split" ? "Split" : "Dividend"}
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
            </div>
          )}
        </section>
      )}
    </div>
  );
}
