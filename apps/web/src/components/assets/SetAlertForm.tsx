import { m } from "@ledgerline/messages";
import {
  ALERT_NOTE_MAX_LENGTH,
  ALERT_REARM_MARGIN,
  MAX_ALERT_MOVE_PERCENT,
} from "@ledgerline/contracts/browser";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm, useSelector } from "@tanstack/react-form";
import { useState } from "react";
import { submitTo, textInput } from "../../lib/form";
import { notify } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../ui/Alert";
import { Field } from "../ui/Field";
import { DialogFormButtons, Modal } from "../ui/Modal";
import { boundSelect } from "../ui/SelectField";
import type { AssetConfig } from "./asset-config";

type Condition = "above" | "below" | "move";

interface AlertValues {
  condition: Condition;
  /** The price, or the move in percent, as typed. */
  value: string;
  note: string;
  rearm: boolean;
}

const conditionOptions = [
  { value: "above", label: m.alerts_rises_to() },
  { value: "below", label: m.alerts_falls_to() },
  { value: "move", label: m.alerts_move_option() },
] as const;

const rearmPercent = `${Number(ALERT_REARM_MARGIN) * 100}%`;

/**
 * The one 'Set alert' dialog for stocks and coins: above or below a price (prefilled with the
 * current one) or a daily move beyond ±N%, an optional note, one-shot or re-arming. The server
 * checks the symbol and the value and answers what was wrong.
 */
export function SetAlertDialog({
  asset,
  symbol,
  price,
  onClose,
}: {
  asset: AssetConfig;
  symbol: string;
  price: string | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  // The price the dialog opened with stays the default while live prices move on.
  const [defaultValues] = useState<AlertValues>(() => ({
    condition: "above",
    value: price ?? "",
    note: "",
    rearm: false,
  }));
  const [error, setError] = useState<string | null>(null);
  const create = useMutation(
    trpc.alerts.create.mutationOptions({
      onSuccess: async (alert) => {
        notify.success(
          alert.state === "triggered"
            ? m.alerts_set_on_triggered({ symbol })
            : m.alerts_set_on({ symbol }),
        );
        onClose();
        await Promise.all([
          queryClient.invalidateQueries(trpc.alerts.list.pathFilter()),
          queryClient.invalidateQueries(trpc.notifications.list.pathFilter()),
        ]);
      },
      onError: (failure) => setError(errorMessage(failure, m.alerts_set_failed())),
    }),
  );

  const form = useForm({
    defaultValues,
    onSubmit: ({ value: { condition, value, note, rearm } }) => {
      setError(null);
      create.mutate({
        symbol,
        assetType: asset.kind === "stock" ? "STOCK" : "CRYPTO",
        condition,
        value: value.trim(),
        ...(note.trim() ? { note: note.trim() } : {}),
        repeat: rearm ? "rearm" : "once",
      });
    },
  });

  const move = useSelector(form.store, (state) => state.values.condition) === "move";
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={m.asset_set_alert_on({ symbol })}
      description={m.alerts_dialog_description()}
    >
      <form onSubmit={submitTo(form)} className="space-y-4">
        <form.Field
          name="condition"
          listeners={{
            // A new kind of alert starts from its own value: 5% for a move, else the price.
            onChange: ({ value }) =>
              form.setFieldValue("value", value === "move" ? "5" : (price ?? "")),
          }}
        >
          {boundSelect(m.alerts_alert_when(), conditionOptions)}
        </form.Field>
        <form.Field name="value">
          {(field) => (
            <Field
              label={move ? m.alerts_move_label() : m.alerts_price_label()}
              inputMode="decimal"
              autoComplete="off"
              required
              {...textInput(field)}
              hint={move ? m.alerts_move_hint({ max: MAX_ALERT_MOVE_PERCENT }) : undefined}
            />
          )}
        </form.Field>
        <form.Field name="note">
          {(field) => (
            <Field
              label={m.alerts_note_optional()}
              maxLength={ALERT_NOTE_MAX_LENGTH}
              {...textInput(field)}
            />
          )}
        </form.Field>
        <label className="flex items-start gap-2 text-sm">
          <form.Field name="rearm">
            {(field) => (
              <input
                type="checkbox"
                className="mt-0.5"
                checked={field.state.value}
                onChange={(event) => field.handleChange(event.target.checked)}
              />
            )}
          </form.Field>
          <span>
            {move
              ? m.alerts_rearm_move({ percent: rearmPercent })
              : m.alerts_rearm_price({ percent: rearmPercent })}
          </span>
        </label>
        {error && <Alert tone="error">{error}</Alert>}
        <DialogFormButtons
          busy={create.isPending}
          submitLabel={m.asset_set_alert()}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
