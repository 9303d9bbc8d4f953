import type { DriftAlert, TargetDimension } from "@ledgerline/contracts";
import { ALERT_REARM_MARGIN, MAX_DRIFT_ALERT_POINTS } from "@ledgerline/contracts/browser";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { QueryCardBody } from "../../../components/CardBody";
import { Alert } from "../../../components/ui/Alert";
import { Badge } from "../../../components/ui/Badge";
import { Button } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { Field } from "../../../components/ui/Field";
import { SelectField } from "../../../components/ui/SelectField";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { notify } from "../../../lib/notify";
import { errorMessage, trpc } from "../../../lib/trpc";
import { targetDimensionOptions } from "../portfolio-summary/-components/target-options";

const mixName = (by: TargetDimension) =>
  targetDimensionOptions.find((option) => option.value === by)?.label ?? by;
const rearmPercent = `${Number(ALERT_REARM_MARGIN) * 100}%`;

/**
 * Drift alerts (issue 33), beside the price alerts: notify when any weight of a saved target mix
 * is more than N points off. Loaded lazily with the page's table already shown.
 */
export default function DriftAlertsCard() {
  const alerts = useQuery(trpc.driftAlerts.list.queryOptions());
  return (
    <Card className="mt-6">
      <section aria-labelledby="drift-alerts-heading" id="drift-alerts">
        <h2 id="drift-alerts-heading" className="text-lg font-semibold">
          Drift alerts
        </h2>
        <p className="mt-1 text-sm text-muted">
          Told in the bell and by email when any weight of your{" "}
          <Link to="/portfolio-summary" className="text-primary underline">
            target mix
          </Link>{" "}
          is more than the points you choose off its target. Checked when set and after each market
          refresh.
        </p>
        <DriftAlertForm />
        <QueryCardBody
          query={alerts}
          failure="Your drift alerts could not be loaded."
          skeleton="mt-4 h-16"
        >
          {(list) =>
            list.length === 0 ? (
              <p className="mt-4 text-sm text-muted">You have no drift alerts yet.</p>
            ) : (
              <ul className="mt-4 divide-y divide-border">
                {list.map((alert) => (
                  <DriftAlertRow key={alert.by} alert={alert} />
                ))}
              </ul>
            )
          }
        </QueryCardBody>
      </section>
    </Card>
  );
}

function useRefreshAlerts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.driftAlerts.list.pathFilter()),
      queryClient.invalidateQueries(trpc.notifications.list.pathFilter()),
    ]);
}

function DriftAlertForm() {
  const refresh = useRefreshAlerts();
  const [by, setBy] = useState<TargetDimension>("assetClass");
  const [points, setPoints] = useState("5");
  const [rearm, setRearm] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.driftAlerts.set.mutationOptions({
      onSuccess: async (alert) => {
        notify.success(
          alert.state === "triggered"
            ? `Drift alert on your ${mixName(alert.by).toLowerCase()} mix set; it has already triggered`
            : `Drift alert on your ${mixName(alert.by).toLowerCase()} mix set`,
        );
        await refresh();
      },
      onError: (failure) => setError(errorMessage(failure, "The drift alert could not be set")),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate({ by, points: points.trim(), repeat: rearm ? "rearm" : "once" });
  };
  return (
    <form onSubmit={submit} className="mt-4 space-y-3" aria-label="Set a drift alert">
      <div className="flex flex-wrap items-start gap-3">
        <SelectField
          label="Target mix by"
          value={by}
          options={targetDimensionOptions}
          onChange={setBy}
        />
        <Field
          label="Points off"
          inputMode="decimal"
          autoComplete="off"
          required
          className="w-28"
          value={points}
          onChange={(event) => setPoints(event.target.value)}
          hint={`Above 0, up to ${MAX_DRIFT_ALERT_POINTS}`}
        />
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5"
          checked={rearm}
          onChange={(event) => setRearm(event.target.checked)}
        />
        <span>
          Re-arm once every weight is back within the points less {rearmPercent} of them (otherwise
          the alert fires once)
        </span>
      </label>
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" disabled={save.isPending}>
        Set drift alert
      </Button>
    </form>
  );
}

function DriftAlertRow({ alert }: { alert: DriftAlert }) {
  const refresh = useRefreshAlerts();
  const name = `${mixName(alert.by)} mix`;
  const remove = useMutation(
    trpc.driftAlerts.delete.mutationOptions({
      onSuccess: async (result) => {
        notify.success(result.message);
        await refresh();
      },
      onError: (failure) => notify.error(errorMessage(failure, "The alert could not be deleted")),
    }),
  );
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 py-3"
      data-drift-alert={alert.by}
    >
      <div className="min-w-0">
        <p className="font-semibold">
          {name}: more than {formatNumber(alert.points)} points off
        </p>
        <p className="text-sm text-muted">
          {alert.repeat === "rearm" ? "Re-arms" : "Once"}
          {alert.triggeredAt &&
            ` · ${alert.state === "armed" ? "last triggered" : "triggered"} ${formatNumber(alert.triggeredDrift ?? null)} points off on ${formatDateTime(alert.triggeredAt)}`}
        </p>
      </div>
      <div className="flex items-center gap-3">
        {alert.state === "armed" ? (
          <Badge tone="info">Armed</Badge>
        ) : (
          <Badge tone="warn">Triggered</Badge>
        )}
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Delete the drift alert on the ${name.toLowerCase()}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate({ by: alert.by })}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete
        </Button>
      </div>
    </li>
  );
}
