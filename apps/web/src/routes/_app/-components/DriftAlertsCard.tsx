import type { DriftAlert, TargetDimension } from "@ledgerline/contracts";
import { ALERT_REARM_MARGIN, MAX_DRIFT_ALERT_POINTS } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
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

// A mix's name as a heading and inside a sentence (lowercase in English, a noun stays capital in
// German): whole phrases, so each language words them its own way.
const mixNames: Record<TargetDimension, { title: string; inline: string }> = {
  assetClass: {
    title: m.settings_drift_mix_asset_class(),
    inline: m.settings_drift_mix_asset_class_inline(),
  },
  sector: { title: m.settings_drift_mix_sector(), inline: m.settings_drift_mix_sector_inline() },
  symbol: { title: m.settings_drift_mix_symbol(), inline: m.settings_drift_mix_symbol_inline() },
};
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
          {m.settings_drift_heading()}
        </h2>
        <p className="mt-1 text-sm text-muted">
          {m.settings_drift_intro_before()}{" "}
          <Link to="/portfolio-summary" className="text-primary underline">
            {m.settings_drift_intro_link()}
          </Link>{" "}
          {m.settings_drift_intro_after()}
        </p>
        <DriftAlertForm />
        <QueryCardBody query={alerts} failure={m.settings_drift_failed_load()} skeleton="mt-4 h-16">
          {(list) =>
            list.length === 0 ? (
              <p className="mt-4 text-sm text-muted">{m.settings_drift_none()}</p>
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
            ? m.settings_drift_set_triggered({ mix: mixNames[alert.by].inline })
            : m.settings_drift_set({ mix: mixNames[alert.by].inline }),
        );
        await refresh();
      },
      onError: (failure) => setError(errorMessage(failure, m.settings_drift_failed_set())),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate({ by, points: points.trim(), repeat: rearm ? "rearm" : "once" });
  };
  return (
    <form onSubmit={submit} className="mt-4 space-y-3" aria-label={m.settings_drift_form()}>
      <div className="flex flex-wrap items-start gap-3">
        <SelectField
          label={m.settings_drift_by()}
          value={by}
          options={targetDimensionOptions}
          onChange={setBy}
        />
        <Field
          label={m.settings_drift_points()}
          inputMode="decimal"
          autoComplete="off"
          required
          className="w-28"
          value={points}
          onChange={(event) => setPoints(event.target.value)}
          hint={m.settings_drift_points_hint({ max: String(MAX_DRIFT_ALERT_POINTS) })}
        />
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5"
          checked={rearm}
          onChange={(event) => setRearm(event.target.checked)}
        />
        <span>{m.settings_drift_rearm({ percent: rearmPercent })}</span>
      </label>
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" disabled={save.isPending}>
        {m.settings_drift_submit()}
      </Button>
    </form>
  );
}

/** When an alert last fired, and how far off the mix was then. */
function triggered(alert: DriftAlert, at: string) {
  const points = formatNumber(alert.triggeredDrift ?? null);
  const when = formatDateTime(at);
  return alert.state === "armed"
    ? m.settings_drift_last_triggered({ points, when })
    : m.settings_drift_triggered_at({ points, when });
}

function DriftAlertRow({ alert }: { alert: DriftAlert }) {
  const refresh = useRefreshAlerts();
  const name = mixNames[alert.by];
  const remove = useMutation(
    trpc.driftAlerts.delete.mutationOptions({
      onSuccess: async (result) => {
        notify.success(result.message);
        await refresh();
      },
      onError: (failure) => notify.error(errorMessage(failure, m.settings_drift_failed_delete())),
    }),
  );
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 py-3"
      data-drift-alert={alert.by}
    >
      <div className="min-w-0">
        <p className="font-semibold">
          {m.settings_drift_row({ mix: name.title, points: formatNumber(alert.points) })}
        </p>
        <p className="text-sm text-muted">
          {alert.repeat === "rearm" ? m.settings_drift_rearms() : m.settings_drift_once()}
          {alert.triggeredAt && ` · ${triggered(alert, alert.triggeredAt)}`}
        </p>
      </div>
      <div className="flex items-center gap-3">
        {alert.state === "armed" ? (
          <Badge tone="info">{m.settings_drift_armed()}</Badge>
        ) : (
          <Badge tone="warn">{m.settings_drift_triggered()}</Badge>
        )}
        <Button
          size="sm"
          variant="ghost"
          aria-label={m.settings_drift_delete_label({ mix: name.inline })}
          disabled={remove.isPending}
          onClick={() => remove.mutate({ by: alert.by })}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {m.settings_drift_delete()}
        </Button>
      </div>
    </li>
  );
}
