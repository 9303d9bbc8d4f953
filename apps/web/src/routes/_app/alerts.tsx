import type { Alert as PriceAlert } from "@ledgerline/contracts";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { AssetSymbolLink } from "../../components/assets/SymbolLink";
import { Trash2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { PageSkeleton, RouteErrorPanel, Skeleton } from "../../components/RouteStates";
import { Badge } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { PageHeader } from "../../components/ui/PageHeader";
import { formatDateTime, formatPrice } from "../../lib/format";
import { titled } from "../../lib/head";
import { notify } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import { TableWithActions } from "../../components/ui/TableWithActions";

const subtitle =
  "Checked on the server on every price update, also while you are away. Set alerts from a stock's research page, a coin's page or a watchlist card.";

// Drift alerts on the target mixes (issue 33): their own chunk, after the price alerts' table.
const DriftAlertsCard = lazy(() => import("./-components/DriftAlertsCard"));

/** The user's price alerts, read by the route's loader and shown by the page. */
const alertsQuery = () => trpc.alerts.list.queryOptions();

export const Route = createFileRoute("/_app/alerts")({
  head: titled("Price Alerts"),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(alertsQuery()),
  pendingComponent: () => (
    <PageSkeleton title="Price Alerts" subtitle={subtitle}>
      <Skeleton className="h-64" />
    </PageSkeleton>
  ),
  errorComponent: () => (
    <RouteErrorPanel title="Price Alerts" message="Failed to load your alerts" />
  ),
  component: AlertsPage,
});

function describeCondition(alert: PriceAlert): string {
  if (alert.condition === "move") return `Today's move beyond ±${alert.value}%`;
  const level = formatPrice(alert.value);
  return alert.condition === "above" ? `Price at or above ${level}` : `Price at or below ${level}`;
}

function AlertsPage() {
  const queryClient = useQueryClient();
  const alerts = useSuspenseQuery(alertsQuery());
  const [deleting, setDeleting] = useState<PriceAlert | null>(null);
  const remove = useMutation(
    trpc.alerts.delete.mutationOptions({
      onSuccess: async (result) => {
        notify.success(result.message);
        setDeleting(null);
        await queryClient.invalidateQueries(trpc.alerts.list.pathFilter());
      },
      onError: (failure) => {
        setDeleting(null);
        notify.error(errorMessage(failure, "The alert could not be deleted"));
      },
    }),
  );

  return (
    <div>
      <PageHeader title="Price Alerts" subtitle={subtitle} />
      {alerts.data.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface p-6 text-muted">
          You have no alerts yet.
        </p>
      ) : (
        <TableWithActions
          caption="Your price alerts"
          columns={["Asset", "Alert when", "Repeat", "State", "Note"]}
          className="overflow-x-auto rounded-xl border border-border bg-surface"
          headClassName="border-b border-border text-muted"
          cell="px-4 py-3"
        >
          {alerts.data.map((alert) => (
            <tr
              key={alert.id}
              data-alert-id={alert.id}
              className="border-b border-border last:border-0"
            >
              <td className="px-4 py-3 font-semibold">
                <AssetSymbolLink
                  assetType={alert.assetType}
                  symbol={alert.symbol}
                  className="hover:text-primary hover:underline"
                />
              </td>
              <td className="px-4 py-3">{describeCondition(alert)}</td>
              <td className="px-4 py-3">{alert.repeat === "rearm" ? "Re-arms" : "Once"}</td>
              <td className="px-4 py-3">
                {alert.state === "armed" ? (
                  <Badge tone="info">Armed</Badge>
                ) : (
                  <Badge tone="warn">Triggered</Badge>
                )}
                {alert.triggeredAt && (
                  <p className="mt-1 text-xs text-muted">
                    {alert.state === "armed" ? "Last triggered" : "At"}{" "}
                    {formatPrice(alert.triggeredPrice ?? null)} on{" "}
                    {formatDateTime(alert.triggeredAt)}
                  </p>
                )}
              </td>
              <td className="px-4 py-3 text-muted">{alert.note ?? ""}</td>
              <td className="px-4 py-3 text-right">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Delete alert on ${alert.symbol}: ${describeCondition(alert)}`}
                  onClick={() => setDeleting(alert)}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </TableWithActions>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete alert"
        message={
          deleting ? `Delete the alert on ${deleting.symbol}: ${describeCondition(deleting)}?` : ""
        }
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
      <Suspense fallback={<Skeleton className="mt-6 h-48" />}>
        <DriftAlertsCard />
      </Suspense>
    </div>
  );
}
