import {
  ALERT_NOTE_MAX_LENGTH,
  ALERT_REARM_MARGIN,
  MAX_ALERT_MOVE_PERCENT,
} from "@ledgerline/contracts/browser";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BellPlus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { notify } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { Modal } from "../ui/Modal";
import { SelectField } from "../ui/SelectField";
import type { AssetConfig } from "./asset-config";

type Condition = "above" | "below" | "move";

const conditionOptions = [
  { value: "above", label: "Price rises to or above" },
  { value: "below", label: "Price falls to or below" },
  { value: "move", label: "Today's move beyond ±%" },
] as const;

const rearmPercent = `${Number(ALERT_REARM_MARGIN) * 100}%`;

/**
 * The one 'Set alert' dialog for stocks and coins: above or below a price (prefilled with the
 * current one) or a daily move beyond ±N%, an optional note, one-shot or re-arming. The server
 * checks the symbol and the value and answers what was wrong.
 */
function SetAlertDialog({
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
  const [condition, setCondition] = useState<Condition>("above");
  const [value, setValue] = useState(price ?? "");
  const [note, setNote] = useState("");
  const [rearm, setRearm] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation(
    trpc.alerts.create.mutationOptions({
      onSuccess: async (alert) => {
        notify.success(
          alert.state === "triggered"
            ? `Alert on ${symbol} set; it has already triggered`
            : `Alert on ${symbol} set`,
        );
        onClose();
        await Promise.all([
          queryClient.invalidateQueries(trpc.alerts.list.pathFilter()),
          queryClient.invalidateQueries(trpc.notifications.list.pathFilter()),
        ]);
      },
      onError: (failure) => setError(errorMessage(failure, "The alert could not be set")),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    create.mutate({
      symbol,
      assetType: asset.kind === "stock" ? "STOCK" : "CRYPTO",
      condition,
      value: value.trim(),
      ...(note.trim() ? { note: note.trim() } : {}),
      repeat: rearm ? "rearm" : "once",
    });
  }

  const move = condition === "move";
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Set alert on ${symbol}`}
      description="You are told in the bell, by a toast while you are here, and by email (at most one an hour per alert)."
    >
      <form onSubmit={submit} className="space-y-4">
        <SelectField
          label="Alert when"
          value={condition}
          options={conditionOptions}
          onChange={(next) => {
            setCondition(next);
            setValue(next === "move" ? "5" : (price ?? ""));
          }}
        />
        <Field
          label={move ? "Move (%)" : "Price (USD)"}
          inputMode="decimal"
          autoComplete="off"
          required
          value={value}
          onChange={(event) => setValue(event.target.value)}
          hint={move ? `Up to ${MAX_ALERT_MOVE_PERCENT}%, either way` : undefined}
        />
        <Field
          label="Note (optional)"
          maxLength={ALERT_NOTE_MAX_LENGTH}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5"
            checked={rearm}
            onChange={(event) => setRearm(event.target.checked)}
          />
          <span>
            Re-arm after the {move ? "move" : "price"} comes back by {rearmPercent} of the value
            (otherwise the alert fires once)
          </span>
        </label>
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending}>
            Set alert
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** A 'Set alert' button and its dialog, for any asset's page or card. */
export function SetAlertButton({
  asset,
  symbol,
  price,
  size,
}: {
  asset: AssetConfig;
  symbol: string;
  price: string | null;
  size?: "sm";
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size={size}
        variant="secondary"
        aria-label={`Set alert on ${symbol}`}
        onClick={() => setOpen(true)}
      >
        <BellPlus aria-hidden="true" className="h-4 w-4" />
        Set alert
      </Button>
      {open && (
        <SetAlertDialog
          asset={asset}
          symbol={symbol}
          price={price}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
