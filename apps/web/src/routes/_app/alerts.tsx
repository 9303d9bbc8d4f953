import { m } from "@ledgerline/messages";
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

const subtitle = m.alerts_subtitle();

// Drift alerts on the target mixes (issue 33): their own chunk, after the price alerts' table.
const DriftAlertsCard = lazy(() => import("./-components/DriftAlertsCard"));

/** The user's price alerts, read by the route's loader and shown by the page. */
const alertsQuery = () => trpc.alerts.list.queryOptions();

export const Route = createFileRoute("/_app/alerts")({
  head: titled(m.alerts_title()),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(alertsQuery()),
  pendingComponent: () => (
    <PageSkeleton title={m.alerts_title()} subtitle={subtitle}>
      <Skeleton className="h-64" />
    </PageSkeleton>
  ),
  errorComponent: () => (
    <RouteErrorPanel title={m.alerts_title()} message={m.alerts_failed_load()} />
  ),
  component: AlertsPage,
});

function describeCondition(alert: PriceAlert): string {
  if (alert.condition === "move") return m.alerts_move_beyond({ value: alert.value });
  const price = formatPrice(alert.value);
  return alert.condition === "above"
    ? m.alerts_price_above({ price })
    : m.alerts_price_below({ price });
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
        notify.error(errorMessage(failure, m.alerts_delete_failed()));
      },
    }),
  );

  return (
    <div>
      <PageHeader title={m.alerts_title()} subtitle={subtitle} />
      {alerts.data.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface p-6 text-muted">
          {m.alerts_none()}
        </p>
      ) : (
        <TableWithActions
          caption={m.alerts_caption()}
          columns={[
            m.alerts_asset(),
            m.alerts_alert_when(),
            m.alerts_repeat(),
            m.alerts_state(),
            m.alerts_note(),
          ]}
          className="relative overflow-x-auto rounded-xl border border-border bg-surface"
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
              <td className="px-4 py-3">
                {alert.repeat === "rearm" ? m.alerts_rearms() : m.alerts_once()}
              </td>
              <td className="px-4 py-3">
                {alert.state === "armed" ? (
                  <Badge tone="info">{m.alerts_armed()}</Badge>
                ) : (
                  <Badge tone="warn">{m.alerts_triggered()}</Badge>
                )}
                {alert.triggeredAt && (
                  <p className="mt-1 text-xs text-muted">
                    {(alert.state === "armed" ? m.alerts_last_triggered : m.alerts_triggered_at)({
                      price: formatPrice(alert.triggeredPrice ?? null),
                      date: formatDateTime(alert.triggeredAt),
                    })}
                  </p>
                )}
              </td>
              <td className="px-4 py-3 text-muted">{alert.note ?? ""}</td>
              <td className="px-4 py-3 text-right">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={m.alerts_delete_label({
                    symbol: alert.symbol,
                    condition: describeCondition(alert),
                  })}
                  onClick={() => setDeleting(alert)}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  {m.alerts_delete()}
                </Button>
              </td>
            </tr>
          ))}
        </TableWithActions>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={m.alerts_delete_title()}
        message={
          deleting
            ? m.alerts_delete_confirm({
                symbol: deleting.symbol,
                condition: describeCondition(deleting),
              })
            : ""
        }
        confirmLabel={m.alerts_delete()}
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
